/// The rule of spec/app-bound-domains.md that produced a decision: a stable code, the section it
/// comes from, and a sentence saying what it means. Every decision of this module carries one.
public struct AppBoundRule: Hashable, Sendable, CustomStringConvertible {
    /// A stable identifier, e.g. `gate.limits.mainFrameNotAppBound`.
    public let code: String
    /// The spec section, e.g. `§3.4`.
    public let section: String
    /// What the rule says, in the platform's terms.
    public let summary: String

    public var description: String { "\(summary) [\(code), \(section)]" }
}

extension AppBoundRule {
    // §3, the navigation gate, in its order.
    public static let browserAllows = AppBoundRule(
        code: "gate.browser", section: "§3.1",
        summary: "the app holds com.apple.developer.web-browser: every navigation is allowed and nothing is marked")
    public static let browserWithProhibitedUsage = AppBoundRule(
        code: "gate.browser.prohibitedUsage", section: "§3.1",
        summary: "a browser that declares a prohibited usage description: allowed, but marked not app-bound, so restricted APIs are blocked on every site")
    public static let featureOff = AppBoundRule(
        code: "gate.featureOff", section: "§3.2",
        summary: "Info.plist has no WKAppBoundDomains: the feature is off, nothing is restricted")
    public static let alwaysAppBound = AppBoundRule(
        code: "gate.alwaysAppBound", section: "§3.3",
        summary: "a main-frame load of local content (about:, data:, blob:, file:, javascript:, localhost, 127.x.x.x, [::1]) is app-bound and forces limitsNavigationsToAppBoundDomains on")
    public static let limitsMainFrameNotAppBound = AppBoundRule(
        code: "gate.limits.mainFrameNotAppBound", section: "§3.4",
        summary: "limitsNavigationsToAppBoundDomains is on and the main frame would leave the app-bound domains: the navigation fails and the page stays")
    public static let limitsSubframeNotAppBound = AppBoundRule(
        code: "gate.limits.subframeNotAppBound", section: "§3.4",
        summary: "limitsNavigationsToAppBoundDomains is on and a subframe loads a domain that is not app-bound: it loads, marked not app-bound")
    public static let limitsAppBound = AppBoundRule(
        code: "gate.limits.appBound", section: "§3.4",
        summary: "limitsNavigationsToAppBoundDomains is on and the destination is app-bound: allowed, marked app-bound")
    public static let restrictedAPIUsedBeforeNavigation = AppBoundRule(
        code: "gate.noLimits.restrictedAPIUsedBeforeNavigation", section: "§3.5, §5",
        summary: "the web view used a restricted API before its first navigation with limits off: every navigation fails from then on")
    public static let noLimitsNotAppBound = AppBoundRule(
        code: "gate.noLimits.markedNotAppBound", section: "§3.5",
        summary: "limitsNavigationsToAppBoundDomains is off: the navigation is allowed and marked not app-bound, even to a listed domain")

    // The app's own navigation delegate, before the gate.
    public static let delegateCancelled = AppBoundRule(
        code: "delegate.cancel", section: "§3",
        summary: "the app's decidePolicyFor navigationAction cancelled: no app-bound check, no error")
    public static let delegateDownload = AppBoundRule(
        code: "delegate.download", section: "§3",
        summary: "the app's decidePolicyFor navigationAction chose download: the page's app-bound state resets to none and it passes")

    // §4, restricted APIs.
    public static let apiAllowedNoState = AppBoundRule(
        code: "api.stateNone", section: "§4",
        summary: "the frame has no app-bound state (feature off, or no navigation yet): restricted APIs work")
    public static let apiAllowedAppBound = AppBoundRule(
        code: "api.appBound", section: "§4",
        summary: "the frame and its ancestors are app-bound: restricted APIs work")
    public static let apiRestricted = AppBoundRule(
        code: "api.restricted", section: "§4",
        summary: "the frame, or an ancestor, was marked not app-bound by its last navigation: restricted APIs are blocked")
    public static let styleSheetJudgedByMainFrame = AppBoundRule(
        code: "api.styleSheet.mainFrame", section: "§4",
        summary: "user style sheets are judged by the main frame's state only")

    // §4, cookies.
    public static let cookieFilteringOff = AppBoundRule(
        code: "cookies.unfiltered", section: "§4",
        summary: "cookie filtering is off: it applies only when WKAppBoundDomains lists a domain and the app is not a browser")
    public static let cookieDomainAppBound = AppBoundRule(
        code: "cookies.appBound", section: "§4",
        summary: "the cookie's domain, reduced to its registrable domain, is listed")
    public static let cookieDomainNotAppBound = AppBoundRule(
        code: "cookies.notAppBound", section: "§4",
        summary: "the cookie's domain is not app-bound: WKHTTPCookieStore drops it from reads and writes")
    public static let cookieDeleteUnfiltered = AppBoundRule(
        code: "cookies.deleteUnfiltered", section: "§4",
        summary: "deleteCookie and delete-all are not filtered")

    // §4, service workers.
    public static let serviceWorkersDisabled = AppBoundRule(
        code: "serviceWorkers.disabled", section: "§4",
        summary: "service workers need com.apple.developer.WebKit.ServiceWorkers, the browser entitlement, or limitsNavigationsToAppBoundDomains")
    public static let serviceWorkerEntitled = AppBoundRule(
        code: "serviceWorkers.entitled", section: "§4",
        summary: "the app holds a service worker or browser entitlement: registrations are allowed")
    public static let serviceWorkerLoopback = AppBoundRule(
        code: "serviceWorkers.loopback", section: "§4",
        summary: "the top origin is localhost or loopback: the registration is allowed")
    public static let serviceWorkerScopeRegistered = AppBoundRule(
        code: "serviceWorkers.scopeRegistered", section: "§4",
        summary: "the scope is already registered: allowed")
    public static let serviceWorkerListedDomain = AppBoundRule(
        code: "serviceWorkers.listedDomain", section: "§4",
        summary: "the top origin's registrable domain is listed and fewer than 3 such registrations exist: allowed")
    public static let serviceWorkerLimit = AppBoundRule(
        code: "serviceWorkers.limit", section: "§4",
        summary: "without an entitlement, at most 3 registrations on listed domains (loopback ones do not count)")
    public static let serviceWorkerNotListed = AppBoundRule(
        code: "serviceWorkers.notListed", section: "§4",
        summary: "without an entitlement, the top origin must be loopback or a listed domain")

    // §7, ITP.
    public static let itpSwitchShown = AppBoundRule(
        code: "itp.switchShown", section: "§7",
        summary: "NSCrossWebsiteTrackingUsageDescription or the browser entitlement shows the \"Allow Cross-Website Tracking\" switch; ITP is on unless the user turned it on")
    public static let itpAlwaysOn = AppBoundRule(
        code: "itp.alwaysOn", section: "§7",
        summary: "no NSCrossWebsiteTrackingUsageDescription and not a browser: ITP is on and no switch is shown")
}
