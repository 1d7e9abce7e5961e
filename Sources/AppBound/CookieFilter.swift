import WebAddress

/// `WKHTTPCookieStore` filtering (§4): per data store, whatever the web views' limits; active only
/// when the list names at least one domain and the app is not a browser. Reads and `setCookie`
/// drop cookies whose domain is not app-bound; deletes are not filtered.
public struct CookieFilter: Sendable {
    public let app: AppBoundApp

    public init(app: AppBoundApp) {
        self.app = app
    }

    /// Whether the store filters at all.
    public var isActive: Bool { !app.isBrowser && !(app.domains?.domains.isEmpty ?? true) }

    /// Whether a cookie with `domain` (a leading dot is fine) passes, and why.
    public func admits(cookieDomain domain: String) -> (Bool, AppBoundRule) {
        guard isActive, let domains = app.domains else { return (true, .cookieFilteringOff) }
        let name = domain.hasPrefix(".") ? String(domain.dropFirst()) : domain
        let reduced = PublicSuffixList.bundled.registrableDomain(of: name) ?? name.lowercased()
        return domains.containsDomain(reduced) ? (true, .cookieDomainAppBound) : (false, .cookieDomainNotAppBound)
    }
}
