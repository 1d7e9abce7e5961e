import ManagedWebViews
import WebAddress

/// The managed-web-view stage (Intune's `isExternalURL` question and browser routing) for one web
/// view: the app's managed-web-view facts, the viewer tree the web view sits in, and the policy
/// delegate set on it.
public struct ManagedRouting: Sendable {
    /// The app's account, tenant policy and managed browser.
    public let app: ManagedApp
    /// Viewers and web views, with the policies set on them.
    public let viewers: WebViewerTree
    /// The navigating web view's id in `viewers`.
    public let webView: String
    /// The web view's policy delegate (`isExternalURL:`); nil when none is set ("never external").
    public let isExternalURL: (@Sendable (WebURL) -> Bool)?

    /// The stage for `webView` in `viewers`, asking `isExternalURL` when the SDK would.
    public init(
        app: ManagedApp, viewers: WebViewerTree, webView: String, isExternalURL: (@Sendable (WebURL) -> Bool)?
    ) {
        self.app = app
        self.viewers = viewers
        self.webView = webView
        self.isExternalURL = isExternalURL
    }

    /// A new page of the main frame (§4): asked at each hop.
    func decide(_ url: WebURL) -> ExternalURLDecision {
        app.externalNavigation(to: url, webView: webView, in: viewers, isExternalURL: isExternalURL)
    }

    /// A URL the navigation rules hand to the system: under a managed identity whose tenant requires
    /// a managed browser the SDK routes it there too (D45); otherwise the system browser opens it.
    func routeOpenedExternally(_ url: WebURL) -> ExternalURLDecision {
        app.externalNavigation(to: url, webView: webView, in: viewers, isExternalURL: { _ in true })
    }
}
