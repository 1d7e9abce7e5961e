/// A frame's app-bound state, set by its last navigation (§4, §6).
public enum FrameAppBoundState: Sendable, Hashable {
    /// No navigation yet, the feature is off, or a download reset it: nothing is restricted.
    case none
    /// The last navigation was app-bound.
    case appBound
    /// The last navigation was marked not app-bound: restricted APIs are blocked here.
    case notAppBound
}

/// What a web view remembers for its whole life (§6).
public struct AppBoundWebViewState: Sendable, Hashable {
    /// `configuration.limitsNavigationsToAppBoundDomains` when the web view was created; changing
    /// the configuration later has no effect.
    public let configuredLimits: Bool
    /// Forced app-bound mode: set by a main-frame local load or `loadHTMLString`, never cleared.
    public var forcedAppBoundMode = false
    /// A restricted API ran in the main frame before the first navigation, with limits off.
    public var usedRestrictedAPIBeforeNavigation = false
    /// A navigation has committed: the "before navigation" window is over (decision D18).
    public var hasNavigated = false

    /// The state of a new web view created with `limitsNavigationsToAppBoundDomains` set to `configuredLimits`.
    public init(configuredLimits: Bool) {
        self.configuredLimits = configuredLimits
    }

    /// The limits in force: configured, or forced.
    public var limits: Bool { configuredLimits || forcedAppBoundMode }

    /// The state a popup starts with: the opener's configured limits, nothing else (§3).
    public var copiedForNewWindow: AppBoundWebViewState { AppBoundWebViewState(configuredLimits: configuredLimits) }
}
