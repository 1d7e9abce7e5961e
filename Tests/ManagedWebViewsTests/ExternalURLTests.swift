import ManagedWebViews
import Testing
import WebAddress

@Suite("§4 external URLs")
struct ExternalURLTests {
    let link = "https://search.example/?q=contoso"

    /// Runs a navigation of `webView` with a delegate answering `answer`, counting its calls.
    func navigate(
        _ app: ManagedApp, _ webView: String = "managed", to input: String, answer: Bool?,
        tree: WebViewerTree = Fixture.tree
    ) throws -> (ExternalURLDecision, calls: Int) {
        let url = try WebURL(input)
        var calls = 0
        var delegate: ((WebURL) -> Bool)?
        if let answer {
            delegate = { asked in
                calls += 1
                #expect(asked == url)
                return answer
            }
        }
        let decision = app.externalNavigation(to: url, webView: webView, in: tree, isExternalURL: delegate)
        return (decision, calls)
    }

    @Test("§4: the delegate answering NO keeps the navigation in the web view")
    func internalSite() throws {
        let (decision, calls) = try navigate(Fixture.app(browser: .edge), to: link, answer: false)
        #expect(decision.outcome == .stay && decision.askedDelegate && calls == 1)
        #expect(decision.rule == .externalInternal && decision.loadsInWebView)
    }

    @Test("§4: a managed web view with no delegate is never external, and nothing is asked")
    func noDelegate() throws {
        let (decision, _) = try navigate(Fixture.app(browser: .edge), to: link, answer: nil)
        #expect(decision.outcome == .stay && !decision.askedDelegate && decision.rule == .externalNoDelegate)
    }

    @Test("§4: the delegate is not asked while the web view's identity is unmanaged", arguments: [true, false])
    func unmanagedNotAsked(_ answer: Bool) throws {
        let (decision, calls) = try navigate(Fixture.app(browser: .edge), "unmanaged", to: link, answer: answer)
        #expect(decision.outcome == .stay && !decision.askedDelegate && calls == 0)
        #expect(decision.rule == .externalNotAskedUnmanaged)
    }

    @Test("§4: a web view made unmanaged by TreatAllWebViewsAsUnmanaged is not asked either")
    func flagNotAsked() throws {
        var tree = WebViewerTree()
        tree.addWebView("web", parent: nil)
        let (decision, calls) = try navigate(Fixture.app(flag: true), "web", to: link, answer: true, tree: tree)
        #expect(calls == 0 && decision.rule == .externalNotAskedUnmanaged)
    }

    @Test(
        "§4: the delegate is asked only for http and https URLs",
        arguments: ["about:blank", "data:text/html,<a>", "blob:https://x/1", "mailto:a@b.example", "myapp://open/x"])
    func notWebLink(_ input: String) throws {
        let (decision, calls) = try navigate(Fixture.app(browser: .edge), to: input, answer: true)
        #expect(decision.outcome == .stay && calls == 0 && decision.rule == .externalNotAskedNotWebLink)
    }

    @Test("§4: external under Microsoft Edge opens microsoft-edge-https://… instead of the web view")
    func edge() throws {
        let (decision, calls) = try navigate(Fixture.app(browser: .edge), to: link, answer: true)
        #expect(decision.outcome == .openInManagedBrowser("microsoft-edge-https://search.example/?q=contoso"))
        #expect(decision.rule == .externalOpenInEdge && calls == 1 && !decision.loadsInWebView)
    }

    @Test("§4: external under an unmanaged browser opens P://… for http and Ps://… for https")
    func unmanagedBrowser() throws {
        let app = Fixture.app(browser: .unmanaged(protocol: "googlechrome"))
        let (https, _) = try navigate(app, to: "https://x/a", answer: true)
        let (http, _) = try navigate(app, to: "http://x/a", answer: true)
        #expect(https.outcome == .openInManagedBrowser("googlechromes://x/a"))
        #expect(http.outcome == .openInManagedBrowser("googlechrome://x/a"))
        #expect(http.rule == .externalOpenInUnmanagedBrowser)
    }

    @Test("§4: external under any app proceeds in the web view, as unmanaged")
    func anyApp() throws {
        let (decision, _) = try navigate(Fixture.app(browser: .any), to: link, answer: true)
        #expect(decision.outcome == .proceedAsUnmanaged && decision.rule == .externalAnyApp && decision.loadsInWebView)
    }

    @Test("§4: external with no managed browser requirement behaves as any app")
    func noRequirement() throws {
        let (decision, _) = try navigate(Fixture.app(browser: nil), to: link, answer: true)
        #expect(decision.outcome == .proceedAsUnmanaged && decision.rule == .externalNoRequirement)
    }

    @Test(
        "§4: external when the required browser is missing is blocked, never loaded in the web view",
        arguments: [
            (TenantPolicy.ManagedBrowser.edge, "microsoft-edge-https://x/"),
            (.unmanaged(protocol: "googlechrome"), "googlechromes://x/"),
        ])
    func browserMissing(_ browser: TenantPolicy.ManagedBrowser, _ wouldOpen: String) throws {
        let (decision, _) = try navigate(Fixture.app(browser: browser, installed: false), to: "https://x", answer: true)
        #expect(decision.outcome == .blockedBrowserMissing(wouldOpen))
        #expect(decision.rule == .externalBrowserMissing && !decision.loadsInWebView)
    }

    @Test("§4: a missing browser does not matter when the tenant allows any app or sets no requirement")
    func missingButNotRequired() throws {
        for browser in [TenantPolicy.ManagedBrowser.any, nil] {
            let (decision, _) = try navigate(Fixture.app(browser: browser, installed: false), to: link, answer: true)
            #expect(decision.outcome == .proceedAsUnmanaged)
        }
    }

    @Test("§4: an unmanaged browser whose protocol is not a URL scheme blocks the navigation")
    func invalidProtocol() throws {
        let (decision, _) = try navigate(Fixture.app(browser: .unmanaged(protocol: "")), to: link, answer: true)
        #expect(decision.outcome == .blockedBrowserMissing("https://search.example/?q=contoso"))
        #expect(decision.rule == .externalInvalidBrowserProtocol)
    }

    @Test("§4: a currentIdentityBlockUpload web view is managed, so its delegate is asked")
    func blockUploadAsked() throws {
        let (decision, calls) = try navigate(Fixture.app(browser: .edge), "locked", to: link, answer: true)
        #expect(calls == 1 && decision.outcome == .openInManagedBrowser("microsoft-edge-" + link))
    }

    @Test("§1: with no managed account the delegate is never asked", arguments: [nil, ""])
    func noAccount(_ account: String?) throws {
        let (decision, calls) = try navigate(Fixture.app(account: account, browser: .edge), to: link, answer: true)
        #expect(decision.outcome == .stay && calls == 0 && decision.rule == .noManagedAccount)
    }
}
