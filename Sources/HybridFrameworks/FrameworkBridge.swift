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
