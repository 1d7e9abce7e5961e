import WebAddress

/// What decides a PWABuilder iOS shell's navigations (spec §12a): three constants of the app's
/// `Settings.swift`, filled in by PWABuilder's generator.
public struct PWABuilderConfiguration: Sendable, Hashable {
    /// `rootUrl`: the start URL, as written (the manifest's `start_url`, trailing `/` trimmed); nil
    /// when the configuration does not give it (the decision never reads it).
    public var rootURL: String?
    /// `allowedOrigins` (or the template's older single `allowedOrigin`): the start URL's host, in
    /// the template's form; matched anywhere in a host.
    public var allowedOrigins: [String]
    /// `authOrigins`: one per "Permitted URL", scheme and trailing slash removed (a host, maybe with
    /// a port, path or query); matched anywhere in a host, before `allowedOrigins`.
    public var authOrigins: [String]

    /// A configuration.
    public init(rootURL: String? = nil, allowedOrigins: [String], authOrigins: [String] = []) {
        self.rootURL = rootURL
        self.allowedOrigins = allowedOrigins
        self.authOrigins = authOrigins
    }

    /// The template sets `limitsNavigationsToAppBoundDomains` on its one web view, always.
    public var limitsNavigationsToAppBoundDomains: Bool { true }

    /// The hosts the two lists name, as their author meant (interfaces §6 "bypass"): each entry's
    /// host, before any port, path or query and after any scheme, as the URL Standard reads it
    /// (`bücher.example` is `xn--bcher-kva.example`, `[::1]` and `::1` the same address), with its
    /// subdomains; `*` every host, `*.name` the subdomains of `name`.
    var namedHosts: [NamedHosts] {
        (authOrigins + allowedOrigins).map(Self.named)
    }

    static func named(_ entry: String) -> NamedHosts {
        var authority = NamedHosts.authority(ofEntry: entry)
        authority = authority.prefix { $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var text = String(authority)
        if text == "*" { return .any }
        let wildcard = text.hasPrefix("*.")
        if wildcard { text.removeFirst(2) }
        if text.first == "[", let close = text.firstIndex(of: "]") {
            text = String(text[...close])  // [IPv6], without a port
        } else if text.count(where: { $0 == ":" }) > 1 {
            text = "[\(text)]"  // a bare IPv6 address, as Foundation's host gives it
        } else if let colon = text.firstIndex(of: ":") {
            text = String(text[..<colon])
        }
        guard case .success(let host) = URLHost.parse(text), host != .empty else {
            let name = NamedHosts.normalised(text)
            return name.isEmpty ? .none : .withSubdomains(name)
        }
        switch host {
        case .ipv4, .ipv6: return .exactly(host.description)
        default: return .withSubdomains(NamedHosts.normalised(host.description))
        }
    }
}
