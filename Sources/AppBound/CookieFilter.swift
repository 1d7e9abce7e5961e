import WebAddress

/// `WKHTTPCookieStore` filtering (§4): per data store, whatever the web views' limits; active only
/// when the list names at least one domain and the app is not a browser. Reads and `setCookie`
/// drop cookies whose domain is not app-bound; deletes are not filtered.
public struct CookieFilter: Sendable {
    /// The app whose data store filters.
    public let app: AppBoundApp

    /// The cookie filter of `app`'s data store.
    public init(app: AppBoundApp) {
        self.app = app
    }

    /// Whether the store filters at all.
    public var isActive: Bool { !app.isBrowser && !(app.domains?.domains.isEmpty ?? true) }

    /// Whether a cookie passes the filter, and the rule that said so.
    public struct Admission: Sendable, Hashable {
        /// Whether the cookie passes.
        public let admitted: Bool
        /// The rule that decided.
        public let rule: AppBoundRule
    }

    /// Whether a cookie with `domain` (a leading dot is fine) passes, and why. The domain is read as
    /// a host (lowercased, IDNA to ASCII) and reduced to its registrable domain; a domain that is
    /// not a valid host never matches a listed one.
    public func admits(cookieDomain domain: String) -> Admission {
        guard isActive, let domains = app.domains else { return Admission(admitted: true, rule: .cookieFilteringOff) }
        let name = domain.hasPrefix(".") ? String(domain.dropFirst()) : domain
        guard let host = try? URLHost(name), domains.containsRegistrableDomain(of: host) else {
            return Admission(admitted: false, rule: .cookieDomainNotAppBound)
        }
        return Admission(admitted: true, rule: .cookieDomainAppBound)
    }
}
