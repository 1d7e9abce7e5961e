import ManagedWebViews
import NavigationRules
import WebAddress

extension Scenario {
    /// The actions of spec/interfaces.md §1 that the simulator runs, and the additions of
    /// docs/decisions.md (D36, D44).
    public enum Action: Sendable {
        case load(WebURL, redirects: [WebURL], delegate: DelegateDecision)
        case loadHTMLString(baseURL: WebURL?)
        case loadData(mimeType: String, baseURL: WebURL?)
        case addFrame(id: String, parent: String, url: WebURL)
        case navigateFrame(WebURL)
        case openWindow(id: String, url: WebURL)
        case setConfiguration(limitsNavigationsToAppBoundDomains: Bool)
        case evaluateJavaScript
        case addUserScript(UserScriptSpec)
        case addUserStyleSheet(forMainFrameOnly: Bool)
        case userScriptFrames
        case styleSheetApplied
        case postMessage(handler: String)
        case setCookie(CookieSpec)
        case getAllCookies
        case getCookies(url: WebURL)
        case deleteCookie(domain: String, name: String)
        case registerServiceWorker(scope: WebURL)
        case state
        case itp
        /// How the app's `WKAppBoundDomains` was read (an addition to the format).
        case appBoundDomains
        /// A tapped link: does it open the app (universal link) or the browser?
        case openUniversalLink(WebURL, from: AppAssociations.LinkSource)
        /// `setWebViewPolicy:forWebViewer:` on a viewer or a web view.
        case setWebViewPolicy(viewer: String, policy: WebViewPolicy)
        /// `setWebViewPolicyDelegate:forWebViewer:`: URLs matching neither list are external.
        case setPolicyDelegate(internalURLs: [WebURL], internalHosts: [HostPattern])
        case copy
        /// Paste data of an identity, or data copied from a web view, `characters` long when known.
        case paste(from: PasteSource, characters: Int?)
        case upload
        /// The app adds a web view while the scenario runs (an addition to the format).
        case addWebView(WebViewSpec)

        /// Where pasted data comes from.
        public enum PasteSource: Sendable, Hashable {
            case identity(DataIdentity)
            case webView(String)
        }

        /// The app's own `decidePolicyFor navigationAction` answer, before the app-bound gate.
        public enum DelegateDecision: String, Sendable {
            case allow, cancel, download
        }

        /// The action's key in the file.
        public var name: String {
            switch self {
            case .load: "load"
            case .loadHTMLString: "loadHTMLString"
            case .loadData: "loadData"
            case .addFrame: "addFrame"
            case .navigateFrame: "navigateFrame"
            case .openWindow: "openWindow"
            case .setConfiguration: "setConfiguration"
            case .evaluateJavaScript: "evaluateJavaScript"
            case .addUserScript: "addUserScript"
            case .addUserStyleSheet: "addUserStyleSheet"
            case .userScriptFrames: "userScriptFrames"
            case .styleSheetApplied: "styleSheetApplied"
            case .postMessage: "postMessage"
            case .setCookie: "setCookie"
            case .getAllCookies: "getAllCookies"
            case .getCookies: "getCookies"
            case .deleteCookie: "deleteCookie"
            case .registerServiceWorker: "registerServiceWorker"
            case .state: "state"
            case .itp: "itp"
            case .appBoundDomains: "appBoundDomains"
            case .openUniversalLink: "openUniversalLink"
            case .setWebViewPolicy: "setWebViewPolicy"
            case .setPolicyDelegate: "setPolicyDelegate"
            case .copy: "copy"
            case .paste: "paste"
            case .upload: "upload"
            case .addWebView: "addWebView"
            }
        }

        /// Whether the step names a web view (`itp` and the app-wide actions do not).
        public var needsWebView: Bool {
            switch self {
            case .itp, .appBoundDomains, .openUniversalLink, .setWebViewPolicy, .addWebView: false
            default: true
            }
        }

        /// Whether the step's `frame` key means something for this action.
        public var takesFrame: Bool {
            switch self {
            case .load, .navigateFrame, .evaluateJavaScript, .postMessage: true
            default: false
            }
        }

        /// Every action key the format defines, the ones still to come included.
        static let allNames = [
            "load", "loadHTMLString", "loadData", "addFrame", "navigateFrame", "openWindow", "setConfiguration",
            "evaluateJavaScript", "addUserScript", "addUserStyleSheet", "userScriptFrames", "styleSheetApplied",
            "postMessage", "setCookie", "getAllCookies", "getCookies", "deleteCookie", "registerServiceWorker", "state",
            "itp", "appBoundDomains", "setWebViewPolicy", "setPolicyDelegate", "copy", "paste", "upload",
            "openUniversalLink",
            "addWebView",
        ]

        /// The outcome fields the action reports, which `expect` may name.
        public var outcomeFields: [String] {
            switch self {
            case .load, .loadHTMLString, .loadData, .addFrame, .navigateFrame, .openWindow:
                Outcome.navigationFields
            case .setConfiguration, .addUserScript, .addUserStyleSheet, .setWebViewPolicy, .setPolicyDelegate,
                .addWebView:
                []
            case .copy: ["identity", "rule"]
            case .paste: ["allowed", "reason", "rule"]
            case .upload: ["allowed", "rule"]
            case .evaluateJavaScript: ["result", "error", "rule"]
            case .userScriptFrames: ["frames"]
            case .styleSheetApplied: ["applied", "rule"]
            case .postMessage: ["delivered", "rule"]
            case .setCookie: ["stored", "rule"]
            case .getAllCookies, .getCookies: ["cookies"]
            case .deleteCookie: ["deleted"]
            case .registerServiceWorker: ["result", "rule"]
            case .state: ["url", "appBound", "forcedAppBoundMode", "limits", "usedRestrictedAPIBeforeNavigation"]
            case .itp: ["enabled", "settingsSwitchShown", "rule"]
            case .appBoundDomains: ["domains", "schemes"]
            case .openUniversalLink: ["opens", "appID", "rule", "decision", "reason"]
            }
        }
    }
}
