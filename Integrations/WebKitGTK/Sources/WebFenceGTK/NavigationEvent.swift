import AppBound

/// What became of a navigation, reported as it happens.
public struct NavigationEvent: Sendable {
    /// Which frame navigated: `.main` when the app's call, a commit or a content rule said so;
    /// `.newWindow` for the first navigation of a window the page opens, refused before the window
    /// is made; `.unknown` for a refusal in `decide-policy`, which does not know the frame (D55).
    public enum Frame: Sendable, Hashable {
        case main, newWindow, unknown
    }

    public enum Outcome: Sendable, Hashable {
        /// The main frame committed the URL with this app-bound state.
        case committed(FrameAppBoundState)
        /// The app-bound gate refused it (error 13): nothing committed, the page stays.
        case failed(WKError, AppBoundRule)
        /// The app's delegate or the navigation rules cancelled it; `reason` says which rule.
        case cancelled(reason: String)
        /// The navigation rules say to open it outside the app: nothing loaded here; opening it
        /// (the system browser) is the app's to do.
        case openedExternally(reason: String)
        /// The app's delegate made it a download.
        case download
    }

    public let url: String
    public let frame: Frame
    public let outcome: Outcome
}
