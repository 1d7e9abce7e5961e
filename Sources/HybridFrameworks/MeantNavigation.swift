import WebAddress

/// What a framework's configuration meant its web view to load, as rules a WebFence rule set can
/// say (spec/navigation-rules.md): hosts compared label by label on the real host, schemes and
/// ports named, subframes checked, without the matcher's holes. `webfence framework rules` writes
/// it as a rule set, for apps that move the check into their own `decidePolicyFor`.
///
/// A rule set governs network URLs; what it cannot say (the app's own custom-scheme pages, "every
/// host", an intent such as `tel:`) is left to the app's delegate and said in a note.
public struct MeantNavigation: Sendable, Hashable {
    /// One allow rule: a host in the rule language (`=host`, `host` with its subdomains,
    /// `*.host`), its schemes and, when the configuration named one, its port.
    public struct Rule: Sendable, Hashable {
        /// `=app.example.com`, `example.com` or `*.example.com`.
        public let host: String
        /// `https` unless the configuration named others.
        public let schemes: [String]
        /// A port the configuration named; nil for the schemes' defaults.
        public let port: UInt16?
    }

    /// The allow rules, in the configuration's order, without repeats.
    public internal(set) var rules: [Rule] = []
    /// Non-network URLs to allow (`about:blank`, `data:`), as `allowSchemes` names them.
    public internal(set) var nonNetworkURLs: [String] = []
    /// Whether the framework hands URLs it does not load to the system (the rule set's
    /// `otherwise: openExternally`), rather than cancelling them.
    public internal(set) var othersOpenExternally = false
    /// What the translation changed or could not carry over, one sentence each.
    public internal(set) var notes: [String] = []

    /// What `policy`'s configuration meant.
    public init(_ policy: FrameworkPolicy) {
        policy.definition.addMeant(to: &self)
    }

    // MARK: Rules, for the frameworks' translations

    mutating func addHost(_ named: NamedHosts, text: String, schemes: [String], port: UInt16?, place: String) {
        switch named {
        case .any: notes.append("\(place) names every host; a rule set names hosts: list the sites the app visits")
        case .none: notes.append("\(place) names no host")
        case .exactly(let host): addRule(host, prefix: "=", schemes: schemes, port: port, place: place)
        case .withSubdomains(let host):
            addRule(host, prefix: text.hasPrefix("*.") ? "*." : "", schemes: schemes, port: port, place: place)
        case .labelGlob(let glob):
            let suffix = glob.split(separator: "*").last.map { String($0.drop { $0 == "." }) } ?? ""
            guard suffix.contains(".") else {
                notes.append("\(place): a wildcard inside a label cannot be a rule; name the hosts")
                return
            }
            notes.append("\(place): a wildcard inside the name becomes every subdomain of \(suffix)")
            addRule(suffix, prefix: "*.", schemes: schemes, port: port, place: place)
        }
    }

    /// A rule for `host`, when it is a host a rule can name: a domain or an address, as the URL
    /// Standard reads it (so `bücher.example` becomes its ASCII form).
    mutating func addRule(_ host: String, prefix: String, schemes: [String], port: UInt16?, place: String) {
        // Scalars, not Characters: "*" followed by a combining mark is one Character.
        guard !host.unicodeScalars.contains("*"), case .success(let parsed) = URLHost.parse(host), parsed != .empty,
            !parsed.description.unicodeScalars.contains("*")
        else {
            notes.append("\(place): \"\(host)\" is not a host a rule can name")
            return
        }
        switch parsed {
        case .opaque, .empty:
            notes.append("\(place): \"\(host)\" is not a host a rule can name")
        case .ipv4, .ipv6:
            // An address rule is the address alone: it has no subdomains to include or leave out.
            addRule(host: parsed.description, schemes: schemes, port: port)
        case .domain(let name):
            let domain = name.hasSuffix(".") ? String(name.dropLast()) : name
            if domain == "localhost" || domain.hasSuffix(".localhost") || !domain.contains(".") {
                notes.append(
                    "\(place): \(domain) is a development address (the device itself, or a name only a local network resolves), which a rule set for the shipped app does not name: left out"
                )
                return
            }
            addRule(host: prefix + domain, schemes: schemes, port: port)
        }
    }

    mutating func addRule(host: String, schemes: [String], port: UInt16?) {
        let rule = Rule(host: host, schemes: schemes, port: port)
        if !rules.contains(rule) { rules.append(rule) }
    }

    /// The authority an entry names: after `scheme:` and its slashes, before the path.
    static func hostPart(_ entry: String) -> String {
        var rest = Substring(entry)
        if let colon = rest.firstIndex(of: ":"), rest[rest.index(after: colon)...].hasPrefix("//") {
            rest = rest[rest.index(colon, offsetBy: 3)...]
        } else if let colon = rest.firstIndex(of: ":"), !(rest[rest.index(after: colon)...].first?.isNumber ?? true) {
            rest = rest[rest.index(after: colon)...]
        }
        return String(rest.prefix { $0 != "/" })
    }
}
