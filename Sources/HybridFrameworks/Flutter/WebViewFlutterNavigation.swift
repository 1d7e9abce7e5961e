import StrictJSON
import WebAddress

/// webview_flutter's navigation on iOS (3.26, spec §13h): the App-Bound flag, passed to WebKit only
/// when true, and what the app's `NavigationDelegate.onNavigationRequest` answers.
///
/// The plugin asks the delegate for every navigation action, sub-frames and new windows included
/// (`isMainFrame` false for both); with no delegate it allows, and when the call into Dart fails it
/// cancels (fail closed, the opposite of flutter_inappwebview).
public struct WebViewFlutterNavigation: Sendable, Hashable {
    /// What the app's `onNavigationRequest` returns, or how the call fails.
    public enum Answer: String, Sendable, Hashable, CaseIterable {
        /// `NavigationDecision.navigate`.
        case navigate
        /// `NavigationDecision.prevent`.
        case prevent
        /// The call into Dart fails (an exception, the engine detached): the plugin cancels.
        case failure
    }

    /// `WebKitWebViewControllerCreationParams.limitsNavigationsToAppBoundDomains` (default false).
    public var limitsNavigationsToAppBoundDomains = false
    /// The app's `onNavigationRequest` answers; nil when it sets none.
    public var onNavigationRequest: CallbackAnswers<Answer>?

    /// No delegate: every navigation allowed.
    public init() {}

    /// The plugin's answer to WebKit for `action`.
    public func decide(_ action: FrameworkNavigationAction) -> FrameworkDecision {
        let host = action.realHost
        func decision(_ verdict: FrameworkDecision.Action, _ code: String, _ reason: String) -> FrameworkDecision {
            FrameworkDecision(verdict, rule: .builtIn("webview-flutter.\(code)", reason), host: host)
        }
        guard let callback = onNavigationRequest else {
            return decision(
                .allow, "navigation.noDelegate", "no onNavigationRequest: the plugin allows every navigation")
        }
        let frame = "(isMainFrame: \(action.target == .main))"
        switch callback.answer(for: action.url) {
        case .navigate:
            return decision(
                .allow, "onNavigationRequest.navigate", "the app's onNavigationRequest \(frame) answered navigate")
        case .prevent:
            return decision(
                .cancel, "onNavigationRequest.prevent", "the app's onNavigationRequest \(frame) answered prevent")
        case .failure:
            return decision(
                .cancel, "onNavigationRequest.failure",
                "the call into the app's onNavigationRequest \(frame) failed: the plugin cancels")
        }
    }

    /// The navigation settings in `value` (at `pointer`): `{"limitsNavigationsToAppBoundDomains",
    /// "onNavigationRequest"}`, both optional.
    public static func read(_ value: JSONValue, at pointer: String) throws(FrameworkConfigurationError) -> Self {
        var reader = try JSONObjectReader<FrameworkConfigurationError>(value, at: pointer)
        var navigation = Self()
        navigation.limitsNavigationsToAppBoundDomains = try reader.bool("limitsNavigationsToAppBoundDomains") ?? false
        if let answers = reader.value("onNavigationRequest") {
            navigation.onNavigationRequest = try CallbackAnswers.read(
                answers, at: reader.path("onNavigationRequest"), answer: CallbackAnswers<Answer>.named)
        }
        try reader.finish(expected: ["limitsNavigationsToAppBoundDomains", "onNavigationRequest"])
        return navigation
    }
}
