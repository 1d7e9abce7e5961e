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

    /// A navigation of `frame` to `url`.
    public init(
        _ url: WebURL, redirects: [WebURL] = [], frame: NavigationFrame = .main, subframeOrigin: WebURL? = nil,
        delegate: DelegateAnswer = .allow
    ) {
        self.url = url
        self.redirects = redirects
        self.frame = frame
        self.subframeOrigin = frame == .main ? nil : subframeOrigin
        self.delegate = delegate
    }

    /// The URLs judged one after the other: the request, then each redirect.
    public var hops: [WebURL] { [url] + redirects }

    /// Whether the main frame navigates.
    public var isMainFrame: Bool { frame == .main }
}
