import WebAddress

/// The app-bound navigation gate (§3): run for each frame navigation, and for each server
/// redirect hop, after the app's own navigation delegate said allow.
public struct NavigationGate: Sendable {
    /// The app whose web views the gate judges.
    public let app: AppBoundApp

    /// The gate for `app`'s web views.
    public init(app: AppBoundApp) {
        self.app = app
    }

    /// The gate's answer.
    public struct Decision: Sendable, Hashable {
        /// Whether the navigation proceeds, and the frame's new state or the error.
        public enum Outcome: Sendable, Hashable {
            /// The navigation proceeds; the frame gets this state.
            case allow(FrameAppBoundState)
            /// The navigation fails with this error; nothing commits.
            case fail(WKError)
        }

        /// Whether the navigation proceeds.
        public let outcome: Outcome
        /// The web view enters forced app-bound mode (limits on for life).
        public let forcesAppBoundMode: Bool
        /// The rule that decided.
        public let rule: AppBoundRule
        /// The §2 lookup behind the decision, when one ran.
        public let lookup: AppBoundLookup?

        /// Whether the navigation proceeds.
        public var isAllowed: Bool {
            if case .allow = outcome { return true }
            return false
        }
    }

    /// Judges a frame's navigation to `url` for a web view in `state` (§3, steps 1–5 in order).
    /// For a subframe going to local content (about:, data:, ...), `origin` is the frame's current
    /// origin, which the lookup reads instead (§2).
    public func decide(
        _ url: WebURL, isMainFrame: Bool, origin: WebURL? = nil, state: AppBoundWebViewState
    ) -> Decision {
        // 1. A browser is never limited; prohibited usage strings make every site not app-bound.
        if app.isBrowser {
            return app.prohibitedUsageDescriptions.isEmpty
                ? Decision(outcome: .allow(.none), forcesAppBoundMode: false, rule: .browserAllows, lookup: nil)
                : Decision(
                    outcome: .allow(.notAppBound), forcesAppBoundMode: false, rule: .browserWithProhibitedUsage,
                    lookup: nil)
        }
        // 2. No key, no feature.
        let lookup = app.lookUp(origin ?? url)
        if lookup.answer == .none {
            return Decision(outcome: .allow(.none), forcesAppBoundMode: false, rule: .featureOff, lookup: lookup)
        }
        // 3. Local content in the main frame is app-bound and forces the mode.
        if isMainFrame, AppBoundApp.isAlwaysAppBound(url) {
            return Decision(outcome: .allow(.appBound), forcesAppBoundMode: true, rule: .alwaysAppBound, lookup: lookup)
        }
        // 4. Under limits, the lookup decides.
        if state.limits {
            switch (lookup.answer, isMainFrame) {
            case (.yes, _):
                return Decision(
                    outcome: .allow(.appBound), forcesAppBoundMode: false, rule: .limitsAppBound, lookup: lookup)
            case (_, true):
                return Decision(
                    outcome: .fail(.navigationAppBoundDomain), forcesAppBoundMode: false,
                    rule: .limitsMainFrameNotAppBound,
                    lookup: lookup)
            case (_, false):
                return Decision(
                    outcome: .allow(.notAppBound), forcesAppBoundMode: false, rule: .limitsSubframeNotAppBound,
                    lookup: lookup)
            }
        }
        // 5. Without limits: poisoned by early API use, or allowed and marked not app-bound.
        if state.usedRestrictedAPIBeforeNavigation {
            return Decision(
                outcome: .fail(.navigationAppBoundDomain), forcesAppBoundMode: false,
                rule: .restrictedAPIUsedBeforeNavigation,
                lookup: lookup)
        }
        return Decision(
            outcome: .allow(.notAppBound), forcesAppBoundMode: false, rule: .noLimitsNotAppBound, lookup: lookup)
    }
}
