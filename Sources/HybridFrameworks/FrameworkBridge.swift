/// A framework's bridge as data: the user scripts it injects, the message handlers it registers,
/// how each side calls the other, and what the app shows when App-Bound Domains cut a side off
/// (spec/hybrid-frameworks.md §2c, §3c, §4c, §6).
///
/// Every bridge stands on three WebKit APIs that App-Bound Domains restrict in a frame that is not
/// app-bound: user scripts (skipped), `window.webkit.messageHandlers` (null) and
/// `evaluateJavaScript` (error 14). The engine says which frame is restricted; this says what the
/// framework needed there.
public struct FrameworkBridge: Sendable, Hashable {
    /// `WKUserScriptInjectionTime`.
    public enum InjectionTime: String, Sendable, Hashable, CaseIterable {
        /// `.atDocumentStart`.
        case atDocumentStart
        /// `.atDocumentEnd`.
        case atDocumentEnd
    }

    /// One user script the framework adds to every web view it makes.
    public struct UserScript: Sendable, Hashable {
        /// What the script is, as the framework's source names it (`native-bridge.js`).
        public let name: String
        /// When it runs.
        public let injectionTime: InjectionTime
        /// `forMainFrameOnly`.
        public let forMainFrameOnly: Bool
    }

    /// The user scripts, in the order the framework adds them.
    public let userScripts: [UserScript]
    /// The script message handlers (`window.webkit.messageHandlers.NAME`).
    public let messageHandlers: [String]
    /// The injected script the page's calls go through; nil when the page loads its bridge itself
    /// (Cordova's `cordova.js`, a `<script>` tag), so only the message handler matters.
    public let pageBridgeScript: String?
    /// Whether the bridge exists in the main frame only.
    public let mainFrameOnly: Bool
    /// What the page calls to reach native code.
    public let pageCall: String
    /// How native code reaches the page.
    public let nativeCall: String
    /// What the app shows when the page's call finds no bridge (script skipped, handler null).
    public let whenPageCallFails: String
    /// What the app shows when `evaluateJavaScript` fails with error 14.
    public let whenNativeCallFails: String
    /// The framework feature that copies cookies with `WKHTTPCookieStore` (filtered to app-bound
    /// domains whenever `WKAppBoundDomains` lists any), if it has one.
    public let cookieSync: String?

    /// The name of the message handler the page's calls use.
    public var primaryHandler: String? { messageHandlers.first }
}

extension FrameworkPolicy {
    /// The bridge the framework installs, for its configuration.
    public var bridge: FrameworkBridge {
        switch self {
        case .capacitor: .capacitor
        case .cordovaIOS(let policy): .cordova(customScheme: policy.configuration.appScheme != nil)
        case .reactNativeWebView(let policy): .reactNativeWebView(messaging: policy.configuration.messagingEnabled)
        case .hotwireNative(let policy): .hotwire(bridgeComponents: policy.configuration.usesBridgeComponents)
        case .pwabuilder: .pwabuilder
        }
    }
}

extension FrameworkBridge {
    /// Capacitor 8: `JSExport` injects its globals, `native-bridge.js` and one script per plugin,
    /// all at document start in the main frame; the `bridge` handler carries every plugin call.
    static let capacitor = FrameworkBridge(
        userScripts: [
            .init(name: "Capacitor globals", injectionTime: .atDocumentStart, forMainFrameOnly: true),
            .init(name: "native-bridge.js", injectionTime: .atDocumentStart, forMainFrameOnly: true),
            .init(name: "plugin proxies", injectionTime: .atDocumentStart, forMainFrameOnly: true),
        ],
        messageHandlers: ["bridge"], pageBridgeScript: "native-bridge.js", mainFrameOnly: true,
        pageCall: "Capacitor.Plugins.* (window.webkit.messageHandlers.bridge.postMessage)",
        nativeCall: "evaluateJavaScript(\"window.Capacitor.fromNative(…)\") for every plugin result",
        whenPageCallFails:
            "native-bridge.js never ran: Capacitor.getPlatform() returns \"web\", isNativePlatform() is false, plugins fall back to their web versions or reject as unimplemented (capacitor #4721)",
        whenNativeCallFails:
            "the plugin's result never reaches the page; Capacitor logs WKErrorDomain code 14 \"JavaScript execution targeted a frame that is not in an app-bound domain\"",
        cookieSync: "CapacitorCookies (httpCookieStore.setCookie / getAllCookies)")

    /// Cordova iOS: the page loads `cordova.js` itself; the engine registers the `cordova` handler
    /// and, with a custom scheme, one script setting `window.CDV_ASSETS_URL`.
    static func cordova(customScheme: Bool) -> FrameworkBridge {
        FrameworkBridge(
            userScripts: customScheme
                ? [.init(name: "CDV_ASSETS_URL", injectionTime: .atDocumentStart, forMainFrameOnly: true)] : [],
            messageHandlers: ["cordova"], pageBridgeScript: nil, mainFrameOnly: false,
            pageCall: "cordova.exec (window.webkit.messageHandlers.cordova.postMessage)",
            nativeCall:
                "evaluateJavaScript(\"cordova.require('cordova/exec').nativeCallback(…)\") for every plugin result",
            whenPageCallFails:
                "cordova.exec throws \"TypeError: null is not an object (evaluating 'window.webkit.messageHandlers.cordova')\"; deviceready may still fire, every plugin call then fails",
            whenNativeCallFails: "the plugin's callback is lost: Cordova ignores evaluateJavaScript's error",
            cookieSync: nil)
    }

    /// react-native-webview 16: with `onMessage`, the `ReactNativeWebView` handler and its
    /// document-start script (and `injectedJavaScript` at document end); always the history shim.
    static func reactNativeWebView(messaging: Bool) -> FrameworkBridge {
        var scripts: [UserScript] = [
            .init(name: "ReactNativeHistoryShim", injectionTime: .atDocumentStart, forMainFrameOnly: true)
        ]
        if messaging {
            scripts.insert(
                .init(name: "ReactNativeWebView", injectionTime: .atDocumentStart, forMainFrameOnly: true), at: 0)
            scripts.append(.init(name: "injectedJavaScript", injectionTime: .atDocumentEnd, forMainFrameOnly: true))
        }
        return FrameworkBridge(
            userScripts: scripts,
            messageHandlers: messaging ? ["ReactNativeWebView", "ReactNativeHistoryShim"] : ["ReactNativeHistoryShim"],
            pageBridgeScript: messaging ? "ReactNativeWebView" : nil, mainFrameOnly: true,
            pageCall: "window.ReactNativeWebView.postMessage",
            nativeCall: "injectJavaScript() / postMessage() (evaluateJavaScript)",
            whenPageCallFails:
                messaging
                ? "window.ReactNativeWebView is undefined: the page's postMessage throws and onMessage never fires (react-native-webview #1956)"
                : "no onMessage prop: the app installs no bridge at all",
            whenNativeCallFails:
                "RCTLogWarn \"Error evaluating injectedJavaScript: This is possibly due to an unsupported return type…\", though the error is code 14",
            cookieSync: "sharedCookiesEnabled (httpCookieStore.setCookie)")
    }

    /// PWABuilder's iOS shell: no user script; five message handlers the page calls directly (print
    /// and push notifications), `evaluateJavaScript` for push events and universal links, and a
    /// cookie set for the start URL's host (spec §12a).
    static let pwabuilder = FrameworkBridge(
        userScripts: [],
        messageHandlers: ["print", "push-subscribe", "push-permission-request", "push-permission-state", "push-token"],
        pageBridgeScript: nil, mainFrameOnly: false,
        pageCall:
            "window.webkit.messageHandlers['push-subscribe'].postMessage (and print, push-permission-*, push-token)",
        nativeCall:
            "evaluateJavaScript(\"this.dispatchEvent(new CustomEvent('push-…'))\") for push events, \"location.href = '<url>'\" for universal links and shortcuts",
        whenPageCallFails:
            "window.webkit.messageHandlers is undefined: printing and push subscription throw TypeError in the page",
        whenNativeCallFails:
            "the push event or the universal link's location change is lost: the shell ignores evaluateJavaScript's error",
        cookieSync: "the app-platform cookie (httpCookieStore.setCookie for the start URL's host)")

    /// Hotwire Native: `turbo.js` at document end and the `turbo` handler drive every visit; bridge
    /// components add `bridge.js` at document start and the `bridge` handler.
    static func hotwire(bridgeComponents: Bool) -> FrameworkBridge {
        var scripts: [UserScript] = [.init(name: "turbo.js", injectionTime: .atDocumentEnd, forMainFrameOnly: true)]
        if bridgeComponents {
            scripts.append(.init(name: "bridge.js", injectionTime: .atDocumentStart, forMainFrameOnly: true))
        }
        return FrameworkBridge(
            userScripts: scripts, messageHandlers: bridgeComponents ? ["turbo", "bridge"] : ["turbo"],
            pageBridgeScript: "turbo.js", mainFrameOnly: true,
            pageCall: "turbo.js messages (pageLoaded, visitProposed) to window.webkit.messageHandlers.turbo",
            nativeCall: "evaluateJavaScript(\"window.turboNative.…\")",
            whenPageCallFails:
                "turbo.js never ran: no pageLoaded message, so the visit never completes and links become plain WebKit navigations",
            whenNativeCallFails:
                "the session's JavaScript call fails (didFailJavaScriptEvaluation): it cancels and visits again",
            cookieSync: nil)
    }
}
