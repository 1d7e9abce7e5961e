import WebAddress

/// A frame's origin as WebKit gives it to the two checks of spec §13c–§13d.
///
/// - `location`: `window.location.origin` in the frame, the origin of the frame's URL (not an
///   inherited one): `scheme://host[:port]` (the default port left out) for a URL with a host,
///   whatever its scheme; `file://` for a file; the inner URL's for `blob:` (one level); `null` otherwise
///   (`about:blank`, `about:srcdoc`, `data:`).
/// - `native`: `WKSecurityOrigin` as flutter_inappwebview rebuilds it, `scheme://host[:port]`, or
///   nil when the scheme or host is empty (opaque origins, files).
struct FrameOrigin: Sendable, Hashable {
    let location: String
    let native: String?

    init(of url: WebURL) {
        if url.scheme == "blob", let inner = try? WebURL(url.pathname), inner.scheme != "blob" {
            // One level only: a blob: URL inside a blob: URL has an opaque origin.
            self.init(of: inner)
        } else if url.scheme == "blob" {
            self.init(location: "null", native: nil)
        } else if url.scheme == "file" {
            self.init(location: "file://", native: nil)
        } else if let host = url.host, !host.description.isEmpty {
            let text = "\(url.scheme)://\(host)" + (url.port.map { ":\($0)" } ?? "")
            self.init(location: text, native: text)
        } else {
            self.init(location: "null", native: nil)
        }
    }

    private init(location: String, native: String?) {
        self.location = location
        self.native = native
    }
}
