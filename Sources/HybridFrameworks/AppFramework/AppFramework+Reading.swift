import StrictJSON

extension AppFramework {
    /// The frameworks whose navigation runs the app's own callback, by the names scenarios use.
    public static let callbackFrameworkNames = ["flutter-inappwebview", "webview-flutter", "tauri"]

    /// One of `callbackFrameworkNames` in `version` (nil: the latest the spec describes):
    /// `configuration` as `framework bridge` reads it, `navigation` (at `pointer`) as its navigation
    /// type reads it (`FlutterInAppWebViewNavigation`, `WebViewFlutterNavigation`, `TauriNavigation`).
    public static func read(
        callbackFramework name: String, version: String?, configuration: JSONValue, at configurationPointer: String,
        navigation: JSONValue, at pointer: String
    ) throws(BridgePolicyError) -> AppFramework {
        guard callbackFrameworkNames.contains(name) else {
            throw .failure(FrameworkBridgeFailure("\(name) runs no callback of the app's: its configuration decides"))
        }
        let bridge = try BridgePolicy.read(
            framework: name, version: version, configuration: configuration, at: configurationPointer)
        do throws(FrameworkConfigurationError) {
            switch bridge {
            case .flutterInAppWebView(let bridge):
                return .flutterInAppWebView(bridge, try FlutterInAppWebViewNavigation.read(navigation, at: pointer))
            case .webviewFlutter(let bridge):
                return .webviewFlutter(bridge, try WebViewFlutterNavigation.read(navigation, at: pointer))
            case .tauri(let bridge):
                return .tauri(
                    bridge,
                    try TauriNavigation.read(
                        navigation, at: pointer, version: bridge.version, isPrerelease: bridge.isPrerelease))
            case .navigationFramework(let bridge):
                return .navigationFramework(bridge.policy)
            }
        } catch {
            throw .configuration(error)
        }
    }
}
