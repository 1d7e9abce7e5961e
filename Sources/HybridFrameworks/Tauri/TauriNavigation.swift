import StrictJSON
import WebAddress

/// Tauri 2's navigation on iOS (spec §14c, §14d): the window's App-Bound flag
/// (`limitNavigationsToAppBoundDomains`, Tauri's spelling) and what the app's `on_navigation`
/// handler answers. There is no default allow-list.
///
/// wry before PR #1596 (August 2025) sends sub-frame navigations and new-window requests to a
/// new-window handler that Tauri does not set, so they are allowed without asking `on_navigation`;
/// from that change every action goes to the handler.
public struct TauriNavigation: Sendable, Hashable {
    /// `app.windows[].limitNavigationsToAppBoundDomains` (default false).
    public var limitNavigationsToAppBoundDomains = false
    /// What the builder's `on_navigation` returns; nil when the app sets none.
    public var onNavigation: CallbackAnswers<Bool>?
    /// Whether the release's wry asks the handler for sub-frames and new windows (PR #1596).
    public var asksForSubframes: Bool

    /// The releases whose wry is known: 2.0.6 and before use wry 0.46, without the change (read in
    /// source); 2.12.0 and later have it (inferred: the change was merged in August 2025 and the
    /// spec read wry's current delegate, the one 2.12.0's releases, 2026, ship). Between them, and
    /// for 2.12.0's pre-releases, WebFence does not know which wry a release took.
    public static func asksForSubframes(version: [Int], isPrerelease: Bool = false) -> Bool? {
        if !version.lexicographicallyPrecedes([2, 12, 0]), !(version == [2, 12, 0] && isPrerelease) { return true }
        if !version.lexicographicallyPrecedes([2, 0, 7]) { return nil }
        return false
    }

    /// Navigation with no handler, asking for sub-frames or not.
    public init(asksForSubframes: Bool) { self.asksForSubframes = asksForSubframes }

    /// Tauri's answer to WebKit for `action`.
    public func decide(_ action: FrameworkNavigationAction) -> FrameworkDecision {
        let host = action.realHost
        func decision(_ verdict: FrameworkDecision.Action, _ code: String, _ reason: String) -> FrameworkDecision {
            FrameworkDecision(verdict, rule: .builtIn("tauri.\(code)", reason), host: host)
        }
        // Tauri's isolation pattern runs its iframe from `isolation-<uuid>://`, always let through.
        if action.url.scheme.hasPrefix("isolation-") {
            return decision(.allow, "navigation.isolation", "Tauri always allows its isolation iframe")
        }
        if action.target != .main, !asksForSubframes {
            return decision(
                .allow, "navigation.notAsked",
                "wry before PR #1596 hands sub-frame navigations and new windows to a new-window handler Tauri does "
                    + "not set: allowed without asking on_navigation")
        }
        guard let handler = onNavigation else {
            return decision(.allow, "navigation.noHandler", "no on_navigation handler: Tauri has no default allow-list")
        }
        return handler.answer(for: action.url)
            ? decision(.allow, "onNavigation.true", "the app's on_navigation returned true")
            : decision(.cancel, "onNavigation.false", "the app's on_navigation returned false")
    }

    /// The navigation settings in `value` (at `pointer`) for Tauri `version`:
    /// `{"limitNavigationsToAppBoundDomains", "onNavigation", "wryAsksForSubframes"}`. The last is
    /// needed only for a release whose wry WebFence does not know; Apple's spelling of the flag is
    /// refused, as Tauri refuses it (its window configuration denies unknown fields).
    public static func read(
        _ value: JSONValue, at pointer: String, version: [Int], isPrerelease: Bool = false
    ) throws(FrameworkConfigurationError) -> Self {
        var reader = try JSONObjectReader<FrameworkConfigurationError>(value, at: pointer)
        if reader.keys.contains("limitsNavigationsToAppBoundDomains") {
            throw FrameworkConfigurationError(
                reader.path("limitsNavigationsToAppBoundDomains"),
                "unknown field: Tauri spells it limitNavigationsToAppBoundDomains (\"limit\"), and refuses Apple's "
                    + "spelling when it builds")
        }
        let release = version.map(String.init).joined(separator: ".")
        let known = asksForSubframes(version: version, isPrerelease: isPrerelease)
        let stated = try reader.bool("wryAsksForSubframes")
        if let known, let stated, known != stated {
            throw FrameworkConfigurationError(
                reader.path("wryAsksForSubframes"),
                "Tauri \(release)'s wry \(known ? "asks" : "does not ask") on_navigation for sub-frames: leave the key out"
            )
        }
        guard let asks = stated ?? known else {
            throw FrameworkConfigurationError(
                reader.path("wryAsksForSubframes"),
                "missing: WebFence does not know whether Tauri \(release)'s wry asks on_navigation for sub-frames "
                    + "(wry PR #1596); say true or false")
        }
        var navigation = Self(asksForSubframes: asks)
        navigation.limitNavigationsToAppBoundDomains = try reader.bool("limitNavigationsToAppBoundDomains") ?? false
        if let answers = reader.value("onNavigation") {
            navigation.onNavigation = try CallbackAnswers.read(answers, at: reader.path("onNavigation")) {
                (value, place) throws(FrameworkConfigurationError) -> Bool in
                guard case .bool(let answer) = value else {
                    throw FrameworkConfigurationError(place, "expected true or false, found \(value.typeName)")
                }
                return answer
            }
        }
        try reader.finish(expected: ["limitNavigationsToAppBoundDomains", "onNavigation", "wryAsksForSubframes"])
        return navigation
    }
}
