/// A URL exactly as a browser engine parses it: the URL record of the WHATWG URL Standard (§4.1).
///
/// Use it, never Foundation's `URL`, to decide anything about where a URL goes. On Linux, Foundation
/// parses `https://evil.com\@trusted.com/` as host `trusted.com`; every browser loads `evil.com`:
///
///     let url = try WebURL("https://evil.com\\@trusted.com/")
///     url.host        // .domain("evil.com")
///     url.href        // "https://evil.com/@trusted.com/"
public struct WebURL: Hashable, Sendable, CustomStringConvertible {
    /// The URL serializer's output (§4.5): the API's `href`. Every component is a slice of it, so a
    /// parsed URL is one string.
    public let href: String
    /// The port; nil when absent or equal to the scheme's default port (the parser drops `:443` from `https`).
    public let port: UInt16?
    /// Where each component sits in `href`, in UTF-8 bytes.
    let offsets: Offsets
    /// What kind of host the URL has; a domain's or opaque host's text is `href`'s host range.
    let hostKind: HostKind

    struct Offsets: Hashable, Sendable {
        /// The index of the `:` after the scheme.
        var schemeEnd: Int32
        /// Userinfo bounds; all equal when there are no credentials.
        var usernameStart: Int32
        var usernameEnd: Int32
        var passwordEnd: Int32
        /// The host's bounds (brackets included for IPv6); equal when there is no host.
        var hostStart: Int32 = 0
        var hostEnd: Int32 = 0
        /// Where the path starts, after any `/.` the serializer inserted.
        var pathStart: Int32
        /// The index of `?` and of `#`, or -1 when absent.
        var queryStart: Int32
        var fragmentStart: Int32
        var hasOpaquePath: Bool
        /// The scheme is special (http, https, ws, wss, ftp, file).
        var isSpecial = false
    }

    /// The host without its text: the text of a domain or an opaque host is read from `href`.
    /// Plain integers rather than an enum with payloads, so that a `WebURL` is a string and trivial
    /// values, which the compiler copies and destroys without calling generic code.
    struct HostKind: Hashable, Sendable, CustomStringConvertible {
        private let tag: UInt8
        /// An IPv6 address's two words, or an IPv4 address in `low`.
        private let high: UInt64
        private let low: UInt64

        private init(tag: UInt8, high: UInt64 = 0, low: UInt64 = 0) {
            (self.tag, self.high, self.low) = (tag, high, low)
        }

        static let none = HostKind(tag: 0)
        static let empty = HostKind(tag: 1)
        static let domain = HostKind(tag: 2)
        static let opaque = HostKind(tag: 3)
        static func ipv4(_ address: IPv4Address) -> HostKind { HostKind(tag: 4, low: UInt64(address.value)) }
        static func ipv6(_ address: IPv6Address) -> HostKind { HostKind(tag: 5, high: address.high, low: address.low) }

        init(_ host: URLHost?) {
            switch host {
            case nil: self = .none
            case .empty?: self = .empty
            case .domain?: self = .domain
            case .opaque?: self = .opaque
            case .ipv4(let address)?: self = .ipv4(address)
            case .ipv6(let address)?: self = .ipv6(address)
            }
        }

        /// The host, given the text of a domain or opaque host.
        func host(text: @autoclosure () -> String) -> URLHost? {
            switch tag {
            case 1: .empty
            case 2: .domain(text())
            case 3: .opaque(text())
            case 4: .ipv4(IPv4Address(UInt32(truncatingIfNeeded: low)))
            case 5: .ipv6(IPv6Address(high: high, low: low))
            default: nil
            }
        }

        var description: String { host(text: "…").map { "\($0)" } ?? "none" }
    }

    init(href: String, port: UInt16?, offsets: Offsets, hostKind: HostKind) {
        self.href = href
        self.port = port
        self.offsets = offsets
        self.hostKind = hostKind
    }

    /// The scheme, lowercase, without the colon: `https`, `file`, `blob`, `in-app-browser`.
    public var scheme: String { string(0, offsets.schemeEnd) }

    /// The host; nil for URLs such as `mailto:x` or `sc:/path` that have no authority.
    public var host: URLHost? { hostKind.host(text: string(offsets.hostStart, offsets.hostEnd)) }

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

    // Two URLs are equal when they serialize the same; everything else follows from `href`.
    /// Whether the two URLs have the same `href`.
    public static func == (lhs: WebURL, rhs: WebURL) -> Bool { lhs.href == rhs.href }
    /// Hashes `href`, the only thing in which two URLs can differ.
    public func hash(into hasher: inout Hasher) { hasher.combine(href) }

    /// The URL serialized: `href`.
    public var description: String { href }

    // MARK: - Components

    /// The username, percent-encoded; empty when absent.
    public var username: String { string(offsets.usernameStart, offsets.usernameEnd) }

    /// The password, percent-encoded; empty when absent.
    public var password: String {
        offsets.passwordEnd > offsets.usernameEnd ? string(offsets.usernameEnd + 1, offsets.passwordEnd) : ""
    }

    /// The URL path serializer (§4.5), the API's `pathname`: `/a/b` for a list of segments, the
    /// string itself for an opaque path (`mailto:x` → `x`).
    public var pathname: String { string(offsets.pathStart, pathEnd) }

    /// The query, without the `?`; nil when absent, `""` for a bare `?`.
    public var query: String? {
        offsets.queryStart < 0 ? nil : string(offsets.queryStart + 1, queryEnd)
    }

    /// The fragment, without the `#`; nil when absent, `""` for a bare `#`.
    public var fragment: String? {
        offsets.fragmentStart < 0 ? nil : string(offsets.fragmentStart + 1, Int32(href.utf8.count))
    }

    /// Whether the scheme is special: `http`, `https`, `ws`, `wss`, `ftp` or `file`, the schemes with the
    /// standard's special rules.
    public var isSpecial: Bool { offsets.isSpecial }

    /// The default port of a special scheme (`https` → 443, `ftp` → 21); nil for `file` and every
    /// other scheme.
    public static func defaultPort(forScheme scheme: String) -> UInt16? {
        SpecialScheme(scheme)?.defaultPort
    }

    /// True for `mailto:x`, `data:...`, `javascript:...` and other URLs whose path is a single string.
    public var hasOpaquePath: Bool { offsets.hasOpaquePath }

    /// True when the URL carries a username or a password.
    public var includesCredentials: Bool { offsets.passwordEnd > offsets.usernameStart }

    /// The URL serializer (§4.5).
    public func serialized(excludingFragment: Bool) -> String {
        excludingFragment && offsets.fragmentStart >= 0 ? string(0, offsets.fragmentStart) : href
    }

    var queryEnd: Int32 { offsets.fragmentStart >= 0 ? offsets.fragmentStart : Int32(href.utf8.count) }
    var pathEnd: Int32 { offsets.queryStart >= 0 ? offsets.queryStart : queryEnd }

    /// The parts of a URL a pattern can be matched against, as written (percent-encoded).
    public enum Component: Sendable {
        /// The path (`pathname`), the query or the fragment.
        case path, query, fragment
    }

    /// Where a component sits in `href`, in UTF-8 bytes, as written (percent-encoded): the path
    /// (`pathname`), the query without `?`, the fragment without `#`; nil for an absent query or
    /// fragment. Read the bytes in place with `href.utf8.withContiguousStorageIfAvailable`.
    public func utf8Range(of component: Component) -> Range<Int>? {
        switch component {
        case .path: Int(offsets.pathStart)..<Int(pathEnd)
        case .query: offsets.queryStart < 0 ? nil : Int(offsets.queryStart + 1)..<Int(queryEnd)
        case .fragment: offsets.fragmentStart < 0 ? nil : Int(offsets.fragmentStart + 1)..<href.utf8.count
        }
    }

    /// Calls `body` with `href`'s UTF-8 bytes from `start` up to `end`.
    func withBytes<Result>(_ start: Int32, _ end: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let range = Int(start)..<Int(end)
        if let result = href.utf8.withContiguousStorageIfAvailable({ body(UnsafeBufferPointer(rebasing: $0[range])) }) {
            return result
        }
        // Only a bridged string lacks contiguous storage; the parser always makes `href` native.
        return Array(href.utf8).withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// `href` from byte `start` up to `end`, as a new string (no allocation up to 15 bytes).
    func string(_ start: Int32, _ end: Int32) -> String {
        withBytes(start, end) { String(decoding: $0, as: UTF8.self) }
    }

    /// Where the query (after the `?`) and the path sit in `href`, for the parser's copies from a base.
    var queryRange: Range<Int32>? { offsets.queryStart < 0 ? nil : (offsets.queryStart + 1)..<queryEnd }
    var pathnameRange: Range<Int32> { offsets.pathStart..<pathEnd }

    // MARK: - Origin and API

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
    /// The `href` getter: the whole URL, serialized.
    public var href: String
    /// The `origin` getter: the origin's serialization, `null` when it is opaque.
    public var origin: String
    /// The `protocol` getter: the scheme followed by `:`.
    public var `protocol`: String
    /// The `username` getter: percent-encoded, empty when absent.
    public var username: String
    /// The `password` getter: percent-encoded, empty when absent.
    public var password: String
    /// The `host` getter: the host, then `:` and the port when the URL has a port.
    public var host: String
    /// The `hostname` getter: the serialized host (IPv6 in brackets), empty when there is none.
    public var hostname: String
    /// The `port` getter: the port in decimal, empty when absent or the scheme's default.
    public var port: String
    /// The `pathname` getter: the serialized path.
    public var pathname: String
    /// The `search` getter: `?` and the query, empty when the query is absent or empty.
    public var search: String
    /// The `hash` getter: `#` and the fragment, empty when the fragment is absent or empty.
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

/// An origin (HTML §7.5). This value does not carry the identity of an opaque origin, so an opaque
/// origin is never the same as any origin here, itself included (HTML would call an opaque origin
/// the same as itself): a check built on it fails closed.
public enum Origin: Sendable, CustomStringConvertible {
    /// A tuple origin: scheme, host, and port (nil for the scheme's default port).
    case tuple(scheme: String, host: URLHost, port: UInt16?)
    /// An opaque origin, serialized as `null`: never the same as any origin, itself included.
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
        self.init(scheme.utf8)
    }

    /// From a scheme's bytes, lowercase. The bytes (at most five) are packed into one number, so
    /// recognising a scheme is one comparison.
    init?(_ scheme: some Collection<UInt8>) {
        guard scheme.count <= 5 else { return nil }
        var key: UInt64 = 0
        for byte in scheme { key = key << 8 | UInt64(byte) }
        self.init(key: key)
    }

    /// From the bytes of a lowercase scheme of at most five bytes, packed big-endian into a number.
    @inline(__always)
    init?(key: UInt64) {
        switch key {
        case 0x66_74_70: self = .ftp  // "ftp"
        case 0x66_69_6C_65: self = .file  // "file"
        case 0x68_74_74_70: self = .http  // "http"
        case 0x68_74_74_70_73: self = .https  // "https"
        case 0x77_73: self = .ws  // "ws"
        case 0x77_73_73: self = .wss  // "wss"
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
