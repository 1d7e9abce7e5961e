import AppBound
import WebAddress

/// A simulated `WKWebView`: its configuration at creation, its app-bound state, and its frames.
struct SimulatedWebView: Sendable {
    let id: String
    let viewer: String?
    let dataStore: String
    var appBound: AppBoundWebViewState
    var userScripts: [Scenario.UserScriptSpec]
    /// User style sheets, and whether each applies to the main frame only.
    var userStyleSheets: [Bool]
    /// Frames by id; "main" is always there.
    var frames: [String: Frame] = ["main": Frame(id: "main", parent: nil)]
    /// Frame ids in creation order, for stable output.
    var frameOrder = ["main"]

    struct Frame: Sendable {
        let id: String
        let parent: String?
        /// The committed document's URL; nil before the first commit.
        var url: WebURL? = nil
        var state: FrameAppBoundState = .none
    }

    var mainFrame: Frame { frames["main"] ?? Frame(id: "main", parent: nil) }

    /// The frame's state and its ancestors', from the frame up to the main frame.
    func statesUpward(from id: String) -> [FrameAppBoundState] {
        var states: [FrameAppBoundState] = []
        var current: String? = id
        while let frameID = current, let frame = frames[frameID] {
            states.append(frame.state)
            current = frame.parent
        }
        return states
    }

    /// The frame's current origin, as a URL: its own document's, or (for a frame with no document
    /// or an `about:` one) the nearest ancestor's. A subframe going to local content is judged
    /// by it (§2).
    func originURL(of id: String) -> WebURL? {
        var current: String? = id
        while let frameID = current, let frame = frames[frameID] {
            if let url = frame.url, url.scheme != "about" { return url }
            current = frame.parent
        }
        return nil
    }

    /// A main-frame commit replaces the page: its subframes go.
    mutating func commitMainFrame(url: WebURL, state: FrameAppBoundState) {
        frames = ["main": Frame(id: "main", parent: nil, url: url, state: state)]
        frameOrder = ["main"]
    }

    /// Frames with a document, in creation order.
    var loadedFrames: [Frame] { frameOrder.compactMap { frames[$0] }.filter { $0.url != nil } }
}
