extension Scenario.Action {
    /// Every action of the scenario format, declared once: its key in the file (the raw value),
    /// what a step with it names, and the outcome fields it reports. Parsing
    /// (`ScenarioParser+Actions.swift`), running (`Simulator.perform`) and the WebKitGTK replay
    /// each switch over the actions with no `default:`, so a new case fails to compile until every
    /// one of them handles it.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case load, loadHTMLString, loadData, addFrame, navigateFrame, openWindow, setConfiguration
        case evaluateJavaScript, addUserScript, addUserStyleSheet, userScriptFrames, styleSheetApplied, postMessage
        case setCookie, getAllCookies, getCookies, deleteCookie, registerServiceWorker, state
        case itp, appBoundDomains, setWebViewPolicy, setPolicyDelegate, copy, paste, upload, openUniversalLink
        case addWebView

        /// What a step with this action names.
        public enum Target: Sendable, Hashable {
            /// Nothing: the action is the app's (no `webView` key).
            case app
            /// A web view; `frame` must stay `main`.
            case webView
            /// A web view and one of its frames (`frame`, default `main`).
            case frame
        }

        /// What a step with this action names.
        public var target: Target {
            switch self {
            case .itp, .appBoundDomains, .openUniversalLink, .setWebViewPolicy, .addWebView: .app
            case .load, .navigateFrame, .evaluateJavaScript, .postMessage: .frame
            case .loadHTMLString, .loadData, .addFrame, .openWindow, .setConfiguration, .addUserScript,
                .addUserStyleSheet, .userScriptFrames, .styleSheetApplied, .setCookie, .getAllCookies, .getCookies,
                .deleteCookie, .registerServiceWorker, .state, .setPolicyDelegate, .copy, .paste, .upload:
                .webView
            }
        }

        /// Whether the action is a frame navigation (its outcome is a `NavigationOutcome`).
        public var isNavigation: Bool {
            switch self {
            case .load, .loadHTMLString, .loadData, .addFrame, .navigateFrame, .openWindow: true
            case .setConfiguration, .evaluateJavaScript, .addUserScript, .addUserStyleSheet, .userScriptFrames,
                .styleSheetApplied, .postMessage, .setCookie, .getAllCookies, .getCookies, .deleteCookie,
                .registerServiceWorker, .state, .itp, .appBoundDomains, .setWebViewPolicy, .setPolicyDelegate, .copy,
                .paste, .upload, .openUniversalLink, .addWebView:
                false
            }
        }

        /// The outcome fields the action reports, which `expect` may name, in the order reported.
        public var outcomeFields: [String] {
            switch self {
            case .load, .loadHTMLString, .loadData, .addFrame, .navigateFrame, .openWindow: NavigationOutcome.fieldNames
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

    /// The action's kind.
    public var kind: Kind {
        switch self {
        case .load: .load
        case .loadHTMLString: .loadHTMLString
        case .loadData: .loadData
        case .addFrame: .addFrame
        case .navigateFrame: .navigateFrame
        case .openWindow: .openWindow
        case .setConfiguration: .setConfiguration
        case .evaluateJavaScript: .evaluateJavaScript
        case .addUserScript: .addUserScript
        case .addUserStyleSheet: .addUserStyleSheet
        case .userScriptFrames: .userScriptFrames
        case .styleSheetApplied: .styleSheetApplied
        case .postMessage: .postMessage
        case .setCookie: .setCookie
        case .getAllCookies: .getAllCookies
        case .getCookies: .getCookies
        case .deleteCookie: .deleteCookie
        case .registerServiceWorker: .registerServiceWorker
        case .state: .state
        case .itp: .itp
        case .appBoundDomains: .appBoundDomains
        case .openUniversalLink: .openUniversalLink
        case .setWebViewPolicy: .setWebViewPolicy
        case .setPolicyDelegate: .setPolicyDelegate
        case .copy: .copy
        case .paste: .paste
        case .upload: .upload
        case .addWebView: .addWebView
        }
    }

    /// The action's key in the file.
    public var name: String { kind.rawValue }
}
