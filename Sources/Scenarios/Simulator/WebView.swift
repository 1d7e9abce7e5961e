import AppBound
import NavigationRules
import WebAddress

/// A simulated `WKWebView`: its configuration at creation, its app-bound state, and its frames.
struct SimulatedWebView: Sendable {
    let id: String
    let viewer: String?
    let dataStore: String
    var appBound: AppBoundWebViewState
    var userScripts: [Scenario.UserScriptSpec]
    /// How many user style sheets the web view has. Whether a sheet is for the main frame only
    /// does not matter: sheets are judged by the main frame's state alone (§4).
    var userStyleSheets: Int
    /// The app's navigation delegate as a rule set (nil: the delegate allows everything).
    var navigationRules: NavigationRuleSet?
    /// The managed-web-view policy delegate set on this web view (nil: "never external").
    var policyDelegate: PolicyDelegate? = nil
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
        /// The user scripts of the configuration when this document loaded: a script added later
        /// runs from the next load on.
        var scripts: [Scenario.UserScriptSpec] = []
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

    /// A commit replaces the frame's document: the frames inside the old one go (all of them, for
    /// the main frame).
    mutating func commit(frame id: String, url: WebURL, state: FrameAppBoundState) {
        let gone = Set(frameOrder.filter { isDescendant($0, of: id) })
        frameOrder.removeAll { gone.contains($0) }
        for frameID in gone { frames[frameID] = nil }
        frames[id]?.url = url
        frames[id]?.state = state
        frames[id]?.scripts = userScripts
    }

    private func isDescendant(_ candidate: String, of ancestor: String) -> Bool {
        var current = frames[candidate]?.parent
        while let frameID = current {
            if frameID == ancestor { return true }
            current = frames[frameID]?.parent
        }
        return false
    }

    /// Frames with a document, in creation order.
    var loadedFrames: [Frame] { frameOrder.compactMap { frames[$0] }.filter { $0.url != nil } }
}
