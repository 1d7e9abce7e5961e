import WebAddress

/// One navigation as WebKit hands it to the framework's `decidePolicyFor navigationAction`: the URL
/// already canonicalised by the engine, the frame it targets, and how it started.
public struct FrameworkNavigationAction: Sendable, Hashable {
    /// `WKNavigationAction.targetFrame`: the main frame, a subframe, or none (a new window:
    /// `window.open`, `target=_blank`).
    public enum TargetFrame: String, Sendable, Hashable, CaseIterable {
        /// `targetFrame.isMainFrame`.
        case main
        /// `targetFrame` is an iframe.
        case sub
        /// `targetFrame == nil`: the page asks for a new window.
        case newWindow
    }

    /// `WKNavigationType`, with the names of `webfence framework check --jsonl` (interfaces §6).
    public enum NavigationType: String, Sendable, Hashable, CaseIterable {
        /// `.linkActivated` (0): the user activated a link.
        case link
        /// `.formSubmitted` (1).
        case formSubmitted
        /// `.backForward` (2).
        case backForward
        /// `.reload` (3).
        case reload
        /// `.formResubmitted` (4).
        case formResubmitted
        /// `.other` (-1): script, redirect, meta refresh, an iframe's own load, an app's `load(_:)`.
        case other
    }

    /// The URL as the engine canonicalised it (WHATWG): what every framework matcher reads.
    public let url: WebURL
    /// The frame the navigation targets.
    public let target: TargetFrame
    /// How the navigation started.
    public let navigationType: NavigationType
    /// `WKNavigationAction.sourceFrame` is absent: the app's own `load(_:)`, not the page.
    public let isAppInitiated: Bool

    /// A navigation of `url` into `target`, started as `navigationType`, by the page or (with
    /// `isAppInitiated`) by the app.
    public init(
        url: WebURL, target: TargetFrame = .main, navigationType: NavigationType = .link, isAppInitiated: Bool = false
    ) {
        self.url = url
        self.target = target
        self.navigationType = navigationType
        self.isAppInitiated = isAppInitiated
    }

    /// Whether WebKit's `request.mainDocumentURL` equals `request.URL`: true for the main frame and
    /// a new window (its document is the top one), false for a subframe.
    public var isMainDocument: Bool { target != .sub }

    /// The host WebKit's engine connects to, as the URL Standard serialises it (Node's
    /// `url.hostname`: IPv6 keeps its brackets); nil for a URL without one.
    public var realHost: URLHost? { url.host }
}
