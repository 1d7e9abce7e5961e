import ManagedWebViews
import Testing

@Suite("§1–§2 the identity of a web view")
struct IdentityTests {
    let app = Fixture.app()

    @Test("§2: a web view added to a viewer after a policy was set on that viewer inherits it")
    func addedLaterInherits() {
        var tree = WebViewerTree()
        tree.addViewer("controller", parent: nil)
        tree.setPolicy(.unmanaged, forWebViewer: "controller")
        tree.addViewer("container", parent: "controller")
        tree.addWebView("late", parent: "container")
        let resolved = app.identity(of: "late", in: tree)
        #expect(resolved.identity == .unmanaged)
        #expect(resolved.policy == .unmanaged && resolved.setOn == "controller")
        #expect(resolved.rule == .policyUnmanaged)
    }

    @Test("§2: a policy may be set on a viewer before the viewer itself is added")
    func setBeforeAdded() {
        var tree = WebViewerTree()
        tree.setPolicy(.currentIdentity, forWebViewer: "controller")
        tree.addViewer("controller", parent: nil)
        tree.addWebView("web", parent: "controller")
        #expect(tree.nearestPolicy(for: "web")?.setOn == "controller")
    }

    /// A web view two viewers down: root → inner → web.
    static var twoLevels: WebViewerTree {
        var tree = WebViewerTree()
        tree.addViewer("root", parent: nil)
        tree.addViewer("inner", parent: "root")
        tree.addWebView("web", parent: "inner")
        return tree
    }

    @Test("§2: the nearest policy up the tree wins")
    func nearestWins() {
        var tree = Self.twoLevels
        tree.setPolicy(.unmanaged, forWebViewer: "root")
        tree.setPolicy(.currentIdentity, forWebViewer: "inner")
        let resolved = app.identity(of: "web", in: tree)
        #expect(resolved.identity == .managed && resolved.setOn == "inner" && resolved.rule == .policyCurrentIdentity)
    }

    @Test("§2: a policy on the web view itself overrides its viewer's")
    func ownPolicyOverrides() {
        var tree = WebViewerTree()
        tree.addViewer("root", parent: nil)
        tree.addWebView("web", parent: "root")
        tree.setPolicy(.currentIdentity, forWebViewer: "root")
        tree.setPolicy(.unmanaged, forWebViewer: "web")
        let resolved = app.identity(of: "web", in: tree)
        #expect(resolved.identity == .unmanaged && resolved.setOn == "web")
        #expect(tree.nearestPolicy(for: "web")?.policy == .unmanaged)
    }

    @Test("§2: unset on a viewer in between is skipped; setting unset removes a policy")
    func unsetSkipped() {
        var tree = Self.twoLevels
        tree.setPolicy(.unmanaged, forWebViewer: "root")
        tree.setPolicy(.currentIdentity, forWebViewer: "inner")
        tree.setPolicy(.unset, forWebViewer: "inner")
        tree.setPolicy(.unset, forWebViewer: "web")
        #expect(tree.policy(setOn: "inner") == .unset)
        let resolved = app.identity(of: "web", in: tree)
        #expect(resolved.identity == .unmanaged && resolved.setOn == "root")
    }

    @Test(
        "§2: with no policy, TreatAllWebViewsAsUnmanaged decides: YES unmanaged, NO the current identity",
        arguments: [
            (true, DataIdentity.unmanaged, ManagedWebViewRule.treatAllWebViewsAsUnmanaged),
            (false, .managed, .currentIdentityByDefault),
        ])
    func flag(_ flag: Bool, _ identity: DataIdentity, _ rule: ManagedWebViewRule) {
        var tree = WebViewerTree()
        tree.addWebView("web", parent: nil)
        let resolved = Fixture.app(flag: flag).identity(of: "web", in: tree)
        #expect(resolved.identity == identity && resolved.rule == rule)
        #expect(resolved.policy == .unset && resolved.setOn == nil)
        #expect(tree.nearestPolicy(for: "web") == nil)
    }

    @Test(
        "§2: a policy other than unset overrides the flag, whichever way the flag is set",
        arguments: [true, false], [WebViewPolicy.unmanaged, .currentIdentity, .currentIdentityBlockUpload])
    func policyOverridesFlag(_ flag: Bool, _ policy: WebViewPolicy) {
        var tree = WebViewerTree()
        tree.addViewer("root", parent: nil)
        tree.addWebView("web", parent: "root")
        tree.setPolicy(policy, forWebViewer: "root")
        let resolved = Fixture.app(flag: flag).identity(of: "web", in: tree)
        #expect(resolved.identity == (policy == .unmanaged ? .unmanaged : .managed))
        #expect(resolved.policy == policy)
        #expect(resolved.blocksUpload == (policy == .currentIdentityBlockUpload))
    }

    @Test("§2: currentIdentityBlockUpload is the current identity plus blocked uploads and pastes")
    func blockUpload() {
        let resolved = app.identity(of: "locked", in: Fixture.tree)
        #expect(resolved.identity == .managed && resolved.blocksUpload)
        #expect(resolved.rule == .policyCurrentIdentityBlockUpload)
    }

    @Test("§2: moving a web view under another viewer changes the policy it inherits")
    func moving() {
        var tree = WebViewerTree()
        tree.addViewer("public", parent: nil)
        tree.addViewer("private", parent: nil)
        tree.setPolicy(.unmanaged, forWebViewer: "public")
        tree.setPolicy(.currentIdentity, forWebViewer: "private")
        tree.addWebView("web", parent: "public")
        #expect(app.identity(of: "web", in: tree).identity == .unmanaged)
        tree.addWebView("web", parent: "private")
        #expect(app.identity(of: "web", in: tree).identity == .managed)
        #expect(tree.ancestry(of: "web") == ["web", "private"])
    }

    @Test("§2: the tree knows its viewers and web views; a cycle ends the lookup instead of looping")
    func treeBasics() {
        var tree = WebViewerTree()
        tree.addViewer("a", parent: "b")
        tree.addViewer("b", parent: "a")
        tree.addWebView("web", parent: "a")
        #expect(tree.contains("a") && tree.contains("web") && !tree.contains("c"))
        #expect(tree.isWebView("web") && !tree.isWebView("a") && !tree.isWebView("c"))
        #expect(tree.parent(of: "web") == "a")
        #expect(tree.ancestry(of: "web") == ["web", "a", "b"])
        #expect(tree.nearestPolicy(for: "web") == nil)
        #expect(app.identity(of: "web", in: tree).rule == .currentIdentityByDefault)
    }

    @Test(
        "§1: with no managed account signed in (nil or \"\") every web view is unmanaged, whatever its policy",
        arguments: [nil, ""], ["managed", "unmanaged", "locked"])
    func noAccount(_ account: String?, _ webView: String) {
        let app = Fixture.app(account: account)
        #expect(!app.hasManagedAccount)
        let resolved = app.identity(of: webView, in: Fixture.tree)
        #expect(resolved.identity == .unmanaged && !resolved.blocksUpload)
        #expect(resolved.rule == .noManagedAccount)
        // What was set is still reported, so that a caller can show why it did not apply.
        #expect(resolved.setOn == webView)
    }

    @Test(
        "§4: a managed web view showing an external page loaded as unmanaged is unmanaged until its next page; its own policy still blocks uploads"
    )
    func externalPage() {
        var tree = WebViewerTree()
        tree.addWebView("docs", parent: nil)
        tree.addWebView("forms", parent: nil)
        tree.setPolicy(.currentIdentityBlockUpload, forWebViewer: "forms")
        let app = ManagedApp(managedAccount: "megan@contoso.com")
        tree.setShowsExternalPage(true, webView: "docs")
        tree.setShowsExternalPage(true, webView: "forms")
        #expect(app.identity(of: "docs", in: tree).rule == .externalPageUnmanaged)
        #expect(app.copy(from: "docs", in: tree).identity == .unmanaged)
        #expect(!app.paste(.managed, characters: nil, into: "docs", in: tree).allowed)
        #expect(!app.upload(from: "forms", in: tree).allowed)
        tree.setShowsExternalPage(false, webView: "docs")
        #expect(app.copy(from: "docs", in: tree).identity == .managed)
        #expect(ManagedApp(managedAccount: nil).identity(of: "docs", in: tree).rule == .noManagedAccount)
    }
}
