/// One app's framework with its configuration: the navigation decision its own code makes, the
/// first stage of the navigation pipeline when an app is built on it.
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

    /// The framework.
    public var framework: HybridFramework {
        switch self {
        case .capacitor: .capacitor
        case .cordovaIOS: .cordovaIOS
        case .reactNativeWebView: .reactNativeWebView
        case .hotwireNative: .hotwireNative
        case .pwabuilder: .pwabuilder
        }
    }

    /// The framework's decision for one navigation action.
    public func decide(_ action: FrameworkNavigationAction) -> FrameworkDecision {
        switch self {
        case .capacitor(let policy): policy.decide(action)
        case .cordovaIOS(let policy): policy.decide(action)
        case .reactNativeWebView(let policy): policy.decide(action)
        case .hotwireNative(let policy): policy.decide(action)
        case .pwabuilder(let policy): policy.decide(action)
        }
    }
}

extension FrameworkPolicy {
    /// Whether the framework sets `limitsNavigationsToAppBoundDomains` on the web views it makes.
    public var limitsNavigationsToAppBoundDomains: Bool {
        switch self {
        case .capacitor(let policy): policy.configuration.limitsNavigationsToAppBoundDomains
        case .cordovaIOS(let policy): policy.configuration.limitsNavigationsToAppBoundDomains
        case .reactNativeWebView(let policy): policy.configuration.limitsNavigationsToAppBoundDomains
        case .hotwireNative(let policy): policy.configuration.limitsNavigationsToAppBoundDomains
        case .pwabuilder(let policy): policy.configuration.limitsNavigationsToAppBoundDomains
        }
    }
}

extension FrameworkPolicy {
    /// The page the framework's web view starts on, when its configuration says: Capacitor's
    /// `server.url` or bundled local URL, Cordova's `<content src>` on its app URL (or `file:`),
    /// react-native-webview's `uri`, Hotwire's start location.
    public var startPage: String? {
        switch self {
        case .capacitor(let policy):
            return policy.configuration.appURL.hasSuffix("/")
                ? policy.configuration.appURL : policy.configuration.appURL + "/"
        case .cordovaIOS(let policy):
            let configuration = policy.configuration
            let source = configuration.contentSource
            if source.contains("://") { return source }
            let path = source.hasPrefix("/") ? source : "/" + source
            return (configuration.appURL ?? "file://") + path
        case .reactNativeWebView(let policy): return policy.configuration.sourceURI
        case .hotwireNative(let policy): return policy.configuration.startLocation
        case .pwabuilder(let policy): return policy.configuration.rootURL
        }
    }
}
