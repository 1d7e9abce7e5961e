/// A hybrid framework whose own navigation decision WebFence reproduces (spec/hybrid-frameworks.md).
///
/// Each framework's `decidePolicyFor navigationAction` runs before WebKit's App-Bound gate: what it
/// cancels never reaches the gate, what it allows is then subject to the gate (spec §1.1).
public enum HybridFramework: String, Sendable, Hashable, CaseIterable {
    /// Capacitor 8 (`server.allowNavigation`, the `server.url` / local URL prefix test), spec §2.
    case capacitor
    /// Cordova iOS 8 and 7 (`<allow-navigation>`, then `<allow-intent>`), spec §3.
    case cordovaIOS = "cordova-ios"
    /// react-native-webview 16 (`originWhitelist`), spec §4.
    case reactNativeWebView = "react-native-webview"
    /// Hotwire Native iOS's default router and web-view policy handlers, spec §6.
    case hotwireNative = "hotwire-native"
    /// PWABuilder's iOS shell (`pwa-shell`: `allowedOrigins`, `authOrigins`), spec §12.
    case pwabuilder

    /// Every fact of the framework: the one list from a name to its folder's type.
    public var definition: any FrameworkDefinition.Type {
        switch self {
        case .capacitor: CapacitorPolicy.self
        case .cordovaIOS: CordovaPolicy.self
        case .reactNativeWebView: ReactNativeWebViewPolicy.self
        case .hotwireNative: HotwirePolicy.self
        case .pwabuilder: PWABuilderPolicy.self
        }
    }

    /// The name people know the framework by, with the version whose source the policy follows.
    public var displayName: String { definition.displayName }
}
