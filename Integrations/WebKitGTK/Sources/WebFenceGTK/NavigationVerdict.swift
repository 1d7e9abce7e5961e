import AppBound
import NavigationRules
import WebAddress

/// What WebFence answers for one navigation (or redirect hop) in one kind of frame.
public enum NavigationVerdict: Sendable, Hashable {
    /// The navigation proceeds; the frame gets this app-bound state.
    case allow(FrameAppBoundState)
    /// The app-bound gate refuses it with this error (13); nothing commits.
    case fail(WKError, AppBoundRule)
    /// The navigation rules cancel it.
    case cancel(NavigationDecision)
    /// The navigation rules hand it to the system browser (main frames only).
    case openExternally(NavigationDecision)

    public var allows: Bool {
        if case .allow = self { return true }
        return false
    }

    public var opensExternally: Bool {
        if case .openExternally = self { return true }
        return false
    }
}

/// The verdicts for a navigation to one URL, in the main frame and in a subframe. WebKitGTK's
/// `decide-policy` does not say which frame navigates (its `WebKitNavigationAction` has no frame),
/// so WebFence judges both; where they differ, WebKit's content-rule engine, which does know the
/// frame, holds the refused one (`ContentRules`).
public struct FrameVerdicts: Sendable, Hashable {
    public let main: NavigationVerdict
    public let sub: NavigationVerdict

    /// Whether the engine's answer depends on the frame: one verdict allows and the other does
    /// not, or only the main frame's hands the URL to the system browser.
    public var dependOnFrame: Bool {
        main.allows != sub.allows || main.opensExternally != sub.opensExternally
    }
}

/// The app's policy for its web views: its App-Bound Domains and, optionally, navigation rules
/// (the app's navigation delegate as data). The same decisions as `webfence simulate`.
public struct WebFencePolicy: Sendable {
    public let app: AppBoundApp
    public let rules: NavigationRuleSet?
    let gate: NavigationGate

    public init(app: AppBoundApp, rules: NavigationRuleSet? = nil) {
        self.app = app
        self.rules = rules
        gate = NavigationGate(app: app)
    }

    /// Judges a navigation (or a redirect hop) to `url` in a web view in `state`: the navigation
    /// rules first (a cancel means no gate), then the app-bound gate (spec §3), for both frames.
    /// A subframe going to local content is judged by `subframeOrigin` (§2).
    public func verdicts(for url: WebURL, state: AppBoundWebViewState, subframeOrigin: WebURL?) -> FrameVerdicts {
        FrameVerdicts(
            main: verdict(for: url, isMainFrame: true, state: state, origin: nil),
            sub: verdict(
                for: url, isMainFrame: false, state: state,
                origin: AppBoundApp.isAlwaysAppBound(url) ? subframeOrigin : nil))
    }

    func verdict(for url: WebURL, isMainFrame: Bool, state: AppBoundWebViewState, origin: WebURL?) -> NavigationVerdict
    {
        if let rules {
            let ruling = rules.decide(url, frame: isMainFrame ? .main : .sub)
            switch ruling.action {
            case .allow: break
            case .cancel: return .cancel(ruling)
            case .openExternally: return .openExternally(ruling)
            }
        }
        let decision = gate.decide(url, isMainFrame: isMainFrame, origin: origin, state: state)
        switch decision.outcome {
        case .allow(let frameState): return .allow(frameState)
        case .fail(let error): return .fail(error, decision.rule)
        }
    }

    /// Which frames a restricted API may reach in a web view in `state` (spec §4): decided by the
    /// state alone, because a frame's state is set by the gate from the web view's state.
    public func restriction(for state: AppBoundWebViewState) -> Restriction {
        if app.isBrowser { return app.prohibitedUsageDescriptions.isEmpty ? .none : .everyFrame }
        if !app.isFeatureOn { return .none }
        // Under limits the main frame only ever commits app-bound URLs; subframes may not be.
        return state.limits ? .nonAppBoundSubframes : .everyFrame
    }
}

/// Where restricted APIs (scripts, style sheets, message handlers) are kept out, after a navigation.
public enum Restriction: Sendable, Hashable {
    /// Nowhere: the feature is off, or a browser without prohibited usage strings.
    case none
    /// Every navigated frame is marked not app-bound: limits off (§3 step 5), or a browser with
    /// prohibited usage strings (step 1).
    case everyFrame
    /// Limits on: frames whose own or an ancestor's origin is not app-bound (subframes, and the
    /// windows such a frame opens: D58).
    case nonAppBoundSubframes
}
