import ManagedWebViews
import Testing
import WebAddress

/// §5: the seed's five web views. A, B and C show no organisational data; D shows an organisation
/// page; E shows the user's documents, which contain links.
@Suite("§5 the seed's five web views")
struct SeedExampleTests {
    static let document = "https://files.contoso.example/users/alice/q3-report"

    /// TreatAllWebViewsAsUnmanaged = YES, under "policy managed apps", links routed to Edge.
    let app = Fixture.app(flag: true, clipboard: .policyManagedApps, browser: .edge)

    let tree: WebViewerTree = {
        var tree = WebViewerTree()
        tree.addViewer("app", parent: nil)
        for webView in ["A", "B", "C", "D", "E"] { tree.addWebView(webView, parent: "app") }
        tree.setPolicy(.currentIdentity, forWebViewer: "D")
        tree.setPolicy(.currentIdentity, forWebViewer: "E")
        return tree
    }()

    /// E's delegate: external unless the URL is the document's own URL.
    let isExternalURL: (WebURL) -> Bool = { $0.href != SeedExampleTests.document }

    @Test("§5: copy from A, B and C is unmanaged, by TreatAllWebViewsAsUnmanaged", arguments: ["A", "B", "C"])
    func unmanagedCopies(_ webView: String) {
        let copy = app.copy(from: webView, in: tree)
        #expect(copy.identity == .unmanaged && copy.rule == .treatAllWebViewsAsUnmanaged)
    }

    @Test("§5: copy from D and E is managed, by their currentIdentity policy", arguments: ["D", "E"])
    func managedCopies(_ webView: String) {
        let copy = app.copy(from: webView, in: tree)
        #expect(copy.identity == .managed && copy.rule == .policyCurrentIdentity && copy.source.setOn == webView)
    }

    @Test(
        "§5: managed data from D or E pasted into A, B or C is refused under policy managed apps",
        arguments: ["D", "E"], ["A", "B", "C"])
    func noLeakToUnmanaged(_ from: String, _ into: String) {
        let data = app.copy(from: from, in: tree).identity
        let paste = app.paste(data, characters: 42, into: into, in: tree)
        #expect(!paste.allowed && paste.rule == .pasteManagedIntoUnmanagedPolicyManagedApps)
    }

    @Test("§5: managed data moves freely between D and E")
    func managedToManaged() {
        let data = app.copy(from: "D", in: tree).identity
        #expect(app.paste(data, characters: 42, into: "E", in: tree).allowed)
    }

    @Test("§5: a link in E to any other site opens in the managed browser, never inside E")
    func linkLeavesE() throws {
        let decision = app.externalNavigation(
            to: try WebURL("https://www.bing.example/search?q=q3"), webView: "E", in: tree, isExternalURL: isExternalURL
        )
        #expect(decision.askedDelegate)
        #expect(decision.outcome == .openInManagedBrowser("microsoft-edge-https://www.bing.example/search?q=q3"))
        #expect(!decision.loadsInWebView)
    }

    @Test("§5: the document's own URL stays in E")
    func documentStays() throws {
        let decision = app.externalNavigation(
            to: try WebURL(Self.document), webView: "E", in: tree, isExternalURL: isExternalURL)
        #expect(decision.askedDelegate && decision.outcome == .stay && decision.rule == .externalInternal)
    }

    @Test("§5: D has no delegate and A is unmanaged: neither is asked, both stay")
    func othersNotAsked() throws {
        let url = try WebURL("https://www.bing.example/")
        let fromD = app.externalNavigation(to: url, webView: "D", in: tree, isExternalURL: nil)
        let fromA = app.externalNavigation(to: url, webView: "A", in: tree, isExternalURL: isExternalURL)
        #expect(fromD.outcome == .stay && fromD.rule == .externalNoDelegate)
        #expect(fromA.outcome == .stay && !fromA.askedDelegate && fromA.rule == .externalNotAskedUnmanaged)
    }
}
