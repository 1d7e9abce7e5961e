/// Where a 3xx response pointed. Redirects are reported, never followed.
public struct RedirectTarget: Sendable, Hashable {
    /// The kind of URL in `Location`.
    public enum Kind: Sendable, Hashable {
        /// An absolute `https:` URL.
        case https
        /// An absolute `http:` URL, which a device refuses to follow.
        case http
        /// A relative reference (a path, or `//host/...`), which stays on `https:`.
        case relative
        /// An absolute URL with another scheme.
        case otherScheme(String)
        /// The response carried no `Location`.
        case missing
    }

    /// The `Location` value as the server sent it, or nil when there was none.
    public var location: String?
    /// What kind of URL it is.
    public var kind: Kind

    /// Classifies a `Location` value by its scheme, without a URL parser; nil means none was sent.
    public init(location: String?) {
        self.location = location
        self.kind = Self.classify(location)
    }

    /// Whether following the redirect would stay on TLS.
    public var staysOnHTTPS: Bool {
        switch kind {
        case .https, .relative: return true
        case .http, .otherScheme, .missing: return false
        }
    }

    /// Reads the scheme without a URL parser: a scheme is letters, digits, `+`, `-` and `.`
    /// before the first `:`, starting with a letter (RFC 3986 §3.1); anything else is relative.
    private static func classify(_ location: String?) -> Kind {
        guard let location else { return .missing }
        let text = location.trimmingASCIIWhitespace()
        if text.isEmpty { return .missing }
        let bytes = Array(text.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0 else { return .relative }
        let scheme = bytes[0..<colon]
        let isLetter = { (byte: UInt8) in (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) }
        guard let first = scheme.first, isLetter(first),
            scheme.allSatisfy({
                isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-")
                    || $0 == UInt8(ascii: ".")
            })
        else { return .relative }
        switch asciiLowercased(String(decoding: scheme, as: UTF8.self)) {
        case "https": return .https
        case "http": return .http
        case let other: return .otherScheme(other)
        }
    }
}
