import ManagedWebViews

/// Small builders shared by the suites: an app with a managed account, and a tree with one
/// managed and one unmanaged web view under a window.
enum Fixture {
    static let account = "alice@contoso.example"

    static func app(
        account: String? = Fixture.account, flag: Bool = false, clipboard: TenantPolicy.Clipboard = .policyManagedApps,
        characterLimit: Int? = nil, browser: TenantPolicy.ManagedBrowser? = nil, installed: Bool = true
    ) -> ManagedApp {
        ManagedApp(
            managedAccount: account, treatAllWebViewsAsUnmanaged: flag,
            tenant: TenantPolicy(
                clipboard: clipboard, characterLimit: characterLimit, managedBrowser: browser,
                managedBrowserInstalled: installed))
    }

    /// `window` holding `managed` (currentIdentity), `unmanaged` (unmanaged) and `locked`
    /// (currentIdentityBlockUpload), each set on the web view itself.
    static var tree: WebViewerTree {
        var tree = WebViewerTree()
        tree.addViewer("window", parent: nil)
        tree.addWebView("managed", parent: "window")
        tree.addWebView("unmanaged", parent: "window")
        tree.addWebView("locked", parent: "window")
        tree.setPolicy(.currentIdentity, forWebViewer: "managed")
        tree.setPolicy(.unmanaged, forWebViewer: "unmanaged")
        tree.setPolicy(.currentIdentityBlockUpload, forWebViewer: "locked")
        return tree
    }

    /// The web view in `tree` whose identity is `identity`.
    static func webView(_ identity: DataIdentity) -> String {
        identity == .managed ? "managed" : "unmanaged"
    }
}
