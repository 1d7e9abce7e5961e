import WebAddress

/// The framework an app is built on, configured: its navigation code, the first stage of the
/// navigation pipeline, and its bridge, what the simulator's bridge calls ask. The five navigation
/// frameworks decide from their configuration alone; the Flutter plugins and Tauri also run the
/// app's own callback, whose answers come as data (`CallbackAnswers`).
public enum AppFramework: Sendable {
    /// Capacitor, Cordova iOS, react-native-webview, Hotwire Native or PWABuilder's shell.
    case navigationFramework(FrameworkPolicy)
    /// flutter_inappwebview: its bridge settings and its navigation.
    case flutterInAppWebView(FlutterInAppWebViewBridge, FlutterInAppWebViewNavigation)
    /// webview_flutter: its channels and its navigation delegate.
    case webviewFlutter(WebViewFlutterBridge, WebViewFlutterNavigation)
    /// Tauri 2: its capabilities and its navigation handler.
    case tauri(TauriBridge, TauriNavigation)

    /// The framework's answer to WebKit for one navigation action.
    public func decide(_ action: FrameworkNavigationAction) -> FrameworkDecision {
        switch self {
        case .navigationFramework(let policy): policy.decide(action)
        case .flutterInAppWebView(_, let navigation): navigation.decide(action)
        case .webviewFlutter(_, let navigation): navigation.decide(action)
        case .tauri(_, let navigation): navigation.decide(action)
        }
    }

    /// The name `framework bridge` and scenarios use (`capacitor`, `flutter-inappwebview`).
    public var name: String {
        switch self {
        case .navigationFramework(let policy): policy.framework.rawValue
        case .flutterInAppWebView: "flutter-inappwebview"
        case .webviewFlutter: "webview-flutter"
        case .tauri: "tauri"
        }
    }

    /// The framework's name as its project writes it.
    public var displayName: String {
        switch self {
        case .navigationFramework(let policy): policy.framework.displayName
        case .flutterInAppWebView: "flutter_inappwebview"
        case .webviewFlutter: "webview_flutter"
        case .tauri: "Tauri"
        }
    }

    /// Whether the framework sets `limitsNavigationsToAppBoundDomains` on the web views it makes.
    public var limitsNavigationsToAppBoundDomains: Bool {
        switch self {
        case .navigationFramework(let policy): policy.limitsNavigationsToAppBoundDomains
        case .flutterInAppWebView(_, let navigation): navigation.limitsNavigationsToAppBoundDomains
        case .webviewFlutter(_, let navigation): navigation.limitsNavigationsToAppBoundDomains
        case .tauri(_, let navigation): navigation.limitNavigationsToAppBoundDomains
        }
    }

    /// The bridge's shape: its user scripts, message handlers and what the app shows without them.
    public var bridge: FrameworkBridge {
        switch self {
        case .navigationFramework(let policy): policy.bridge
        case .flutterInAppWebView(let bridge, _): .flutterInAppWebView(bridge.settings)
        case .webviewFlutter(let bridge, _): .webviewFlutter(channels: bridge.channels)
        case .tauri: .tauri
        }
    }

    /// The framework's own check of a bridge call from a frame at `url` (`command`: the Tauri command
    /// called, nil for any): the origin lists and capabilities. Nil for the five navigation
    /// frameworks, whose handlers check no frame: their bridge's shape says everything.
    public func bridgeDecision(_ url: WebURL, isMainFrame: Bool, command: String?) throws(FrameworkBridgeFailure)
        -> FrameworkBridgeDecision?
    {
        switch self {
        case .navigationFramework: nil
        case .flutterInAppWebView(let bridge, _): try bridge.decide(url, isMainFrame: isMainFrame)
        case .webviewFlutter(let bridge, _): bridge.decide(url, isMainFrame: isMainFrame)
        case .tauri(let bridge, _): bridge.decide(url, isMainFrame: isMainFrame, command: command)
        }
    }
}

extension FrameworkBridge {
    /// flutter_inappwebview: the bridge script (`JavaScriptBridgeJS`) at document start, in every
    /// frame unless `javaScriptBridgeForMainFrameOnly`, and the `callHandler` message handler; none
    /// of it when the bridge is disabled or Apple Pay is on (spec §13b).
    static func flutterInAppWebView(_ settings: FlutterInAppWebViewSettings) -> FrameworkBridge {
        let present = settings.javaScriptBridgeEnabled != false && settings.applePayAPIEnabled != true
        let mainFrameOnly = settings.javaScriptBridgeForMainFrameOnly ?? false
        let script = "flutter_inappwebview bridge (JavaScriptBridgeJS)"
        return FrameworkBridge(
            userScripts: present
                ? [.init(name: script, injectionTime: .atDocumentStart, forMainFrameOnly: mainFrameOnly)] : [],
            messageHandlers: present ? ["callHandler"] : [], pageBridgeScript: script, mainFrameOnly: mainFrameOnly,
            pageCall: "window.flutter_inappwebview.callHandler(name, ...args)",
            nativeCall: "evaluateJavascript / callAsyncJavaScript, and every handler's reply",
            whenPageCallFails:
                "window.flutter_inappwebview is undefined: callHandler throws a TypeError and the Dart handler never runs",
            whenNativeCallFails: "evaluateJavascript completes with an error (WKErrorDomain 14) and a null result",
            cookieSync: "CookieManager (WKHTTPCookieStore)")
    }

    /// webview_flutter: one document-start script in every frame and one message handler per
    /// channel (spec §13h).
    static func webviewFlutter(channels: [String]) -> FrameworkBridge {
        FrameworkBridge(
            userScripts: channels.map {
                .init(name: "JavaScript channel \($0)", injectionTime: .atDocumentStart, forMainFrameOnly: false)
            },
            messageHandlers: channels, pageBridgeScript: channels.first.map { "JavaScript channel \($0)" },
            mainFrameOnly: false, pageCall: "CHANNEL.postMessage(message)",
            nativeCall: "WebViewController.runJavaScript",
            whenPageCallFails: "the channel object is undefined: postMessage throws and onMessageReceived never runs",
            whenNativeCallFails: "runJavaScript throws a PlatformException (WKErrorDomain 14)",
            cookieSync: "WebViewCookieManager (WKHTTPCookieStore)")
    }

    /// Tauri 2: wry's init script with `__TAURI_INTERNALS__` and the invoke key, main frame only,
    /// and the `ipc` message handler (spec §14b).
    static let tauri = FrameworkBridge(
        userScripts: [
            .init(name: "Tauri IPC (__TAURI_INTERNALS__)", injectionTime: .atDocumentStart, forMainFrameOnly: true)
        ],
        messageHandlers: ["ipc"], pageBridgeScript: "Tauri IPC (__TAURI_INTERNALS__)", mainFrameOnly: true,
        pageCall: "invoke(command) from @tauri-apps/api (an ipc:// fetch, else window.ipc.postMessage)",
        nativeCall: "Webview::eval and event emission",
        whenPageCallFails: "window.__TAURI_INTERNALS__ is undefined: invoke throws and no command runs",
        whenNativeCallFails: "Webview::eval's script does not run (WKErrorDomain 14): events never reach the page",
        cookieSync: nil)
}
