import AppBound
import ManagedWebViews
import NavigationRules
import Testing
import WebAddress
import WebFenceNavigation

/// The pipeline's order (delegate, navigation rules, managed web views, App-Bound gate), what each
/// stage records, and the verdict's result, stage and rule at every kind of stop.
@Suite("Navigation pipeline: stages in order, each decision kept")
struct NavigationPipelineTests {
    static let shop = AppBoundApp(domains: AppBoundDomains(entries: ["shop.example"]))
    static let limits = AppBoundWebViewState(configuredLimits: true)
    static let rules = try! NavigationRuleSet(json: #"{"allow": ["shop.example", "pay.example"]}"#)
    static let openElsewhere = try! NavigationRuleSet(
        json: #"{"allow": ["shop.example"], "otherwise": "openExternally"}"#)

    static func url(_ text: String) -> WebURL { try! WebURL(text) }

    /// A managed web view whose policy delegate calls everything external, under a tenant that
    /// requires `browser`.
    static func managed(_ browser: TenantPolicy.ManagedBrowser?, installed: Bool = true) -> ManagedRouting {
        var viewers = WebViewerTree()
        viewers.addWebView("web", parent: nil)
        let app = ManagedApp(
            managedAccount: "user@contoso.example",
            tenant: TenantPolicy(managedBrowser: browser, managedBrowserInstalled: installed))
        return ManagedRouting(app: app, viewers: viewers, webView: "web", isExternalURL: { _ in true })
    }

    @Test("the app's delegate decides first: a cancel or a download runs no other stage")
    func delegateFirst() {
        let pipeline = NavigationPipeline(app: Self.shop, rules: Self.rules)
        for answer in [DelegateAnswer.cancel, .download] {
            let verdict = pipeline.decide(
                NavigationRequest(Self.url("https://evil.example/"), delegate: answer), state: Self.limits)
            #expect(verdict.decidedBy == .delegate)
            #expect(verdict.hops.isEmpty)
            #expect(verdict.result == (answer == .cancel ? .cancel : .download))
            #expect(verdict.ruleCode == answer.rule?.code)
            #expect(verdict.explanation.hasSuffix("[\(answer.rule!.code), §3]"))
        }
    }

    @Test("navigation rules run before the gate: a cancel means no gate decision")
    func rulesBeforeGate() {
        let verdict = NavigationPipeline(app: Self.shop, rules: Self.rules)
            .decide(NavigationRequest(Self.url("https://evil.example/")), state: Self.limits)
        #expect(verdict.result == .cancel)
        #expect(verdict.decidedBy == .navigationRules)
        #expect(verdict.ruleCode == "rules.otherwise")
        #expect(verdict.decidingHop?.rules?.action == .cancel)
        #expect(verdict.decidingHop?.appBound == nil)
        #expect(verdict.explanation.hasPrefix("navigation rules: "))
    }

    @Test("rules allow, the gate refuses: error 13 with the gate's rule and the lookup")
    func gateRefuses() {
        let verdict = NavigationPipeline(app: Self.shop, rules: Self.rules)
            .decide(NavigationRequest(Self.url("https://pay.example/")), state: Self.limits)
        #expect(verdict.result == .fail(.navigationAppBoundDomain, .limitsMainFrameNotAppBound))
        #expect(verdict.decidedBy == .appBound)
        #expect(verdict.decidingHop?.rules?.action == .allow)
        #expect(verdict.ruleCode == AppBoundRule.limitsMainFrameNotAppBound.code)
        #expect(verdict.decidingHop?.lookedUp == Self.url("https://pay.example/"))
    }

    @Test("every hop is judged: the redirect decides, and the explanation names it")
    func redirectDecides() {
        let request = NavigationRequest(
            Self.url("https://shop.example/checkout"), redirects: [Self.url("https://pay.example/")])
        let verdict = NavigationPipeline(app: Self.shop).decide(request, state: Self.limits)
        #expect(verdict.hops.count == 2)
        #expect(verdict.hops[0].appBound?.isAllowed == true)
        #expect(verdict.result == .fail(.navigationAppBoundDomain, .limitsMainFrameNotAppBound))
        #expect(verdict.decidingRedirect == Self.url("https://pay.example/"))
        #expect(verdict.explanation.contains("; at the redirect to https://pay.example/ ["))
    }

    @Test("the allow carries the last hop's frame state; local content in the main frame forces the mode")
    func allowAndForcedMode() {
        let noLimits = AppBoundWebViewState(configuredLimits: false)
        let local = NavigationPipeline(app: Self.shop).decide(
            NavigationRequest(Self.url("about:blank")), state: noLimits)
        #expect(local.result == .allow(.appBound))
        #expect(local.state.forcedAppBoundMode)
        #expect(!noLimits.forcedAppBoundMode)
        let site = NavigationPipeline(app: Self.shop).decide(
            NavigationRequest(Self.url("https://elsewhere.example/")), state: noLimits)
        #expect(site.result == .allow(.notAppBound))
        #expect(!site.state.forcedAppBoundMode)
    }

    @Test("a subframe going to local content is judged by its current origin")
    func subframeOrigin() {
        let request = NavigationRequest(
            Self.url("about:blank"), frame: .sub, subframeOrigin: Self.url("https://ads.example/"))
        let verdict = NavigationPipeline(app: Self.shop).decide(request, state: Self.limits)
        #expect(verdict.result == .allow(.notAppBound))
        #expect(verdict.decidingHop?.lookedUp == Self.url("https://ads.example/"))
        let main = NavigationRequest(Self.url("about:blank"), subframeOrigin: Self.url("https://ads.example/"))
        #expect(main.subframeOrigin == nil)
    }

    @Test("managed web views: isExternalURL sends the page to the managed browser, or blocks it")
    func managedRouting() {
        let edge = NavigationPipeline(app: Self.shop, managed: Self.managed(.edge))
            .decide(NavigationRequest(Self.url("https://shop.example/")), state: Self.limits)
        #expect(edge.result == .openInManagedBrowser("microsoft-edge-https://shop.example/"))
        #expect(edge.decidedBy == .managedWebViews)
        #expect(edge.decidingHop?.appBound == nil)
        let missing = NavigationPipeline(app: Self.shop, managed: Self.managed(.edge, installed: false))
            .decide(NavigationRequest(Self.url("https://shop.example/")), state: Self.limits)
        #expect(missing.result == .cancel)
        #expect(missing.decidedBy == .managedWebViews)
        // A subframe is never asked.
        let sub = NavigationPipeline(app: Self.shop, managed: Self.managed(.edge))
            .decide(NavigationRequest(Self.url("https://shop.example/"), frame: .sub), state: Self.limits)
        #expect(sub.decidingHop?.managed == nil)
        #expect(sub.result == .allow(.appBound))
    }

    @Test("openExternally goes to the system, or through the managed browser the tenant requires")
    func openExternally() {
        let system = NavigationPipeline(app: Self.shop, rules: Self.openElsewhere)
            .decide(NavigationRequest(Self.url("https://news.example/")), state: Self.limits)
        #expect(system.result == .openExternally(Self.url("https://news.example/")))
        #expect(system.decidedBy == .navigationRules)
        #expect(system.opensOutside)
        let routed = NavigationPipeline(app: Self.shop, rules: Self.openElsewhere, managed: Self.managed(.edge))
            .decide(NavigationRequest(Self.url("https://news.example/")), state: Self.limits)
        #expect(routed.result == .openInManagedBrowser("microsoft-edge-https://news.example/"))
        #expect(routed.decidedBy == .managedWebViews)
        #expect(routed.decidingHop?.rules?.action == .openExternally)
        #expect(routed.explanation.hasPrefix("navigation rules: "))
        #expect(routed.explanation.contains("; then "))
    }

    @Test("stage names are the outcome's decidedBy values")
    func stageNames() {
        #expect(
            NavigationVerdict.Stage.allCases.map(\.rawValue) == [
                "delegate", "framework", "navigationRules", "managedWebViews", "appBound",
            ])
    }
}
