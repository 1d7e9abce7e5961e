import AppBound
import HybridFrameworks
import NavigationRules
import WebAddress
import WebFenceNavigation

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
        main.allows != sub.allows || main.opensOutside != sub.opensOutside
    }
}

/// The app's policy for its web views: its App-Bound Domains and, optionally, a hybrid framework's
/// navigation code and navigation rules (the app's navigation delegate as data), decided by
/// WebFence's navigation pipeline, the one `webfence simulate` runs. The engine asks once per
/// navigation and once per redirect hop, with WebKit's navigation type.
public struct WebFencePolicy: Sendable {
    /// The pipeline every navigation of the web view goes through.
    public let pipeline: NavigationPipeline

    public init(app: AppBoundApp, framework: AppFramework? = nil, rules: NavigationRuleSet? = nil) {
        pipeline = NavigationPipeline(app: app, framework: framework, rules: rules)
    }

    /// The hybrid framework whose navigation code decides first, if the app has one.
    public var framework: AppFramework? { pipeline.framework }

    /// The app's App-Bound facts.
    public var app: AppBoundApp { pipeline.app }

    /// The navigation rules, if the app has them.
    public var rules: NavigationRuleSet? { pipeline.rules }

    /// Judges a navigation (or a redirect hop) to `url` in a web view in `state`, for both frames.
    /// A subframe going to local content is judged by `subframeOrigin` (§2). `navigationType` is
    /// what a framework's delegate reads (an app's own `load` is `.other`).
    public func verdicts(
        for url: WebURL, state: AppBoundWebViewState, subframeOrigin: WebURL?, navigationType: NavigationType = .other
    ) -> FrameVerdicts {
        FrameVerdicts(
            main: mainFrameVerdict(for: url, state: state, navigationType: navigationType),
            sub: pipeline.decide(
                NavigationRequest(url, frame: .sub, subframeOrigin: subframeOrigin, navigationType: navigationType),
                state: state))
    }

    /// The main frame's verdict alone, where the engine knows the frame; `opensNewWindow` for the
    /// first navigation of a window the page asked for.
    func mainFrameVerdict(
        for url: WebURL, state: AppBoundWebViewState, navigationType: NavigationType = .other,
        opensNewWindow: Bool = false
    ) -> NavigationVerdict {
        pipeline.decide(
            NavigationRequest(url, navigationType: navigationType, opensNewWindow: opensNewWindow), state: state)
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
