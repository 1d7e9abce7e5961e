import StrictJSON
import WebAddress

/// flutter_inappwebview's navigation on iOS (spec §13e, §13f): the web view's App-Bound flag and
/// `useShouldOverrideUrlLoading`, and what the app's `shouldOverrideUrlLoading` callback answers.
///
/// With the setting on, the plugin asks Dart for every policy request: the main frame, sub-frames,
/// new windows, every navigation type and the first load (issue #863). A `null` answer cancels; an
/// exception in the callback allows; the setting on with no callback cancels everything.
public struct FlutterInAppWebViewNavigation: Sendable, Hashable {
    /// What the app's `shouldOverrideUrlLoading` returns (`NavigationActionPolicy`), or how it fails.
    public enum Answer: String, Sendable, Hashable, CaseIterable {
        /// `NavigationActionPolicy.ALLOW` (1).
        case allow
        /// `NavigationActionPolicy.CANCEL` (0).
        case cancel
        /// `NavigationActionPolicy.DOWNLOAD` (2).
        case download
        /// `null` (or any value that is not an integer): the plugin cancels.
        case null
        /// The callback throws: the method channel's error result, which the plugin reads as allow.
        case exception
    }

    /// `limitsNavigationsToAppBoundDomains` (default false), copied into the configuration when the
    /// web view is made.
    public var limitsNavigationsToAppBoundDomains = false
    /// `useShouldOverrideUrlLoading`: the widget turns it on when the callback is set; a setting on
    /// with no callback makes Dart answer `null` to every request.
    public var useShouldOverrideUrlLoading = false
    /// The app's `shouldOverrideUrlLoading` answers; nil when it sets no callback.
    public var shouldOverrideUrlLoading: CallbackAnswers<Answer>?

    /// Nothing set: every navigation allowed without asking Dart.
    public init() {}

    /// The plugin's answer to WebKit for `action`.
    public func decide(_ action: FrameworkNavigationAction) -> FrameworkDecision {
        let host = action.realHost
        func decision(_ verdict: FrameworkDecision.Action, _ code: String, _ reason: String) -> FrameworkDecision {
            FrameworkDecision(verdict, rule: .builtIn("flutter-inappwebview.\(code)", reason), host: host)
        }
        guard useShouldOverrideUrlLoading else {
            return decision(
                .allow, "navigation.notAsked",
                "useShouldOverrideUrlLoading is off: InAppWebView allows every navigation without asking Dart")
        }
        guard let callback = shouldOverrideUrlLoading else {
            return decision(
                .cancel, "navigation.noCallback",
                "useShouldOverrideUrlLoading is on with no shouldOverrideUrlLoading callback: Dart answers null, so "
                    + "every navigation is cancelled, the first load included")
        }
        let frame = "(isForMainFrame: \(action.target == .main))"
        switch callback.answer(for: action.url) {
        case .allow:
            return decision(.allow, "shouldOverrideUrlLoading.allow", "the app's callback \(frame) answered ALLOW")
        case .cancel:
            return decision(.cancel, "shouldOverrideUrlLoading.cancel", "the app's callback \(frame) answered CANCEL")
        case .download:
            return decision(
                .download, "shouldOverrideUrlLoading.download", "the app's callback \(frame) answered DOWNLOAD")
        case .null:
            return decision(
                .cancel, "shouldOverrideUrlLoading.null",
                "the app's callback \(frame) answered null: the plugin reads an answer that is not an integer as cancel"
            )
        case .exception:
            return decision(
                .allow, "shouldOverrideUrlLoading.exception",
                "the app's callback \(frame) threw: the plugin reads the method channel's error as allow")
        }
    }

    /// The navigation settings in `value` (at `pointer`): `{"limitsNavigationsToAppBoundDomains",
    /// "useShouldOverrideUrlLoading", "shouldOverrideUrlLoading"}`, all optional.
    public static func read(_ value: JSONValue, at pointer: String) throws(FrameworkConfigurationError) -> Self {
        var reader = try JSONObjectReader<FrameworkConfigurationError>(value, at: pointer)
        var navigation = Self()
        navigation.limitsNavigationsToAppBoundDomains = try reader.bool("limitsNavigationsToAppBoundDomains") ?? false
        if let answers = reader.value("shouldOverrideUrlLoading") {
            navigation.shouldOverrideUrlLoading = try CallbackAnswers.read(
                answers, at: reader.path("shouldOverrideUrlLoading"), answer: CallbackAnswers<Answer>.named)
        }
        navigation.useShouldOverrideUrlLoading =
            try reader.bool("useShouldOverrideUrlLoading") ?? (navigation.shouldOverrideUrlLoading != nil)
        try reader.finish(expected: [
            "limitsNavigationsToAppBoundDomains", "useShouldOverrideUrlLoading", "shouldOverrideUrlLoading",
        ])
        return navigation
    }
}
