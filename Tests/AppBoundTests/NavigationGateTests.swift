import AppBound
import Testing
import WebAddress

/// §2 the lookup and §3 the navigation gate, rule by rule.
@Suite("§2–§3 lookup and navigation gate")
struct NavigationGateTests {
    let listed = AppBoundApp(domains: AppBoundDomains(entries: ["apple.com", "test:"]))

    private func url(_ text: String) -> WebURL { (try? WebURL(text)) ?? (try! WebURL("about:blank")) }

    @Test("§2: registrable-domain equality; the port never matters; the scheme does not matter for domains")
    func lookup() {
        #expect(listed.lookUp(url("https://www.apple.com:8443/x")).answer == .yes)
        #expect(listed.lookUp(url("in-app-browser://apple.com/x")).answer == .yes)
        #expect(listed.lookUp(url("in-app-browser://www.apple.com/x")).answer == .yes)
        #expect(listed.lookUp(url("https://notapple.com/")).answer == .no)
        #expect(listed.lookUp(url("https://apple.com.evil.example/")).answer == .no)
    }

    @Test("§2: a listed scheme makes every URL of it app-bound; a URL without a host never matches a domain")
    func schemesAndHostless() {
        #expect(listed.lookUp(url("test://anything/x")).answer == .yes)
        #expect(listed.lookUp(url("in-app-browser:///x")).answer == .no)
        #expect(listed.lookUp(url("mailto:x@apple.com")).answer == .no)
    }

    @Test("§2: key absent means none; key present but empty means no for every http(s) URL")
    func absentAndEmpty() {
        #expect(AppBoundApp(domains: nil).lookUp(url("https://apple.com/")).answer == .none)
        #expect(AppBoundApp(domains: AppBoundDomains(entries: [])).lookUp(url("https://apple.com/")).answer == .no)
    }

    @Test(
        "§2: local content is always app-bound in the main frame",
        arguments: [
            "about:blank", "data:text/html,x", "blob:https://a.example/1", "file:///x", "javascript:1",
            "http://localhost/", "http://a.localhost:8080/", "http://127.0.0.1/", "http://127.1.2.3/", "http://[::1]/",
        ])
    func alwaysAppBound(_ text: String) {
        #expect(AppBoundApp.isAlwaysAppBound(url(text)))
    }

    @Test(
        "§2: other loopback-looking hosts are not local content",
        arguments: ["http://localhost.example/", "http://128.0.0.1/", "http://[::2]/"])
    func notAlwaysAppBound(_ text: String) {
        #expect(!AppBoundApp.isAlwaysAppBound(url(text)))
    }

    @Test("§3.1: a browser is allowed everywhere and marks nothing")
    func browser() {
        let gate = NavigationGate(app: AppBoundApp(domains: nil, isBrowser: true))
        let decision = gate.decide(url("https://any.example/"), isMainFrame: true, state: .init(configuredLimits: true))
        #expect(decision.outcome == .allow(.none))
        #expect(decision.rule == .browserAllows)
    }

    @Test(
        "§3.1: a browser with NSLocationAlwaysUsageDescription marks every navigation not app-bound, so JavaScript is blocked on every site"
    )
    func browserWithProhibitedUsage() {
        let app = AppBoundApp(
            domains: AppBoundDomains(entries: ["apple.com"]), isBrowser: true,
            prohibitedUsageDescriptions: ["NSLocationAlwaysUsageDescription"])
        let decision = NavigationGate(app: app).decide(
            url("https://www.apple.com/"), isMainFrame: true, state: .init(configuredLimits: true))
        #expect(decision.outcome == .allow(.notAppBound))
        #expect(decision.rule == .browserWithProhibitedUsage)
        // Even limits on and a listed domain change nothing: the browser rule comes first.
        let subframe = NavigationGate(app: app).decide(
            url("https://apple.com/"), isMainFrame: false, state: .init(configuredLimits: false))
        #expect(subframe.outcome == .allow(.notAppBound))
    }

    @Test(
        "§2: a custom scheme's localhost, *.localhost and 127.x.x.x hosts are local content too",
        arguments: [
            "in-app-browser://localhost/", "in-app-browser://LocalHost/x", "in-app-browser://app.localhost/",
            "in-app-browser://127.0.0.1/", "in-app-browser://[::1]/",
        ])
    func customSchemeLocalHosts(_ text: String) {
        #expect(AppBoundApp.isAlwaysAppBound(url(text)))
    }

    @Test(
        "§2: other custom-scheme hosts are not local content",
        arguments: ["in-app-browser://127.1/", "in-app-browser://localhost.example/", "in-app-browser://128.0.0.1/"])
    func customSchemeOtherHosts(_ text: String) {
        #expect(!AppBoundApp.isAlwaysAppBound(url(text)))
    }

    @Test("§3.2: without the key nothing is gated")
    func featureOff() {
        let decision = NavigationGate(app: AppBoundApp(domains: nil)).decide(
            url("https://any.example/"), isMainFrame: true, state: .init(configuredLimits: true))
        #expect(decision.outcome == .allow(.none))
        #expect(decision.rule == .featureOff)
    }

    @Test("§3.3: a main-frame local load is app-bound and forces limits on")
    func localContentForces() {
        let decision = NavigationGate(app: listed).decide(
            url("about:blank"), isMainFrame: true, state: .init(configuredLimits: false))
        #expect(decision.outcome == .allow(.appBound))
        #expect(decision.forcesAppBoundMode)
    }

    @Test("§3.4: under limits, a main frame leaving the list fails with 13; a subframe loads marked not app-bound")
    func limits() {
        let gate = NavigationGate(app: listed)
        let state = AppBoundWebViewState(configuredLimits: true)
        let main = gate.decide(url("https://shop.example/"), isMainFrame: true, state: state)
        #expect(main.outcome == .fail(.navigationAppBoundDomain))
        let sub = gate.decide(url("https://shop.example/"), isMainFrame: false, state: state)
        #expect(sub.outcome == .allow(.notAppBound))
        #expect(gate.decide(url("https://apple.com/"), isMainFrame: true, state: state).outcome == .allow(.appBound))
    }

    @Test("§3.4: an empty key with limits on fails every http(s) main-frame load except loopback")
    func emptyKeyWithLimits() {
        let gate = NavigationGate(app: AppBoundApp(domains: AppBoundDomains(entries: [])))
        let state = AppBoundWebViewState(configuredLimits: true)
        for text in ["https://apple.com/", "http://example.com/", "https://www.wikipedia.org/"] {
            #expect(gate.decide(url(text), isMainFrame: true, state: state).outcome == .fail(.navigationAppBoundDomain))
        }
        for text in ["http://localhost/", "http://127.0.0.1:8080/", "http://[::1]/"] {
            #expect(gate.decide(url(text), isMainFrame: true, state: state).isAllowed)
        }
    }

    @Test(
        "§3.5: limits off marks even a listed domain not app-bound; after restricted API use before navigation, every frame fails with 13"
    )
    func noLimits() {
        let gate = NavigationGate(app: listed)
        var state = AppBoundWebViewState(configuredLimits: false)
        let listedLoad = gate.decide(url("https://apple.com/"), isMainFrame: true, state: state)
        #expect(listedLoad.outcome == .allow(.notAppBound))
        state.usedRestrictedAPIBeforeNavigation = true
        for isMainFrame in [true, false] {
            let decision = gate.decide(url("https://apple.com/"), isMainFrame: isMainFrame, state: state)
            #expect(decision.outcome == .fail(.navigationAppBoundDomain))
            #expect(decision.rule == .restrictedAPIUsedBeforeNavigation)
        }
        // A main-frame local load still forces limits first, then is judged under limits.
        #expect(gate.decide(url("file:///x"), isMainFrame: true, state: state).isAllowed)
    }

    @Test("§3: a subframe going to local content is judged by the frame's origin and does not force the mode")
    func subframeJudgedByOrigin() {
        let gate = NavigationGate(app: listed)
        let state = AppBoundWebViewState(configuredLimits: true)
        let onListed = gate.decide(
            url("about:blank"), isMainFrame: false, origin: url("https://apple.com/"), state: state)
        #expect(onListed.outcome == .allow(.appBound))
        #expect(!onListed.forcesAppBoundMode)
        let onOther = gate.decide(
            url("about:blank"), isMainFrame: false, origin: url("https://other.example/"), state: state)
        #expect(onOther.outcome == .allow(.notAppBound))
    }

    @Test("errors 13 and 14 carry WebKit's names and texts")
    func errors() {
        #expect(WKError.navigationAppBoundDomain.code == 13)
        #expect(
            WKError.navigationAppBoundDomain.localizedDescription
                == "Attempted to navigate away from an app-bound domain or navigate after using restricted APIs")
        #expect(WKError.javaScriptAppBoundDomain.code == 14)
        #expect(
            WKError.javaScriptAppBoundDomain.localizedDescription
                == "JavaScript execution targeted a frame that is not in an app-bound domain")
    }
}
