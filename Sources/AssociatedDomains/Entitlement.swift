import WebAddress

/// One entry of `com.apple.developer.associated-domains`: `<service>:<domain>[?mode=<modes>]`
/// (spec §1).
public struct AssociatedDomain: Sendable, Hashable, CustomStringConvertible {
    /// A service an entry names, before the colon.
    public enum Service: String, Sendable, Hashable, CaseIterable {
        /// Universal links.
        case applinks
        /// Passwords and passkeys.
        case webcredentials
        /// Handoff.
        case activitycontinuation
        /// App Clips.
        case appclips
        /// Enterprise single sign-on.
        case authsrv
    }

    /// `developer` (a development-signed app on a device opted in) and `managed` (a device under
    /// MDM). Any mode makes the device fetch the file directly instead of from Apple's CDN.
    public enum Mode: String, Sendable, Hashable, CaseIterable, Comparable {
        /// A mode that the entry's `?mode=` names: `developer` or `managed`.
        case developer, managed
        /// Orders modes by name: `developer` before `managed`.
        public static func < (lhs: Mode, rhs: Mode) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The entry as written.
    public let text: String
    /// The service before the colon.
    public let service: Service
    /// The host, lowercase ASCII (punycode for an IDN), without `*.`.
    public let host: String
    /// `*.host`: subdomains at any depth, on a label boundary.
    public let isWildcard: Bool
    /// The port written after the host; nil when none is.
    public let port: Int?
    /// The modes `?mode=` names; empty when none, and then the device fetches through Apple's CDN.
    public let modes: Set<Mode>

    /// Where the device fetches the association file: the host itself, or for `*.example.com` the
    /// base domain `example.com`, with the port.
    public var fileHost: String { host + (port.map { ":\($0)" } ?? "") }

    /// The route a device takes: with any mode, straight to the server; otherwise Apple's CDN.
    public var fetchesDirectly: Bool { !modes.isEmpty }

    /// The entry as written.
    public var description: String { text }

    /// Whether the entry covers `host` (a URL's lowercase ASCII host). A wildcard covers
    /// subdomains at any depth on a label boundary; whether it also covers its base domain is
    /// disputed (spec §1), so `wildcardCoversBaseDomain` says (default: no).
    public func covers(_ host: String, wildcardCoversBaseDomain: Bool = false) -> Bool {
        guard isWildcard else { return host == self.host }
        if host == self.host { return wildcardCoversBaseDomain }
        return host.hasSuffix("." + self.host)
    }
}

/// The entitlement `com.apple.developer.associated-domains`, read and checked (spec §1).
public struct AssociatedDomainsEntitlement: Sendable, Hashable {
    /// Entries a device can use, in order.
    public private(set) var domains: [AssociatedDomain] = []
    /// Everything wrong or worth knowing, with stable codes.
    public private(set) var findings: [Finding] = []

    /// The number of domains above which Apple's guidance says to consolidate.
    public static let recommendedMaximum = 30

    /// Reads the entitlement's values. `isBrowser`: the app holds `com.apple.developer.web-browser`,
    /// whose `applinks` entries are noted (they work, as in any app).
    public init(values: [String], isBrowser: Bool = false) {
        var seen: Set<String> = []
        for (index, text) in values.enumerated() {
            let pointer = "/\(index)"
            guard let domain = read(text, at: pointer, isBrowser: isBrowser) else { continue }
            if !seen.insert("\(domain.service.rawValue):\(domain.isWildcard ? "*." : "")\(domain.fileHost)").inserted {
                findings.append(
                    Finding("entitlement.duplicate", .warning, at: pointer, "\"\(text)\" repeats an earlier entry"))
                continue
            }
            domains.append(domain)
        }
        if domains.count > Self.recommendedMaximum {
            findings.append(
                Finding(
                    "entitlement.tooMany", .warning, at: "",
                    "\(domains.count) domains: Apple's guidance is to keep the list to about 20–30"))
        }
    }

    /// The entries of `service` that cover `host`, longest first: when several match, the longest
    /// one wins (spec §1).
    public func entries(
        for service: AssociatedDomain.Service, covering host: String, wildcardCoversBaseDomain: Bool = false
    )
        -> [AssociatedDomain]
    {
        domains.filter { $0.service == service && $0.covers(host, wildcardCoversBaseDomain: wildcardCoversBaseDomain) }
            .sorted { ($0.host.count, $0.isWildcard ? 0 : 1) > ($1.host.count, $1.isWildcard ? 0 : 1) }
    }

    // MARK: - Reading one entry

    private mutating func read(_ text: String, at pointer: String, isBrowser: Bool) -> AssociatedDomain? {
        func finding(_ code: String, _ severity: Finding.Severity, _ message: String) {
            findings.append(Finding(code, severity, at: pointer, "\"\(text)\": \(message)"))
        }
        guard let colon = text.firstIndex(of: ":") else {
            finding("entitlement.format", .error, "expected <service>:<domain>")
            return nil
        }
        let serviceName = String(text[..<colon])
        guard let service = AssociatedDomain.Service(rawValue: serviceName) else {
            finding(
                "entitlement.service.unknown", .error,
                "unknown service \"\(serviceName)\" (applinks, webcredentials, activitycontinuation, appclips, authsrv)"
            )
            return nil
        }
        if service == .authsrv {
            finding("entitlement.service.authsrv", .note, "authsrv is used for enterprise single sign-on")
        }
        if service == .applinks, isBrowser {
            // Shipping browsers hold both, and the system honours the entry as in any app (D89).
            finding(
                "entitlement.browser.applinks", .note,
                "the app is a browser with applinks: links to this domain opened from other apps go to it, as for any app; claim only pages it handles itself"
            )
        }

        var rest = Substring(text[text.index(after: colon)...])
        var modes: Set<AssociatedDomain.Mode> = []
        if let question = rest.firstIndex(of: "?") {
            let query = rest[rest.index(after: question)...]
            rest = rest[..<question]
            for item in query.split(separator: "&", omittingEmptySubsequences: false) {
                let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, parts[0] == "mode" else {
                    finding("entitlement.query", .error, "only ?mode= may follow the domain, not \"\(item)\"")
                    return nil
                }
                for word in parts[1].split(separator: "+") {
                    if let mode = AssociatedDomain.Mode(rawValue: word.lowercased()) {
                        modes.insert(mode)
                    } else {
                        finding(
                            "entitlement.mode.unknown", .note,
                            "the mode \"\(word)\" is not developer or managed and is ignored")
                    }
                }
            }
        }
        if rest.contains("/") || rest.contains("#") {
            finding(
                "entitlement.path", .error, "an entry is a domain only: no scheme, path, fragment or trailing slash")
            return nil
        }

        // Wildcard, port.
        var isWildcard = false
        if rest.hasPrefix("*.") {
            isWildcard = true
            rest = rest.dropFirst(2)
            if service == .appclips {
                finding("entitlement.wildcard.appclips", .error, "appclips entries cannot use a wildcard")
                return nil
            }
            finding(
                "entitlement.wildcard.baseDomain", .note,
                "*.\(rest) matches subdomains at any depth; whether it also matches \(rest) itself is disputed (WebFence assumes not)"
            )
        }
        var port: Int? = nil
        if let lastColon = rest.lastIndex(of: ":"), !rest.hasPrefix("[") || rest.hasSuffix("]") == false {
            let digits = rest[rest.index(after: lastColon)...]
            guard let value = Int(digits), (1...65535).contains(value) else {
                finding("entitlement.port.invalid", .error, "the port \"\(digits)\" is not a number from 1 to 65535")
                return nil
            }
            port = value
            rest = rest[..<lastColon]
            finding(
                "entitlement.port", .warning, "the port parses, but Apple says universal links with a port do not work")
        }

        // The host.
        var host = String(rest)
        guard !host.isEmpty else {
            finding("entitlement.host.empty", .error, "no domain after the service")
            return nil
        }
        if host.hasPrefix(".") {
            finding("entitlement.host.leadingDot", .error, "a domain cannot start with a dot")
            return nil
        }
        if host.contains("..") {
            finding("entitlement.host.emptyLabel", .error, "a domain cannot contain \"..\"")
            return nil
        }
        if !host.utf8.allSatisfy({ $0 < 0x80 }) {
            guard case .success(let ascii) = UTS46.toASCII(host) else {
                finding("entitlement.host.idna", .error, "the domain is not valid IDNA")
                return nil
            }
            finding(
                "entitlement.host.idn", .warning, "a non-ASCII domain; it is converted to \(ascii), write that instead")
            host = ascii
        }
        if host != host.lowercased() {
            finding("entitlement.host.uppercase", .error, "domains in the entitlement must be lowercase")
            host = host.lowercased()
        }
        guard host.utf8.allSatisfy({ ASCIIHost.isHostByte($0) }) else {
            finding("entitlement.host.characters", .error, "the domain has characters a URL host cannot have")
            return nil
        }
        let parsed = try? URLHost(host)
        switch parsed {
        case .ipv4?, .ipv6?:
            if modes.isEmpty {
                finding("entitlement.host.ipAddress", .error, "an IP address needs a mode (?mode=developer or managed)")
                return nil
            }
        default:
            if host == "localhost" {
                guard modes.contains(.developer) else {
                    finding("entitlement.host.localhost", .error, "localhost needs ?mode=developer")
                    return nil
                }
            } else if !host.contains(".") {
                finding("entitlement.host.noDot", .error, "a domain must contain a dot")
                return nil
            } else if host.hasSuffix("."), host.dropLast().contains(".") == false {
                finding(
                    "entitlement.host.tld", .error,
                    "a domain whose only dot is its last character is a top-level domain")
                return nil
            }
        }
        return AssociatedDomain(
            text: text, service: service, host: host, isWildcard: isWildcard, port: port, modes: modes)
    }
}

/// The bytes an entitlement host may hold: letters, digits, `-`, `.`, and the brackets and colons
/// of an IPv6 literal.
enum ASCIIHost {
    static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ":"),
            UInt8(ascii: "_"):
            true
        default: false
        }
    }
}
