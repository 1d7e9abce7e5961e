import WebAddress

/// A main-frame navigation of a web view to a new page (§4): whether the app's policy delegate was
/// asked `isExternalURL`, and where the page opens as a result.
public struct ExternalURLDecision: Sendable, Hashable {
    /// Where the page opens, or that it does not.
    public enum Outcome: Sendable, Hashable {
        /// The page loads in the web view and nothing changes: the delegate said NO (internal), or it
        /// was not asked (the identity is unmanaged, no delegate is set, the URL is not http or https).
        case stay
        /// External, and the tenant allows any app (or sets no requirement): the page loads in the
        /// web view, and what it shows is unmanaged data from then on. The caller records that.
        case proceedAsUnmanaged
        /// External: the navigation does not happen in the web view; this URL opens in the managed
        /// browser instead (`microsoft-edge-https://…`, or `<protocol>s://…`).
        case openInManagedBrowser(String)
        /// External, but the browser the tenant requires is not installed (or its protocol is not a
        /// URL scheme): the navigation is blocked, never leaked. Carries the URL that would have opened.
        case blockedBrowserMissing(String)
    }

    /// Where the page opens.
    public let outcome: Outcome
    /// Whether `isExternalURL` was called, so that a caller can show a delegate that never fires.
    public let askedDelegate: Bool
    /// The rule that decided.
    public let rule: ManagedWebViewRule
    /// The web view's resolved identity when the navigation started.
    public let source: WebViewIdentity

    /// Whether the page loads in the web view (`stay` or `proceedAsUnmanaged`).
    public var loadsInWebView: Bool {
        switch outcome {
        case .stay, .proceedAsUnmanaged: true
        case .openInManagedBrowser, .blockedBrowserMissing: false
        }
    }
}

extension ManagedApp {
    /// A main-frame navigation of a web view to `url`, given the app's policy delegate answer
    /// (`isExternalURL`: nil = no delegate set on this web view = "never external"). The delegate is
    /// asked only while the web view's identity is managed and only for http and https URLs.
    public func externalNavigation(
        to url: WebURL, webView: String, in tree: WebViewerTree, isExternalURL: ((WebURL) -> Bool)?
    ) -> ExternalURLDecision {
        let source = identity(of: webView, in: tree)
        func decision(_ outcome: ExternalURLDecision.Outcome, asked: Bool, _ rule: ManagedWebViewRule)
            -> ExternalURLDecision
        {
            ExternalURLDecision(outcome: outcome, askedDelegate: asked, rule: rule, source: source)
        }
        guard hasManagedAccount else { return decision(.stay, asked: false, .noManagedAccount) }
        // An unmanaged web view holds nothing that could leak, so the SDK does not ask.
        guard source.identity == .managed else { return decision(.stay, asked: false, .externalNotAskedUnmanaged) }
        guard let isExternalURL else { return decision(.stay, asked: false, .externalNoDelegate) }
        // Only web links can be handed to a browser; the rewrite is defined for http and https alone.
        guard url.scheme == "http" || url.scheme == "https" else {
            return decision(.stay, asked: false, .externalNotAskedNotWebLink)
        }
        guard isExternalURL(url) else { return decision(.stay, asked: true, .externalInternal) }
        switch tenant.managedBrowser {
        case nil:
            return decision(.proceedAsUnmanaged, asked: true, .externalNoRequirement)
        case .any:
            return decision(.proceedAsUnmanaged, asked: true, .externalAnyApp)
        case .some(let browser):
            guard let rewritten = browser.rewrite(url) else {
                // Only an invalid protocol gets here (http and https always rewrite): block, never leak.
                return decision(.blockedBrowserMissing(url.href), asked: true, .externalInvalidBrowserProtocol)
            }
            guard tenant.managedBrowserInstalled else {
                return decision(.blockedBrowserMissing(rewritten), asked: true, .externalBrowserMissing)
            }
            let rule: ManagedWebViewRule = browser == .edge ? .externalOpenInEdge : .externalOpenInUnmanagedBrowser
            return decision(.openInManagedBrowser(rewritten), asked: true, rule)
        }
    }
}
