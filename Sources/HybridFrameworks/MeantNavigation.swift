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
    public private(set) var rules: [Rule] = []
    /// Non-network URLs to allow (`about:blank`, `data:`), as `allowSchemes` names them.
    public private(set) var nonNetworkURLs: [String] = []
    /// Whether the framework hands URLs it does not load to the system (the rule set's
    /// `otherwise: openExternally`), rather than cancelling them.
    public private(set) var othersOpenExternally = false
    /// What the translation changed or could not carry over, one sentence each.
    public private(set) var notes: [String] = []

    /// What `policy`'s configuration meant.
    public init(_ policy: FrameworkPolicy) {
        switch policy {
        case .capacitor(let capacitor): translate(capacitor.configuration)
        case .cordovaIOS(let cordova): translate(cordova.configuration)
        case .reactNativeWebView(let reactNative): translate(reactNative.configuration)
        case .hotwireNative(let hotwire): translate(hotwire.configuration)
        case .pwabuilder(let shell): translate(shell.configuration)
        }
    }

    // MARK: Capacitor

    private mutating func translate(_ configuration: CapacitorConfiguration) {
        for (index, pattern) in configuration.allowNavigation.enumerated() {
            let place = "server.allowNavigation[\(index)] \"\(pattern)\""
            if pattern == "*" {
                notes.append("\(place) allows every host; a rule set names hosts: list the sites the app visits")
                continue
            }
            if pattern.contains(":") || pattern.contains("/") {
                notes.append(
                    "\(place) never matches in Capacitor (a pattern is a host, no scheme, port or path); its host is kept"
                )
            }
            addHost(
                NamedHosts(entry: pattern), text: Self.hostPart(pattern), schemes: ["https"], port: nil, place: place)
        }
        if let server = configuration.serverURL {
            if case .success(let url) = WebURL.parse(server), let host = url.host,
                ["http", "https"].contains(url.scheme)
            {
                addRule(host.description, prefix: "=", schemes: [url.scheme], port: url.port, place: "server.url")
                notes.append(
                    "server.url \"\(server)\": only its own host, where Capacitor admitted every URL starting with the text"
                )
            } else {
                notes.append("server.url \"\(server)\" is not an http(s) URL: let your delegate allow it")
            }
        }
        notes.append(
            "\(configuration.localURL)/ (the bundled app) is not a network URL: let your delegate allow URLs starting with \(configuration.localURL)/ before it asks the rule set"
        )
        notes.append("Capacitor loads every subframe; under this rule set, iframes of hosts not listed are cancelled")
        othersOpenExternally = true
    }

    // MARK: Cordova

    private mutating func translate(_ configuration: CordovaConfiguration) {
        for (index, href) in configuration.allowNavigation.enumerated() {
            let place = "<allow-navigation>[\(index)] \"\(href)\""
            addCordovaEntry(href, place: place)
        }
        if let appURL = configuration.appURL {
            notes.append(
                "\(appURL)/ (the app's files) is not a network URL: let your delegate allow it before it asks the rule set"
            )
        }
        let intentPolicy = CordovaPolicy(
            .init(version: configuration.version, allowNavigation: [], allowIntent: configuration.allowIntent))
        let opensWeb = ["https://example.invalid/", "http://example.invalid/"].contains { text in
            guard case .success(let url) = WebURL.parse(text) else { return false }
            return intentPolicy.decide(.init(url: url)).action == .openExternally
        }
        othersOpenExternally = opensWeb
        let otherIntents = configuration.allowIntent.filter { !$0.hasPrefix("http") }
        if !otherIntents.isEmpty {
            notes.append(
                "intents \(otherIntents.joined(separator: ", ")): hand them to UIApplication.open in your delegate")
        }
    }

    private mutating func addCordovaEntry(_ href: String, place: String) {
        if href == "*" {
            notes.append(
                "\(place) allows every URL of every scheme; a rule set names hosts: list the sites the app visits")
            return
        }
        let entry = CordovaAllowListEntry(href, version: .v8)
        let scheme = href.firstIndex(of: ":").map { String(href[..<$0]).lowercased() }
        let schemes: [String]
        switch entry.scheme?.lowercased() ?? (scheme.flatMap { ["http", "https"].contains($0) ? $0 : nil }) {
        case nil: schemes = ["http", "https"]
        case "*"?: schemes = ["https"]
        case let name? where ["http", "https", "ws", "wss"].contains(name): schemes = [name]
        case "about"?:
            nonNetworkURLs += ["about:blank", "about:srcdoc"]
            return
        case "data"?, "blob"?:
            nonNetworkURLs.append("\(entry.scheme!):")
            return
        case let name?:
            notes.append("\(place): \(name): URLs are not network URLs: let your delegate decide them")
            return
        }
        let port = entry.port.flatMap { UInt16($0) }
        addHost(NamedHosts(entry: href), text: Self.hostPart(href), schemes: schemes, port: port, place: place)
    }

    // MARK: react-native-webview

    private mutating func translate(_ configuration: ReactNativeWebViewConfiguration) {
        nonNetworkURLs.append("about:blank")
        guard let whitelist = configuration.originWhitelist else {
            notes.append("the default originWhitelist admits every http and https site: set one that names your hosts")
            othersOpenExternally = true
            return
        }
        for (index, entry) in whitelist.enumerated() {
            let place = "originWhitelist[\(index)] \"\(entry)\""
            let scheme = entry.firstIndex(of: ":").map { String(entry[..<$0]) }
            guard let scheme, ["http", "https", "ws", "wss"].contains(scheme) else {
                notes.append("\(place): not an http(s) origin: let your delegate decide such URLs")
                continue
            }
            let hostText = Self.hostPart(entry)
            let port = hostText.split(separator: ":").dropFirst().first.flatMap { UInt16($0) }
            addHost(NamedHosts(entry: entry), text: hostText, schemes: [scheme], port: port, place: place)
        }
        othersOpenExternally = true
    }

    // MARK: Hotwire Native

    private mutating func translate(_ configuration: HotwireConfiguration) {
        guard case .success(let url) = WebURL.parse(configuration.startLocation), let host = url.host,
            ["http", "https"].contains(url.scheme)
        else {
            notes.append("startLocation \"\(configuration.startLocation)\" is not an http(s) URL: nothing to allow")
            return
        }
        addRule(host.description, prefix: "=", schemes: [url.scheme], port: url.port, place: "startLocation")
        notes.append(
            "Hotwire loads form submissions, back/forward and subframes to any host; under this rule set they are checked too"
        )
        othersOpenExternally = true
    }

    // MARK: PWABuilder

    private mutating func translate(_ configuration: PWABuilderConfiguration) {
        nonNetworkURLs.append("about:blank")
        let scheme = configuration.rootURL.flatMap { $0.lowercased().hasPrefix("http:") ? "http" : nil } ?? "https"
        let lists = [("authOrigins", configuration.authOrigins), ("allowedOrigins", configuration.allowedOrigins)]
        for (name, entries) in lists {
            for (index, entry) in entries.enumerated() {
                let place = "\(name)[\(index)] \"\(entry)\""
                let hostAndPort = entry.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
                if hostAndPort.count < entry.count {
                    notes.append(
                        "\(place) never occurs in a host (it has a path or query); the rule allows its host \(hostAndPort)"
                    )
                }
                // The hosts the entry names, as the bypass flag reads them; a port only after a host.
                let parts = NamedHosts.authority(ofEntry: entry).split(separator: ":")
                let port = parts.count == 2 ? UInt16(parts[1]) : nil
                addHost(
                    PWABuilderConfiguration.named(entry), text: String(parts.first ?? ""), schemes: [scheme],
                    port: port, place: place)
            }
        }
        notes.append(
            "the shell allowed any host to a page-initiated navigation (script, redirect, iframe); under this rule set those are checked too"
        )
        notes.append("tel: and mailto: links: hand them to UIApplication.open in your delegate")
        othersOpenExternally = true
    }

    // MARK: Rules

    private mutating func addHost(_ named: NamedHosts, text: String, schemes: [String], port: UInt16?, place: String) {
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
    private mutating func addRule(_ host: String, prefix: String, schemes: [String], port: UInt16?, place: String) {
        // Scalars, not Characters: "*" followed by a combining mark is one Character.
        guard !host.unicodeScalars.contains("*"), case .success(let parsed) = URLHost.parse(host), parsed != .empty,
            !parsed.description.unicodeScalars.contains("*")
        else {
            notes.append("\(place): \"\(host)\" is not a host a rule can name")
            return
        }
        if case .opaque = parsed {
            notes.append("\(place): \"\(host)\" is not a host a rule can name")
            return
        }
        addRule(host: prefix + parsed.description, schemes: schemes, port: port)
    }

    private mutating func addRule(host: String, schemes: [String], port: UInt16?) {
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
