import WebAddress

/// One allow or deny rule of a rule set, as loaded: its host pattern and the schemes, ports and
/// path prefixes it is narrowed to.
public struct NavigationRule: Sendable, Hashable, CustomStringConvertible {
    /// Which list a rule is in: `allow` or `deny`.
    public enum List: String, Sendable, Hashable {
        /// An allow rule, or a deny rule: an exception, which wins over every allow rule.
        case allow, deny
    }

    /// The list the rule is in.
    public let list: List
    /// Where it is in the file, e.g. `/allow/3`.
    public let pointer: String
    /// The hosts the rule names.
    public let host: HostPattern
    /// The schemes it applies to. Allow rules default to `https` alone; deny rules to every scheme
    /// a host rule can name, so that an exception is never narrower than what it excepts (D40).
    public let schemes: SchemeSet
    /// Ports; nil means the scheme's default port for an allow rule and any port for a deny rule.
    public let ports: [UInt16]?
    /// Path prefixes; nil means every path. A prefix ending in `/` matches paths that start with
    /// it; any other prefix matches itself and the paths below it (`/v1` matches `/v1` and
    /// `/v1/x`, never `/v10`), the label-boundary rule applied to segments (D41).
    public let paths: [String]?

    /// The rule in the file's syntax: its host text alone when it has no narrowing fields. Made
    /// once, as every decision the rule takes carries it.
    public let description: String

    /// A rule from its fields; its `description` is made from them.
    public init(list: List, pointer: String, host: HostPattern, schemes: SchemeSet, ports: [UInt16]?, paths: [String]?)
    {
        self.list = list
        self.pointer = pointer
        self.host = host
        self.schemes = schemes
        self.ports = ports
        self.paths = paths
        let defaultSchemes: SchemeSet = list == .allow ? .https : .all
        if schemes == defaultSchemes, ports == nil, paths == nil {
            description = host.description
        } else {
            var parts = ["host \(host)"]
            if schemes != defaultSchemes { parts.append("schemes \(schemes)") }
            if let ports { parts.append("ports \(ports.map(String.init).joined(separator: ","))") }
            if let paths { parts.append("paths \(paths.joined(separator: ","))") }
            description = parts.joined(separator: ", ")
        }
    }

    // MARK: - Matching a URL whose host matched

    /// Why a URL whose host the rule names still does not match it; nil when it matches.
    func mismatch(_ url: WebURL) -> String? {
        guard let scheme = SchemeSet(scheme: url.scheme), schemes.contains(scheme) else {
            return "the scheme is \(url.scheme), the rule allows \(schemes)"
        }
        let defaultPort = WebURL.defaultPort(forScheme: url.scheme)
        if let ports {
            let port = url.port ?? defaultPort ?? 0
            guard ports.contains(port) else {
                return "the port is \(port), the rule allows \(ports.map(String.init).joined(separator: ", "))"
            }
        } else if list == .allow, let port = url.port {
            return
                "the port is \(port), the rule allows only \(url.scheme)'s default port \(defaultPort.map(String.init) ?? "")"
        }
        if let paths {
            guard let range = url.utf8Range(of: .path) else { return "the URL has no path" }
            let matched = url.href.utf8.withContiguousStorageIfAvailable { bytes in
                let path = UnsafeBufferPointer(rebasing: bytes[range])
                // An allow rule admits only what is plainly under its prefix; an exception covers
                // whatever a lenient server could read as under it (D41).
                return paths.contains {
                    list == .allow ? PathPrefix.admits(path, prefix: $0) : PathPrefix.covers(path, prefix: $0)
                }
            }
            guard matched == true else { return "the path is not under \(paths.joined(separator: " or "))" }
        }
        return nil
    }
}

/// The schemes a host rule can name: the network schemes whose URLs always have a host that the
/// URL parser normalises. Any other scheme is named as a whole in `allowSchemes`.
public struct SchemeSet: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The members' bits.
    public let rawValue: UInt8
    /// The set whose bits are `rawValue`.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The `http` scheme.
    public static let http = SchemeSet(rawValue: 1)
    /// The `https` scheme.
    public static let https = SchemeSet(rawValue: 2)
    /// The `ws` scheme.
    public static let ws = SchemeSet(rawValue: 4)
    /// The `wss` scheme.
    public static let wss = SchemeSet(rawValue: 8)
    /// Every scheme a host rule can name: `http`, `https`, `ws` and `wss`.
    public static let all: SchemeSet = [.http, .https, .ws, .wss]

    static let names: [(String, SchemeSet)] = [("http", .http), ("https", .https), ("ws", .ws), ("wss", .wss)]

    /// The member for a URL's scheme; nil for every other scheme.
    public init?(scheme: String) {
        switch scheme {
        case "https": self = .https
        case "http": self = .http
        case "wss": self = .wss
        case "ws": self = .ws
        default: return nil
        }
    }

    /// The members' names, separated by commas, in the order http, https, ws, wss.
    public var description: String {
        Self.names.filter { contains($0.1) }.map(\.0).joined(separator: ", ")
    }
}
