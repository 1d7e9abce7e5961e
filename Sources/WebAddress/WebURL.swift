/// A URL exactly as a browser engine parses it: the URL record of the WHATWG URL Standard (§4.1).
///
/// Use it, never Foundation's `URL`, to decide anything about where a URL goes. On Linux, Foundation
/// parses `https://evil.com\@trusted.com/` as host `trusted.com`; every browser loads `evil.com`:
///
///     let url = try WebURL("https://evil.com\\@trusted.com/")
///     url.host        // .domain("evil.com")
///     url.href        // "https://evil.com/@trusted.com/"
public struct WebURL: Hashable, Sendable, CustomStringConvertible {
    /// The scheme, lowercase, without the colon: `https`, `file`, `blob`, `in-app-browser`.
    public let scheme: String
    /// Percent-encoded.
    public let username: String
    /// Percent-encoded.
    public let password: String
    /// Nil for URLs such as `mailto:x` or `sc:/path` that have no authority.
    public let host: Host?
    /// Nil when absent or equal to the scheme's default port (the parser drops `:443` from `https`).
    public let port: UInt16?
    public let path: Path
    /// Without the `?`; nil when absent, `""` for a bare `?`.
    public let query: String?
    /// Without the `#`; nil when absent, `""` for a bare `#`.
    public let fragment: String?

    /// A URL's path (§4.1): a list of percent-encoded segments, or one opaque string (`mailto:x`,
    /// `javascript:alert(1)`, `data:text/html,...`).
    public enum Path: Hashable, Sendable {
        case segments([String])
        case opaque(String)
    }

    init(
        scheme: String, username: String, password: String, host: Host?, port: UInt16?, path: Path,
        query: String?, fragment: String?
    ) {
        self.scheme = scheme
        self.username = username
        self.password = password
        self.host = host
        self.port = port
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// Parses `input` as the URL Standard's API does (`new URL(input, base)`), against `base` when given.
    public init(_ input: String, base: WebURL? = nil) throws(URLParseError) {
        self = try URLParser.parse(input, base: base).get()
    }

    /// Parses `input` against the result of parsing `base`, as `new URL(input, base)` does with a
    /// string base: an unparsable base makes the whole parse fail.
    public init(_ input: String, base: String) throws(URLParseError) {
        try self.init(input, base: try WebURL(base))
    }

    /// `new URL(input, base)` with the failure as a value: `base` nil means no base.
    public static func parse(_ input: String, base: String? = nil) -> Result<WebURL, URLParseError> {
        guard let base else { return URLParser.parse(input, base: nil) }
        return URLParser.parse(base, base: nil).flatMap { URLParser.parse(input, base: $0) }
    }

    /// `http`, `https`, `ws`, `wss`, `ftp` and `file`: the schemes with the standard's special rules.
    public var isSpecial: Bool { SpecialScheme(scheme) != nil }

    /// True for `mailto:x`, `data:...`, `javascript:...` and other URLs whose path is a single string.
    public var hasOpaquePath: Bool {
        if case .opaque = path { return true }
        return false
    }

    /// True when the URL carries a username or a password.
    public var includesCredentials: Bool { !username.isEmpty || !password.isEmpty }

    /// The URL serializer (§4.5), the API's `href`.
    public var href: String { serialized(excludingFragment: false) }

    public var description: String { href }

    /// The URL path serializer (§4.5), the API's `pathname`.
    public var pathname: String {
        switch path {
        case .opaque(let string): return string
        case .segments(let segments):
            var output = ""
            for segment in segments {
                output += "/"
                output += segment
            }
            return output
        }
    }

    /// The URL serializer (§4.5).
    public func serialized(excludingFragment: Bool) -> String {
        var output = scheme + ":"
        if let host {
            output += "//"
            if includesCredentials {
                output += username
                if !password.isEmpty { output += ":" + password }
                output += "@"
            }
            output += host.description
            if let port { output += ":\(port)" }
        } else if case .segments(let segments) = path, segments.count > 1, segments[0].isEmpty {
            // Without this, `web+demo:/.//not-a-host/` would reparse with a host.
            output += "/."
        }
        output += pathname
        if let query { output += "?" + query }
        if !excludingFragment, let fragment { output += "#" + fragment }
        return output
    }

    /// The URL's origin (HTML §7.5): a (scheme, host, port) tuple for http(s), ws(s) and ftp, the
    /// origin of the inner URL for `blob:http(s)://`, and opaque for everything else.
    public var origin: Origin {
        switch scheme {
        case "http", "https", "ws", "wss", "ftp":
            guard let host else { return .opaque }
            return .tuple(scheme: scheme, host: host, port: port)
        case "blob":
            guard let inner = try? WebURL(pathname), inner.scheme == "http" || inner.scheme == "https" else {
                return .opaque
            }
            return inner.origin
        default:
            return .opaque
        }
    }

    /// The URL API's getters (§6.1), as the URL test data names them.
    public var apiFields: URLAPIFields {
        let hostname = host?.description ?? ""
        return URLAPIFields(
            href: href,
            origin: origin.description,
            protocol: scheme + ":",
            username: username,
            password: password,
            host: port.map { "\(hostname):\($0)" } ?? hostname,
            hostname: hostname,
            port: port.map(String.init) ?? "",
            pathname: pathname,
            search: query.map { $0.isEmpty ? "" : "?" + $0 } ?? "",
            hash: fragment.map { $0.isEmpty ? "" : "#" + $0 } ?? ""
        )
    }
}

/// The string getters of the URL API (`href`, `origin`, `protocol`, ...), exactly as `new URL()`
/// returns them in a browser.
public struct URLAPIFields: Hashable, Sendable, Codable {
    public var href: String
    public var origin: String
    public var `protocol`: String
    public var username: String
    public var password: String
    public var host: String
    public var hostname: String
    public var port: String
    public var pathname: String
    public var search: String
    public var hash: String

    /// The field names in the order the URL test data and `webfence url parse` list them.
    public static let names = [
        "href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash",
    ]

    /// The value of the field called `name` (one of `names`).
    public subscript(name: String) -> String? {
        switch name {
        case "href": href
        case "origin": origin
        case "protocol": `protocol`
        case "username": username
        case "password": password
        case "host": host
        case "hostname": hostname
        case "port": port
        case "pathname": pathname
        case "search": search
        case "hash": hash
        default: nil
        }
    }
}

/// An origin (HTML §7.5). Opaque origins are never the same as any other origin, themselves included.
public enum Origin: Sendable, CustomStringConvertible {
    case tuple(scheme: String, host: Host, port: UInt16?)
    case opaque

    /// The ASCII serialization: `https://example.com:8443`, or `null` for an opaque origin.
    public var description: String {
        switch self {
        case .opaque: "null"
        case .tuple(let scheme, let host, let port): "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "")
        }
    }

    /// Same origin (HTML §7.5): equal tuples; an opaque origin is never the same as a fresh one.
    public func isSameOrigin(as other: Origin) -> Bool {
        guard case .tuple(let s1, let h1, let p1) = self, case .tuple(let s2, let h2, let p2) = other else {
            return false
        }
        return s1 == s2 && h1 == h2 && p1 == p2
    }
}

/// The special schemes of the URL Standard (§4.1) and their default ports.
enum SpecialScheme {
    case ftp, file, http, https, ws, wss

    init?(_ scheme: String) {
        switch scheme {
        case "ftp": self = .ftp
        case "file": self = .file
        case "http": self = .http
        case "https": self = .https
        case "ws": self = .ws
        case "wss": self = .wss
        default: return nil
        }
    }

    var defaultPort: UInt16? {
        switch self {
        case .ftp: 21
        case .file: nil
        case .http, .ws: 80
        case .https, .wss: 443
        }
    }
}
