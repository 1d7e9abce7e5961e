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

    /// `rootUrl`'s host as Foundation reports it (case kept, no port), when it has one.
    public var rootHost: String? { rootURL.flatMap(HotwireConfiguration.foundationHost(of:)) }

    /// The hosts the two lists name, as their author meant: each entry's host (before any port,
    /// path or query) and its subdomains (interfaces §6 "bypass"); an IPv6 address names itself.
    var namedHosts: [NamedHosts] {
        (authOrigins + allowedOrigins).map { entry in
            let host = entry.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            if host.count(where: { $0 == ":" }) > 1 { return .exactly("[\(host.lowercased())]") }
            let withoutPort = host.firstIndex(of: ":").map { host[..<$0] } ?? host
            let text = NamedHosts.normalised(String(withoutPort))
            return text.isEmpty ? .none : .withSubdomains(text)
        }
    }
}
