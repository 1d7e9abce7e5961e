import AppBound
import HybridFrameworks
import Testing
import WebAddress
import WebFenceNavigation

/// Stage 1 when the app is built on a hybrid framework: its code decides first at every hop, and
/// only what it allows reaches the App-Bound gate (spec/hybrid-frameworks.md §1.1).
struct FrameworkStageTests {
    static let capacitor = FrameworkPolicy.capacitor(
        CapacitorPolicy(.init(allowNavigation: ["partner.com"], serverURL: "https://app.example.com")))

    static func pipeline(limits: Bool = true) -> (NavigationPipeline, AppBoundWebViewState) {
        let app = AppBoundApp(domains: AppBoundDomains(entries: ["example.com"]))
        return (
            NavigationPipeline(app: app, framework: .navigationFramework(capacitor)),
            AppBoundWebViewState(configuredLimits: limits)
        )
    }

    @Test func theFrameworkAllowsAndTheGateRefuses() throws {
        // §9.2 row 98: allowNavigation lets partner.com through; WebKit then fails with 13.
        let (pipeline, state) = Self.pipeline()
        let verdict = pipeline.decide(NavigationRequest(try WebURL("https://partner.com/")), state: state)
        #expect(verdict.decidedBy == .appBound)
        #expect(verdict.hops.first?.framework?.rule.code == "capacitor.allowNavigation")
        guard case .fail(let error, _) = verdict.result else {
            Issue.record("expected error 13, got \(verdict.result)")
            return
        }
        #expect(error.code == 13)
    }

    @Test func whatTheFrameworkCancelsNeverReachesTheGate() throws {
        // §9.2 row 99: an unlisted link goes to Safari before the gate; no error 13.
        let (pipeline, state) = Self.pipeline()
        let url = try WebURL("https://unlisted.net/")
        let verdict = pipeline.decide(NavigationRequest(url, navigationType: .link), state: state)
        #expect(verdict.result == .openExternally(url))
        #expect(verdict.decidedBy == .framework)
        #expect(verdict.ruleCode == "capacitor.external")
        #expect(verdict.hops.first?.appBound == nil)
    }

    @Test func aFrameworksDownloadIsADownload() throws {
        // PWABuilder's shell answers .download for blob: (spec §12b step 2): the result is a download
        // decided by the framework, the gate never asked, and framework check's contract names it
        // a cancel whose rule says download (interfaces §6).
        let shell = FrameworkPolicy.pwabuilder(
            PWABuilderPolicy(.init(rootURL: "https://news.example/app", allowedOrigins: ["news.example"])))
        let app = AppBoundApp(domains: AppBoundDomains(entries: ["news.example"]))
        let url = try WebURL("blob:https://news.example/5f0c")
        let verdict = NavigationPipeline(app: app, framework: .navigationFramework(shell))
            .decide(NavigationRequest(url, navigationType: .link), state: AppBoundWebViewState(configuredLimits: true))
        #expect(verdict.result == .download)
        #expect(verdict.decidedBy == .framework && verdict.ruleCode == "pwabuilder.download")
        #expect(verdict.hops.first?.appBound == nil)
        let decision = try #require(verdict.hops.first?.framework)
        #expect(decision.action == .download && decision.checkDecision == "cancel")
    }

    @Test func theFrameworkIsAskedAgainAtEachRedirect() throws {
        // A redirect re-enters decidePolicyFor: the app's own page redirecting to an unlisted host
        // is handed to Safari at the redirect.
        let (pipeline, state) = Self.pipeline()
        let target = try WebURL("https://login.other.net/")
        let request = NavigationRequest(try WebURL("https://app.example.com/login"), redirects: [target])
        let verdict = pipeline.decide(request, state: state)
        #expect(verdict.hops.count == 2)
        #expect(verdict.hops[0].framework?.action == .allow)
        #expect(verdict.hops[1].framework?.action == .openExternally)
        #expect(verdict.result == .openExternally(target))
        #expect(verdict.explanation.contains("capacitor.external"))
    }

    @Test func aBypassIsAllowedByTheFrameworkAndStoppedByTheGate() throws {
        // §9.2 row 118's shape with Capacitor's prefix hole: WebKit closes it for main frames.
        let (pipeline, state) = Self.pipeline()
        let verdict = pipeline.decide(NavigationRequest(try WebURL("https://app.example.com.evil.net/")), state: state)
        #expect(verdict.hops.first?.framework?.isBypass == true)
        #expect(verdict.decidedBy == .appBound)
        #expect(!verdict.allows)
    }

    @Test func aSubframeTheFrameworkNeverChecksLoadsRestricted() throws {
        // §9.2 row 101: Capacitor allows every subframe; WebKit loads it, not app-bound.
        let (pipeline, state) = Self.pipeline()
        let verdict = pipeline.decide(
            NavigationRequest(try WebURL("https://maps.unlisted.net/"), frame: .sub), state: state)
        #expect(verdict.hops.first?.framework?.rule.code == "capacitor.subframe")
        #expect(verdict.result == .allow(.notAppBound))
    }

    @Test func aScriptedCancelStillComesFirst() throws {
        let (pipeline, state) = Self.pipeline()
        let verdict = pipeline.decide(
            NavigationRequest(try WebURL("https://app.example.com/"), delegate: .cancel), state: state)
        #expect(verdict.decidedBy == .delegate)
        #expect(verdict.hops.isEmpty)
    }
}
