/// Where JavaScript injection, user scripts, user style sheets and script message handlers work
/// (§4), and the "restricted API before the first navigation" rule (§5).
public enum RestrictedAPIs {
    /// An API decision with its rule.
    public struct Decision: Sendable, Hashable {
        /// Whether the API works in the frame.
        public let allowed: Bool
        /// The rule that decided.
        public let rule: AppBoundRule
    }

    /// A frame is restricted when it, or any of its ancestors, was marked not app-bound by its last
    /// navigation. `states` runs from the frame up to the main frame.
    public static func frame(withStates states: [FrameAppBoundState]) -> Decision {
        if states.contains(.notAppBound) { return Decision(allowed: false, rule: .apiRestricted) }
        if states.contains(.appBound) { return Decision(allowed: true, rule: .apiAllowedAppBound) }
        return Decision(allowed: true, rule: .apiAllowedNoState)
    }

    /// What `evaluateJavaScript` / `callAsyncJavaScript` does in a frame: the frame's decision, and
    /// the error the completion handler gets when the frame is restricted.
    public struct ScriptEvaluation: Sendable, Hashable {
        /// Whether the frame may run the script, and the rule.
        public let decision: Decision
        /// Error 14 (`javaScriptAppBoundDomain`) in a restricted frame; nil when the script runs.
        public var error: WKError? { decision.allowed ? nil : .javaScriptAppBoundDomain }
    }

    /// `evaluateJavaScript` / `callAsyncJavaScript`: fails with error 14 in a restricted frame.
    public static func evaluateJavaScript(frameAndAncestors states: [FrameAppBoundState]) -> ScriptEvaluation {
        ScriptEvaluation(decision: frame(withStates: states))
    }

    /// User style sheets: judged by the main frame's state alone, silently not applied.
    public static func userStyleSheet(mainFrame state: FrameAppBoundState) -> Decision {
        Decision(allowed: state != .notAppBound, rule: .styleSheetJudgedByMainFrame)
    }

    /// Whether using a restricted API now poisons the web view (§5): with the feature on, limits
    /// off, no navigation yet, and the call aimed at the main frame.
    public static func marksUseBeforeNavigation(app: AppBoundApp, state: AppBoundWebViewState, inMainFrame: Bool)
        -> Bool
    {
        app.isFeatureOn && !state.limits && !state.hasNavigated && inMainFrame
    }
}
