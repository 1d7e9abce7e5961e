import AppBound
import ManagedWebViews
import WebAddress
import WebFenceNavigation

/// What a scenario step produced, as the typed decisions behind it. Its outcome fields (the JSON
/// that `expect` compares, spec/interfaces.md §1) and its explanation are rendered from it
/// (`StepOutcome+Fields.swift`).
public enum StepOutcome: Sendable, Hashable {
    /// A frame navigation (`load`, `loadHTMLString`, `loadData`, `addFrame`, `navigateFrame`,
    /// `openWindow`): the pipeline's verdict and the frame after it.
    case navigation(NavigationOutcome)
    /// A change to the app or a web view that reports no field, only what it does.
    case changed(Change)
    /// `evaluateJavaScript`.
    case javaScript(RestrictedAPIs.ScriptEvaluation)
    /// `userScriptFrames`: the frames, in creation order, whose document got a user script.
    case userScriptFrames([String])
    /// `styleSheetApplied`: the main frame's decision, and whether the web view has a sheet at all
    /// and a document to apply it to.
    case styleSheet(RestrictedAPIs.Decision, hasSheet: Bool, hasDocument: Bool)
    /// `postMessage`: whether the frame has the message handlers.
    case message(RestrictedAPIs.Decision)
    /// `setCookie`.
    case cookieSet(CookieFilter.Admission)
    /// `getAllCookies` and `getCookies`: the cookies the page sees, and how many the filter hid.
    case cookies(visible: [String], hidden: Int, filtering: Bool)
    /// `deleteCookie`: whether a cookie went.
    case cookieDeleted(Bool)
    /// `registerServiceWorker`.
    case serviceWorker(ServiceWorkerPolicy.Decision)
    /// `state`: the web view's main frame and what it remembers.
    case webViewState(url: WebURL?, mainFrame: FrameAppBoundState, state: AppBoundWebViewState)
    /// `itp`.
    case trackingPrevention(IntelligentTrackingPrevention.Status)
    /// `appBoundDomains`: the list as read, and how the app's Info.plist was read.
    case appBoundDomains(domains: [String], schemes: [String], summary: [String])
    /// `openUniversalLink`.
    case universalLink(UniversalLinkOpening)
    /// `copy`.
    case copy(CopyDecision)
    /// `paste`.
    case paste(PasteDecision)
    /// `upload`.
    case upload(UploadDecision)
    /// A call across the app's framework bridge (`callBridge`, `callPage`).
    case bridgeCall(BridgeCall)

    /// The changes that report no field.
    public enum Change: Sendable, Hashable {
        /// `setConfiguration`: a web view's configuration is copied at creation; changing it later
        /// does nothing (§3).
        case configurationIgnored
        /// `addUserScript`: injected from the next document on.
        case userScriptAdded
        /// `addUserStyleSheet`.
        case userStyleSheetAdded
        /// `setWebViewPolicy`: the policy set on a viewer or web view.
        case webViewPolicySet(viewer: String, policy: WebViewPolicy)
        /// `setPolicyDelegate` on a web view.
        case policyDelegateSet(webView: String)
        /// `addWebView`: the new web view and the identity it resolves to.
        case webViewAdded(id: String, identity: WebViewIdentity)
    }
}

/// A navigation step's outcome: the pipeline's verdict, and the frame and web view after it.
public struct NavigationOutcome: Sendable, Hashable {
    /// The verdict, with every stage's decision.
    public let verdict: NavigationVerdict
    /// The frame's document after the step: the committed URL, or where the frame stayed.
    public let frameURL: WebURL?
    /// The frame's app-bound state after the step.
    public let frameState: FrameAppBoundState
    /// Whether the web view is in forced app-bound mode after the step.
    public let forcedAppBoundMode: Bool
    /// For `openWindow`: the opener has a managed-web-view policy delegate and the new web view,
    /// managed, has none, so `isExternalURL` is never asked for it (§4).
    public let openerDelegateNotInherited: String?
}
