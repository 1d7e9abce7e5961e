import AppBound

/// A simulated `WKWebsiteDataStore`: cookies and service worker registrations, shared by every web
/// view that uses it.
struct SimulatedDataStore: Sendable {
    var cookies: [Scenario.CookieSpec]
    var serviceWorkers: [ServiceWorkerPolicy.Registration] = []

    /// `domain/name` for each cookie, sorted: the form outcomes report.
    static func names(_ cookies: [Scenario.CookieSpec]) -> [String] {
        cookies.map { "\($0.domain)/\($0.name)" }.sorted()
    }

    /// The same cookie: names are case-sensitive, domains are not (a leading dot still counts).
    static func sameCookie(_ cookie: Scenario.CookieSpec, domain: String, name: String) -> Bool {
        cookie.name == name && cookie.domain.lowercased() == domain.lowercased()
    }

    /// Cookies a request to `host` carries: the host equals the cookie's domain or is a subdomain of
    /// it (RFC 6265 domain-match; a leading dot on the cookie's domain is ignored).
    func cookies(forHost host: String) -> [Scenario.CookieSpec] {
        cookies.filter { cookie in
            let domain = (cookie.domain.hasPrefix(".") ? String(cookie.domain.dropFirst()) : cookie.domain).lowercased()
            return host == domain || host.hasSuffix("." + domain)
        }
    }
}
