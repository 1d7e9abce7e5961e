import AppBound
import Testing
import WebAddress

/// §4 restricted APIs, cookies, service workers; §5 the order rule; §7 ITP.
@Suite("§4–§7 restricted APIs, cookies, service workers, ITP")
struct PoliciesTests {
    let app = AppBoundApp(domains: AppBoundDomains(entries: ["webkit.org", "apple.com", "test:"]))

    @Test("§4: a frame is restricted when it or any ancestor is not app-bound; state none is not restricted")
    func restriction() {
        #expect(RestrictedAPIs.frame(withStates: [.appBound, .notAppBound, .appBound]).allowed == false)
        #expect(RestrictedAPIs.frame(withStates: [.appBound, .appBound]).allowed)
        #expect(RestrictedAPIs.frame(withStates: [.none]).allowed)
        #expect(RestrictedAPIs.evaluateJavaScript(frameAndAncestors: [.notAppBound]).error == .javaScriptAppBoundDomain)
    }

    @Test("§4: user style sheets are judged by the main frame's state only")
    func styleSheets() {
        #expect(RestrictedAPIs.userStyleSheet(mainFrame: .appBound).allowed)
        #expect(RestrictedAPIs.userStyleSheet(mainFrame: .none).allowed)
        #expect(!RestrictedAPIs.userStyleSheet(mainFrame: .notAppBound).allowed)
    }

    @Test("§5: restricted API use poisons only with the feature on, limits off, before navigating, in the main frame")
    func poisoning() {
        let fresh = AppBoundWebViewState(configuredLimits: false)
        #expect(RestrictedAPIs.marksUseBeforeNavigation(app: app, state: fresh, inMainFrame: true))
        #expect(!RestrictedAPIs.marksUseBeforeNavigation(app: app, state: fresh, inMainFrame: false))
        #expect(
            !RestrictedAPIs.marksUseBeforeNavigation(
                app: app, state: AppBoundWebViewState(configuredLimits: true), inMainFrame: true))
        var navigated = fresh
        navigated.hasNavigated = true
        #expect(!RestrictedAPIs.marksUseBeforeNavigation(app: app, state: navigated, inMainFrame: true))
        #expect(
            !RestrictedAPIs.marksUseBeforeNavigation(app: AppBoundApp(domains: nil), state: fresh, inMainFrame: true))
        #expect(
            !RestrictedAPIs.marksUseBeforeNavigation(
                app: AppBoundApp(domains: app.domains, isBrowser: true), state: fresh, inMainFrame: true))
    }

    @Test(
        "§4: cookies are judged by their domain, a leading dot allowed, reduced to the registrable domain; scheme entries are ignored"
    )
    func cookieDomains() {
        let filter = CookieFilter(app: app)
        #expect(filter.isActive)
        #expect(filter.admits(cookieDomain: "www.webkit.org").admitted)
        #expect(filter.admits(cookieDomain: ".webkit.org").admitted)
        #expect(!filter.admits(cookieDomain: "nonAppBoundDomain.com").admitted)
        #expect(!filter.admits(cookieDomain: "test").admitted)
    }

    @Test("§4: filtering is off when the list names no domain, and for a browser")
    func cookieFilteringOff() {
        #expect(!CookieFilter(app: AppBoundApp(domains: AppBoundDomains(entries: []))).isActive)
        #expect(!CookieFilter(app: AppBoundApp(domains: AppBoundDomains(entries: ["test:"]))).isActive)
        #expect(!CookieFilter(app: AppBoundApp(domains: app.domains, isBrowser: true)).isActive)
        #expect(!CookieFilter(app: AppBoundApp(domains: nil)).isActive)
    }

    @Test("§4: the fourth service worker registration on a listed domain is refused without an entitlement")
    func serviceWorkerLimit() throws {
        let policy = ServiceWorkerPolicy(app: app)
        let top = try WebURL("https://webkit.org/")
        var registered: [ServiceWorkerPolicy.Registration] = []
        // Loopback registrations first: they do not count towards the three.
        for index in 1...2 {
            let decision = policy.register(
                scope: try WebURL("http://localhost/sw\(index)/"), topURL: try WebURL("http://localhost/"),
                limits: true,
                registered: registered)
            #expect(decision.newRegistration?.countsTowardLimit == false)
            registered += decision.newRegistration.map { [$0] } ?? []
        }
        for index in 1...3 {
            let decision = policy.register(
                scope: try WebURL("https://webkit.org/sw\(index)/"), topURL: top, limits: true, registered: registered)
            #expect(decision.result == .ok)
            registered += decision.newRegistration.map { [$0] } ?? []
        }
        let fourth = policy.register(
            scope: try WebURL("https://webkit.org/sw4/"), topURL: top, limits: true, registered: registered)
        #expect(fourth.result == .refused)
        #expect(fourth.rule == .serviceWorkerLimit)
        // An already registered scope is still allowed.
        #expect(
            policy.register(
                scope: try WebURL("https://webkit.org/sw1/"), topURL: top, limits: true, registered: registered
            ).result == .ok)
    }

    @Test("a service worker's scope must be http or https, even for an entitled app (capacitor #7069)")
    func serviceWorkerScheme() throws {
        let scope = try WebURL("capacitor://localhost/")
        for candidate in [app, AppBoundApp(domains: app.domains, hasServiceWorkersEntitlement: true)] {
            let decision = ServiceWorkerPolicy(app: candidate).register(
                scope: scope, topURL: scope, limits: true, registered: [])
            #expect(decision.result == .refused)
            #expect(decision.rule == .serviceWorkerNotHTTP)
        }
        // Disabled comes first: without limits or an entitlement, navigator.serviceWorker is absent.
        #expect(
            ServiceWorkerPolicy(app: app).register(scope: scope, topURL: scope, limits: false, registered: []).rule
                == .serviceWorkersDisabled)
    }

    @Test("§4: service workers are disabled without an entitlement or limits; entitlements allow them anywhere")
    func serviceWorkersEnabled() throws {
        let scope = try WebURL("https://other.example/")
        #expect(
            ServiceWorkerPolicy(app: app).register(scope: scope, topURL: scope, limits: false, registered: []).result
                == .disabled)
        #expect(
            ServiceWorkerPolicy(app: app).register(scope: scope, topURL: scope, limits: true, registered: []).result
                == .refused)
        let entitled = AppBoundApp(domains: app.domains, hasServiceWorkersEntitlement: true)
        #expect(
            ServiceWorkerPolicy(app: entitled).register(scope: scope, topURL: scope, limits: false, registered: [])
                .result == .ok)
        let browser = AppBoundApp(domains: nil, isBrowser: true)
        #expect(
            ServiceWorkerPolicy(app: browser).register(scope: scope, topURL: scope, limits: false, registered: [])
                .result == .ok)
    }

    @Test(
        "§7: ITP is on; the switch shows with NSCrossWebsiteTrackingUsageDescription or for a browser, and only the user turns ITP off"
    )
    func itp() {
        let plain = IntelligentTrackingPrevention.status(app: app, userAllowsCrossWebsiteTracking: true)
        #expect(plain.enabled && !plain.settingsSwitchShown)
        let declaring = AppBoundApp(domains: nil, declaresCrossWebsiteTracking: true)
        #expect(IntelligentTrackingPrevention.status(app: declaring, userAllowsCrossWebsiteTracking: false).enabled)
        let allowed = IntelligentTrackingPrevention.status(app: declaring, userAllowsCrossWebsiteTracking: true)
        #expect(!allowed.enabled && allowed.settingsSwitchShown)
        #expect(
            IntelligentTrackingPrevention.status(
                app: AppBoundApp(domains: nil, isBrowser: true), userAllowsCrossWebsiteTracking: false
            )
            .settingsSwitchShown)
    }
}
