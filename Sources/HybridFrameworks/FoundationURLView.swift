import StrictJSON
import WebAddress

/// How Foundation's `URL`/`NSURL` reports the parts of a URL WebKit already canonicalised: what the
/// frameworks' Swift and Objective-C matchers read (`url.host`, `url.port`, `url.path`).
struct FoundationURLView {
    /// `NSURL.host`: without brackets for IPv6, percent-decoded (a custom scheme's opaque host keeps
    /// WHATWG's escapes; Foundation decodes them), nil for a URL without a host or with an empty one.
    let host: String?
    /// `NSURL.port`: only a port written in the URL (WebKit drops the scheme's default).
    let port: UInt16?
    /// `NSURL.path`: percent-decoded, its trailing slash removed (`/` stays); nil for an opaque path
    /// (`tel:123`) or a path that does not decode to UTF-8.
    let path: String?

    init(_ url: WebURL) {
        host = Self.host(of: url)
        port = url.port
        path = url.hasOpaquePath ? nil : Self.decodedPath(url.pathname)
    }

    /// `NSURL.host` alone, for a matcher that reads nothing else.
    static func host(of url: WebURL) -> String? {
        switch url.host {
        case nil, .empty?: nil
        case .ipv6(let address)?: address.description
        case .opaque(let text)? where text.utf8.contains(UInt8(ascii: "%")):
            // CFURL's percent replacement fails, and so the host is nil, when the bytes are not UTF-8.
            String(validUTF8: PercentEncoding.decode(Array(text.utf8)))
        case let other?: other.description
        }
    }

    private static func decodedPath(_ pathname: String) -> String? {
        let bytes = PercentEncoding.decode(Array(pathname.utf8))
        guard var path = String(validUTF8: bytes) else { return nil }
        if path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
