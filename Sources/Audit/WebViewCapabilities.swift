import AppBound

/// What a web view of the app may do, in each of the two configurations an app chooses between:
/// the default one, and `limitsNavigationsToAppBoundDomains = true` (spec/app-bound-domains.md
/// §2–§5). Each answer carries the rule that gives it.
public struct WebViewCapabilities: Sendable, Hashable {
    /// The two configurations an app chooses between.
    public enum Configuration: String, Sendable, Hashable, CaseIterable {
        /// `WKWebViewConfiguration()` as it comes.
        case `default`
        /// `configuration.limitsNavigationsToAppBoundDomains = true`.
        case limitsNavigationsToAppBoundDomains
    }

    /// One capability and the answer for this configuration.
    public struct Capability: Sendable, Hashable {
        /// `navigation`, `restrictedAPIs` (evaluateJavaScript, user scripts, user style sheets,
        /// message handlers), `cookies`, `serviceWorkers`.
        public let name: String
        /// The answer, for people: "allowed", "only app-bound domains", ...
        public let answer: String
        /// The rule that gives the answer.
        public let rule: AppBoundRule
    }

    /// The configuration these answers are for.
    public let configuration: Configuration
    /// Each capability and its answer.
    public let capabilities: [Capability]

    /// Both configurations for `app`. `listUnreadable`: Info.plist's `WKAppBoundDomains` is not an
    /// array of strings, so the app crashes before any web view exists.
    public static func all(for app: AppBoundApp, listUnreadable: Bool = false) -> [WebViewCapabilities] {
        Configuration.allCases.map { configuration in
            guard !listUnreadable else {
                let none = "nothing: the app crashes making its first web view"
                return WebViewCapabilities(
                    configuration: configuration,
                    capabilities: ["navigation", "restrictedAPIs", "cookies", "serviceWorkers"].map {
                        Capability(name: $0, answer: none, rule: .listUnreadable)
                    })
            }
            return WebViewCapabilities(configuration: configuration, capabilities: capabilities(app, configuration))
        }
    }

    private static func capabilities(_ app: AppBoundApp, _ configuration: Configuration) -> [Capability] {
        let limits = configuration == .limitsNavigationsToAppBoundDomains
        let cookies =
            CookieFilter(app: app).isActive
            ? Capability(
                name: "cookies",
                answer: "only cookies of listed domains can be set or read, in every web view of the data store",
                rule: .cookieDomainNotAppBound)
            : Capability(name: "cookies", answer: "set and read on every domain", rule: .cookieFilteringOff)
        let serviceWorkers: Capability
        if app.hasServiceWorkersEntitlement || app.isBrowser {
            serviceWorkers = Capability(
                name: "serviceWorkers", answer: "enabled on every site", rule: .serviceWorkerEntitled)
        } else if limits, !(app.domains?.domains.isEmpty ?? true) {
            serviceWorkers = Capability(
                name: "serviceWorkers",
                answer:
                    "on listed domains (\(ServiceWorkerPolicy.listedDomainLimit) registrations at most) and loopback pages",
                rule: .serviceWorkerListedDomain)
        } else if limits {
            serviceWorkers = Capability(
                name: "serviceWorkers", answer: "on loopback pages only (no domain is listed)",
                rule: .serviceWorkerLoopback)
        } else {
            serviceWorkers = Capability(name: "serviceWorkers", answer: "disabled", rule: .serviceWorkersDisabled)
        }
        if app.isBrowser {
            let prohibited = !app.prohibitedUsageDescriptions.isEmpty
            return [
                Capability(
                    name: "navigation", answer: "any site",
                    rule: prohibited ? .browserWithProhibitedUsage : .browserAllows),
                prohibited
                    ? Capability(
                        name: "restrictedAPIs", answer: "blocked on every site (JavaScript fails with error 14)",
                        rule: .browserWithProhibitedUsage)
                    : Capability(name: "restrictedAPIs", answer: "allowed on every site", rule: .browserAllows),
                cookies, serviceWorkers,
            ]
        }
        guard let domains = app.domains else {
            return [
                Capability(name: "navigation", answer: "any site", rule: .featureOff),
                Capability(name: "restrictedAPIs", answer: "allowed on every site", rule: .featureOff),
                cookies, serviceWorkers,
            ]
        }
        guard limits else {
            return [
                Capability(
                    name: "navigation",
                    answer:
                        "any site, but every page is marked not app-bound, listed or not; a main-frame load of local content (file:, data:, about:, blob:, localhost, loadHTMLString) turns limits on for the web view's life",
                    rule: .noLimitsNotAppBound),
                Capability(
                    name: "restrictedAPIs",
                    answer:
                        "blocked after the first navigation (JavaScript fails with error 14); used before it, every later navigation fails with error 13",
                    rule: .apiRestricted),
                cookies, serviceWorkers,
            ]
        }
        let listed = (domains.domains + domains.schemes.map { $0 + ":" })
        let places = listed.isEmpty ? "local content only" : listed.joined(separator: ", ") + " and local content"
        return [
            Capability(
                name: "navigation",
                answer:
                    "\(places) (file:, data:, about:, blob:, localhost); any other main-frame load fails with error 13",
                rule: .limitsMainFrameNotAppBound),
            Capability(
                name: "restrictedAPIs", answer: "allowed on \(places); blocked in frames from other sites",
                rule: .apiAllowedAppBound),
            cookies, serviceWorkers,
        ]
    }
}
