import HybridFrameworks
import NavigationRules
import WebAddress

/// One navigation of one frame, as the app's `decidePolicyFor navigationAction` sees it: the URL,
/// the server redirects it goes through (each one a navigation of its own), the frame, and what the
/// app's own delegate code answered before WebFence is asked.
public struct NavigationRequest: Sendable, Hashable {
    /// The URL the navigation starts with.
    public let url: WebURL
    /// The server redirect hops after `url`, in order; the last one commits.
    public let redirects: [WebURL]
    /// The kind of frame that navigates.
    public let frame: NavigationFrame
    /// For a subframe: its current origin (its document's URL, or its nearest ancestor's), which
    /// the App-Bound lookup reads when the frame goes to local content (`about:`, `data:`, §2).
    public let subframeOrigin: WebURL?
    /// The app's own answer, the first stage of the pipeline.
    public let delegate: DelegateAnswer
    /// How the navigation started (`WKNavigationType`): what a framework's delegate reads. Server
    /// redirects keep the request's type (WebKit re-checks them with the same triggering action).
    public let navigationType: FrameworkNavigationAction.NavigationType
    /// Whether the page asked for a new window (`targetFrame` nil: `window.open`, `target=_blank`).
    public let opensNewWindow: Bool

    /// A navigation of `frame` to `url`.
    public init(
        _ url: WebURL, redirects: [WebURL] = [], frame: NavigationFrame = .main, subframeOrigin: WebURL? = nil,
        delegate: DelegateAnswer = .allow, navigationType: FrameworkNavigationAction.NavigationType = .other,
        opensNewWindow: Bool = false
    ) {
        self.url = url
        self.redirects = redirects
        self.frame = frame
        self.subframeOrigin = frame == .main ? nil : subframeOrigin
        self.delegate = delegate
        self.navigationType = navigationType
        self.opensNewWindow = opensNewWindow
    }

    /// The URLs judged one after the other: the request, then each redirect.
    public var hops: [WebURL] { [url] + redirects }

    /// The action a framework's delegate sees for one hop.
    public func frameworkAction(for url: WebURL) -> FrameworkNavigationAction {
        FrameworkNavigationAction(
            url: url, target: opensNewWindow ? .newWindow : isMainFrame ? .main : .sub, navigationType: navigationType)
    }

    /// Whether the main frame navigates.
    public var isMainFrame: Bool { frame == .main }
}
