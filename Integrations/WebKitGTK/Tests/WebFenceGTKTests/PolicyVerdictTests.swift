import AppBound
import NavigationRules
import Testing
import WebAddress
import WebFenceNavigation

@testable import WebFenceGTK

/// `WebFencePolicy`: the verdict for each kind of frame, and where restricted APIs reach (§3, §4).
@Suite struct PolicyVerdictTests {
    let shop = AppBoundApp(domains: AppBoundDomains(entries: ["shop.example"]))
    let limits = AppBoundWebViewState(configuredLimits: true)

    @Test func underLimitsANonAppBoundURLDependsOnTheFrame() throws {
        let verdicts = WebFencePolicy(app: shop).verdicts(
            for: try WebURL("https://pay.example/"), state: limits, subframeOrigin: nil)
        #expect(verdicts.main.result == .fail(.navigationAppBoundDomain, .limitsMainFrameNotAppBound))
        #expect(verdicts.sub.result == .allow(.notAppBound))
        #expect(verdicts.dependOnFrame)
    }

    @Test func anAppBoundURLIsAllowedInBothFrames() throws {
        let verdicts = WebFencePolicy(app: shop).verdicts(
            for: try WebURL("https://img.shop.example/"), state: limits, subframeOrigin: nil)
        #expect(verdicts.main.result == .allow(.appBound))
        #expect(verdicts.sub.result == .allow(.appBound))
        #expect(!verdicts.dependOnFrame)
    }

    @Test func rulesCancelBeforeTheGateInEveryFrame() throws {
        let rules = try NavigationRuleSet(json: #"{"version": 1, "allow": ["shop.example"]}"#)
        let policy = WebFencePolicy(app: AppBoundApp(domains: nil), rules: rules)
        let verdicts = policy.verdicts(
            for: try WebURL("https://evil.com/"), state: AppBoundWebViewState(configuredLimits: false),
            subframeOrigin: nil)
        #expect(!verdicts.main.allows && !verdicts.sub.allows)
        #expect(!verdicts.dependOnFrame)
        // The engine's parse decides: a backslash ends the host.
        let backslash = policy.verdicts(
            for: try WebURL(#"https://evil.com\@shop.example/"#), state: limits, subframeOrigin: nil)
        #expect(!backslash.main.allows)
    }

    @Test func restrictionFollowsTheStateAndTheApp() {
        #expect(WebFencePolicy(app: shop).restriction(for: limits) == .nonAppBoundSubframes)
        #expect(
            WebFencePolicy(app: shop).restriction(for: AppBoundWebViewState(configuredLimits: false)) == .everyFrame)
        #expect(WebFencePolicy(app: AppBoundApp(domains: nil)).restriction(for: limits) == .none)
        #expect(WebFencePolicy(app: AppBoundApp(domains: nil, isBrowser: true)).restriction(for: limits) == .none)
        let browserWithStrings = AppBoundApp(
            domains: nil, isBrowser: true, prohibitedUsageDescriptions: ["NSCameraUsageDescription"])
        #expect(WebFencePolicy(app: browserWithStrings).restriction(for: limits) == .everyFrame)
    }
}
