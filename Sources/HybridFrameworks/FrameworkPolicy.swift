/// One app's framework with its configuration: the navigation decision its own code makes, the
/// first stage of the navigation pipeline when an app is built on it. What each framework does is
/// its policy type's (`FrameworkDefinition`); this enum is the closed set of them.
public enum FrameworkPolicy: Sendable {
    /// Capacitor's `WebViewDelegationHandler`.
    case capacitor(CapacitorPolicy)
    /// Cordova's `CDVIntentAndNavigationFilter`.
    case cordovaIOS(CordovaPolicy)
    /// react-native-webview's `originWhitelist` check.
    case reactNativeWebView(ReactNativeWebViewPolicy)
    /// Hotwire Native's policy handlers and default router.
    case hotwireNative(HotwirePolicy)
    /// PWABuilder's iOS shell's `decidePolicyFor`.
    case pwabuilder(PWABuilderPolicy)

    /// The framework's policy with every fact of the framework.
    public var definition: any FrameworkDefinition {
        switch self {
        case .capacitor(let policy): policy
        case .cordovaIOS(let policy): policy
        case .reactNativeWebView(let policy): policy
        case .hotwireNative(let policy): policy
        case .pwabuilder(let policy): policy
        }
    }

    /// The framework.
    public var framework: HybridFramework { type(of: definition).framework }

    /// The framework's decision for one navigation action. The hot path: a direct call, where
    /// `definition` would box the policy on every decision.
    public func decide(_ action: FrameworkNavigationAction) -> FrameworkDecision {
        switch self {
        case .capacitor(let policy): policy.decide(action)
        case .cordovaIOS(let policy): policy.decide(action)
        case .reactNativeWebView(let policy): policy.decide(action)
        case .hotwireNative(let policy): policy.decide(action)
        case .pwabuilder(let policy): policy.decide(action)
        }
    }

    /// Whether the framework sets `limitsNavigationsToAppBoundDomains` on the web views it makes.
    public var limitsNavigationsToAppBoundDomains: Bool { definition.limitsNavigationsToAppBoundDomains }

    /// The page the framework's web view starts on, when its configuration says: Capacitor's
    /// `server.url` or bundled local URL, Cordova's `<content src>` on its app URL (or `file:`),
    /// react-native-webview's `uri`, Hotwire's start location, the shell's `rootUrl`.
    public var startPage: String? { definition.startPage }

    /// The addresses its configuration names: the start page and every entry that lets hosts in.
    public var entries: [FrameworkEntry] { definition.entries }

    /// `WKWebView.isInspectable` as the configuration sets it for every build; nil when it leaves
    /// the build's default.
    public var isInspectable: Bool? { definition.isInspectable }

    /// The bridge the framework installs, for its configuration.
    public var bridge: FrameworkBridge { definition.bridge }

    /// The navigation rules as the framework applies them, one sentence each.
    public var rules: [String] { definition.rules }

    /// Where, in the framework's configuration file, each fact the audit points at sits.
    public var places: FrameworkPlaces { type(of: definition).places }
}
