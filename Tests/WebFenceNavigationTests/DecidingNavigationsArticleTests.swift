import AppBound
import Foundation
import NavigationRules
import Testing
import WebAddress
import WebFenceNavigation

// The article's code, verbatim (the test below checks the article holds exactly this text).
// article: begin
/// What the app tells WebKit about one navigation.
enum ShopNavigation: Equatable {
    case allow
    case cancel
    /// Cancel, and open this URL outside the app.
    case openOutside(String)
}

/// The shop's navigation policy: its App-Bound Domains and its navigation rules, through WebFence.
struct ShopNavigationPolicy {
    let pipeline: NavigationPipeline
    /// The web view's App-Bound state; the verdicts keep it current.
    var state = AppBoundWebViewState(configuredLimits: true)

    init() throws {
        let rules = try NavigationRuleSet(
            json: #"{"allow": ["shop.example", "pay.example"], "otherwise": "openExternally"}"#)
        let app = AppBoundApp(domains: AppBoundDomains(entries: ["shop.example", "pay.example"]))
        pipeline = NavigationPipeline(app: app, rules: rules)
    }

    /// The decision for a navigation to `text` in the main frame or a subframe.
    mutating func decide(_ text: String, isMainFrame: Bool) -> ShopNavigation {
        // A URL WebFence cannot parse is never loaded.
        guard let url = try? WebURL(text) else { return .cancel }
        let verdict = pipeline.decide(NavigationRequest(url, frame: isMainFrame ? .main : .sub), state: state)
        state = verdict.state
        switch verdict.result {
        case .allow: return .allow
        case .openExternally(let url): return .openOutside(url.href)
        case .openInManagedBrowser(let target): return .openOutside(target)
        case .cancel, .download, .fail: return .cancel
        }
    }
}
// article: end

@Suite("The iOS article's policy compiles, runs, and is the article's text")
struct DecidingNavigationsArticleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("the policy decides as the article says")
    func decides() throws {
        var policy = try ShopNavigationPolicy()
        #expect(policy.decide("https://shop.example/cart", isMainFrame: true) == .allow)
        #expect(policy.decide("https://news.example/", isMainFrame: true) == .openOutside("https://news.example/"))
        // The rules' subframe default cancels; the parse decides the host, not the text.
        #expect(policy.decide("https://news.example/", isMainFrame: false) == .cancel)
        #expect(policy.decide(#"https://evil.example\@shop.example/"#, isMainFrame: true) != .allow)
        #expect(policy.decide("https://[::1", isMainFrame: true) == .cancel)
    }

    @Test("the article's first code block is this file's article section")
    func articleMatches() throws {
        let article = try String(
            contentsOf: Self.root.appendingPathComponent(
                "Sources/WebFenceNavigation/WebFenceNavigation.docc/DecidingNavigations.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let begin = try #require(source.range(of: "// article: begin\n"))
        let end = try #require(source.range(of: "// article: end\n"))
        let code = String(source[begin.upperBound..<end.lowerBound])
        #expect(article.contains("```swift\nimport WebFenceNavigation\n\n" + code + "```"))
    }
}
