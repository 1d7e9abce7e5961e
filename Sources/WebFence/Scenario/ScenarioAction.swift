import ManagedWebViews
import NavigationRules
import WebAddress
import WebFenceNavigation

extension Scenario {
    /// The actions of spec/interfaces.md §1 that the simulator runs, and the additions of
    /// docs/decisions.md (D36, D44).
    public enum Action: Sendable {
        case load(WebURL, redirects: [WebURL], delegate: DelegateAnswer)
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
    }
}
