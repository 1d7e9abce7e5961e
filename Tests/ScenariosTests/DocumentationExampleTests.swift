import AppBound
import NavigationRules
import Scenarios
import Testing
import WebAddress
import WebFenceNavigation

/// The examples of the DocC catalogs' root pages, run as written.
@Suite("Documentation examples")
struct DocumentationExampleTests {
    @Test("WebFence.md: a scenario parsed and run")
    func webFence() throws {
        let scenario = try Scenario.parse(
            """
            {"name": "shop", "app": {"infoPlist": {"WKAppBoundDomains": ["shop.example"]}},
             "webViews": [{"id": "main", "limitsNavigationsToAppBoundDomains": true}],
             "steps": [{"webView": "main", "load": "https://pay.example/", "expect": {"error": 13}}]}
            """)
        let result = try scenario.run()
        #expect(result.passed)
        #expect(result.steps[0].outcome.explanation?.hasSuffix("[gate.limits.mainFrameNotAppBound, §3.4]") == true)
    }

    @Test("WebFenceNavigation.md: a verdict")
    func pipeline() throws {
        let pipeline = NavigationPipeline(
            app: AppBoundApp(domains: AppBoundDomains(entries: ["shop.example"])),
            rules: try NavigationRuleSet(json: #"{"allow": ["shop.example", "pay.example"]}"#))
        let verdict = pipeline.decide(
            NavigationRequest(try WebURL("https://pay.example/")), state: AppBoundWebViewState(configuredLimits: true))
        #expect(verdict.result == .fail(.navigationAppBoundDomain, .limitsMainFrameNotAppBound))
        #expect(verdict.decidedBy == .appBound)
    }
}
