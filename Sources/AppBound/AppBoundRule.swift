/// The rule of spec/app-bound-domains.md that produced a decision: a stable code, the section it
/// comes from, and a sentence saying what it means. Every decision of this module carries one.
/// An enum, so that passing a decision around costs nothing on the navigation path.
public enum AppBoundRule: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A browser: every navigation is allowed and nothing is marked.
    case browserAllows = "gate.browser"
    /// A browser that declares a prohibited usage description: allowed, marked not app-bound.
    case browserWithProhibitedUsage = "gate.browser.prohibitedUsage"
    /// Info.plist has no `WKAppBoundDomains`: the feature is off.
    case featureOff = "gate.featureOff"
    /// A main-frame load of local content: app-bound, and it forces the limits on.
    case alwaysAppBound = "gate.alwaysAppBound"
    /// Limits on and the main frame would leave the app-bound domains: the navigation fails.
    case limitsMainFrameNotAppBound = "gate.limits.mainFrameNotAppBound"
    /// Limits on and a subframe loads a domain that is not app-bound: it loads, marked so.
    case limitsSubframeNotAppBound = "gate.limits.subframeNotAppBound"
    /// Limits on and the destination is app-bound: allowed, marked app-bound.
    case limitsAppBound = "gate.limits.appBound"
    /// A restricted API ran before the first navigation with limits off: every navigation fails.
    case restrictedAPIUsedBeforeNavigation = "gate.noLimits.restrictedAPIUsedBeforeNavigation"
    /// Limits off: allowed and marked not app-bound, even to a listed domain.
    case noLimitsNotAppBound = "gate.noLimits.markedNotAppBound"
    /// The app's navigation delegate cancelled: no app-bound check, no error.
    case delegateCancelled = "delegate.cancel"
    /// The app's navigation delegate chose download: the frame's app-bound state resets to none.
    case delegateDownload = "delegate.download"
    /// The frame has no app-bound state: restricted APIs work.
    case apiAllowedNoState = "api.stateNone"
    /// The frame and its ancestors are app-bound: restricted APIs work.
    case apiAllowedAppBound = "api.appBound"
    /// The frame or an ancestor is marked not app-bound: restricted APIs are blocked.
    case apiRestricted = "api.restricted"
    /// User style sheets are judged by the main frame's state alone.
    case styleSheetJudgedByMainFrame = "api.styleSheet.mainFrame"
    /// Cookie filtering is off: the list names no domain, or the app is a browser.
    case cookieFilteringOff = "cookies.unfiltered"
    /// The cookie's registrable domain is listed: the cookie passes.
    case cookieDomainAppBound = "cookies.appBound"
    /// The cookie's domain is not app-bound: the store drops it from reads and writes.
    case cookieDomainNotAppBound = "cookies.notAppBound"
    /// Deleting cookies is not filtered.
    case cookieDeleteUnfiltered = "cookies.deleteUnfiltered"
    /// Service workers are disabled: no entitlement and limits off.
    case serviceWorkersDisabled = "serviceWorkers.disabled"
    /// The app holds a service worker or browser entitlement: registration is allowed.
    case serviceWorkerEntitled = "serviceWorkers.entitled"
    /// The top origin is localhost or loopback: registration is allowed.
    case serviceWorkerLoopback = "serviceWorkers.loopback"
    /// The scope is already registered: allowed.
    case serviceWorkerScopeRegistered = "serviceWorkers.scopeRegistered"
    /// The top origin's registrable domain is listed and under the limit: allowed.
    case serviceWorkerListedDomain = "serviceWorkers.listedDomain"
    /// Three registrations on listed domains already exist: refused.
    case serviceWorkerLimit = "serviceWorkers.limit"
    /// The top origin is neither loopback nor on a listed domain: refused.
    case serviceWorkerNotListed = "serviceWorkers.notListed"
    /// The scope is not http or https (a `capacitor://` or `app://` page): the page's `register`
    /// fails with a TypeError before any App-Bound rule.
    case serviceWorkerNotHTTP = "serviceWorkers.notHTTP"
    /// The app shows the "Allow Cross-Website Tracking" switch; ITP is on unless the user allows tracking.
    case itpSwitchShown = "itp.switchShown"
    /// No switch is shown: ITP is always on.
    case itpAlwaysOn = "itp.alwaysOn"
    /// `WKAppBoundDomains` is not an array of strings: the engine crashes reading it.
    case listUnreadable = "list.unreadable"

    /// A stable identifier, e.g. `gate.limits.mainFrameNotAppBound`.
    public var code: String { rawValue }

    /// The spec section, e.g. `§3.4`.
    public var section: String {
        switch self {
        case .browserAllows: "§3.1"
        case .browserWithProhibitedUsage: "§3.1"
        case .featureOff: "§3.2"
        case .alwaysAppBound: "§3.3"
        case .limitsMainFrameNotAppBound: "§3.4"
        case .limitsSubframeNotAppBound: "§3.4"
        case .limitsAppBound: "§3.4"
        case .restrictedAPIUsedBeforeNavigation: "§3.5, §5"
        case .noLimitsNotAppBound: "§3.5"
        case .delegateCancelled: "§3"
        case .delegateDownload: "§3"
        case .apiAllowedNoState: "§4"
        case .apiAllowedAppBound: "§4"
        case .apiRestricted: "§4"
        case .styleSheetJudgedByMainFrame: "§4"
        case .cookieFilteringOff: "§4"
        case .cookieDomainAppBound: "§4"
        case .cookieDomainNotAppBound: "§4"
        case .cookieDeleteUnfiltered: "§4"
        case .serviceWorkersDisabled: "§4"
        case .serviceWorkerEntitled: "§4"
        case .serviceWorkerLoopback: "§4"
        case .serviceWorkerScopeRegistered: "§4"
        case .serviceWorkerListedDomain: "§4"
        case .serviceWorkerLimit: "§4"
        case .serviceWorkerNotListed: "§4"
        case .serviceWorkerNotHTTP: "§4"
        case .itpSwitchShown: "§7"
        case .itpAlwaysOn: "§7"
        case .listUnreadable: "§1.6"
        }
    }

    /// What the rule says, in the platform's terms.
    public var summary: String {
        switch self {
        case .browserAllows:
            "the app holds com.apple.developer.web-browser: every navigation is allowed and nothing is marked"
        case .browserWithProhibitedUsage:
            "a browser that declares a prohibited usage description: allowed, but marked not app-bound, so restricted APIs are blocked on every site"
        case .featureOff:
            "Info.plist has no WKAppBoundDomains: the feature is off, nothing is restricted"
        case .alwaysAppBound:
            "a main-frame load of local content (about:, data:, blob:, file:, javascript:, localhost, 127.x.x.x, [::1]) is app-bound and forces limitsNavigationsToAppBoundDomains on"
        case .limitsMainFrameNotAppBound:
            "limitsNavigationsToAppBoundDomains is on and the main frame would leave the app-bound domains: the navigation fails and the page stays"
        case .limitsSubframeNotAppBound:
            "limitsNavigationsToAppBoundDomains is on and a subframe loads a domain that is not app-bound: it loads, marked not app-bound"
        case .limitsAppBound:
            "limitsNavigationsToAppBoundDomains is on and the destination is app-bound: allowed, marked app-bound"
        case .restrictedAPIUsedBeforeNavigation:
            "the web view used a restricted API before its first navigation with limits off: every navigation fails from then on"
        case .noLimitsNotAppBound:
            "limitsNavigationsToAppBoundDomains is off: the navigation is allowed and marked not app-bound, even to a listed domain"
        case .delegateCancelled:
            "the app's decidePolicyFor navigationAction cancelled: no app-bound check, no error"
        case .delegateDownload:
            "the app's decidePolicyFor navigationAction chose download: the page's app-bound state resets to none and it passes"
        case .apiAllowedNoState:
            "the frame has no app-bound state (feature off, or no navigation yet): restricted APIs work"
        case .apiAllowedAppBound:
            "the frame and its ancestors are app-bound: restricted APIs work"
        case .apiRestricted:
            "the frame, or an ancestor, was marked not app-bound by its last navigation: restricted APIs are blocked"
        case .styleSheetJudgedByMainFrame:
            "user style sheets are judged by the main frame's state only"
        case .cookieFilteringOff:
            "cookie filtering is off: it applies only when WKAppBoundDomains lists a domain and the app is not a browser"
        case .cookieDomainAppBound:
            "the cookie's domain, reduced to its registrable domain, is listed"
        case .cookieDomainNotAppBound:
            "the cookie's domain is not app-bound: WKHTTPCookieStore drops it from reads and writes"
        case .cookieDeleteUnfiltered:
            "deleteCookie and delete-all are not filtered"
        case .serviceWorkersDisabled:
            "service workers need com.apple.developer.WebKit.ServiceWorkers, the browser entitlement, or limitsNavigationsToAppBoundDomains"
        case .serviceWorkerEntitled:
            "the app holds a service worker or browser entitlement: registrations are allowed"
        case .serviceWorkerLoopback:
            "the top origin is localhost or loopback: the registration is allowed"
        case .serviceWorkerScopeRegistered:
            "the scope is already registered: allowed"
        case .serviceWorkerListedDomain:
            "the top origin's registrable domain is listed and fewer than 3 such registrations exist: allowed"
        case .serviceWorkerLimit:
            "without an entitlement, at most 3 registrations on listed domains (loopback ones do not count)"
        case .serviceWorkerNotListed:
            "without an entitlement, the top origin must be loopback or a listed domain"
        case .serviceWorkerNotHTTP:
            "a service worker's script and scope must be http or https: register() fails with a TypeError on any other scheme (capacitor://, app://), whatever the app-bound rules"
        case .itpSwitchShown:
            "NSCrossWebsiteTrackingUsageDescription or the browser entitlement shows the \"Allow Cross-Website Tracking\" switch; ITP stays on unless the user turns that switch on"
        case .itpAlwaysOn:
            "no NSCrossWebsiteTrackingUsageDescription and not a browser: ITP is on and no switch is shown"
        case .listUnreadable:
            "WKAppBoundDomains is not an array of strings: the engine crashes reading it, when the app makes its first web view"
        }
    }

    /// The summary, then the code and the section in brackets.
    public var description: String { "\(summary) [\(code), \(section)]" }
}
