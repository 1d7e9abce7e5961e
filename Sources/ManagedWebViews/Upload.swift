/// A file upload from a web view (§2, §3): allowed or refused, with the rule.
public struct UploadDecision: Sendable, Hashable {
    /// Whether the upload goes ahead.
    public let allowed: Bool
    /// The rule that decided.
    public let rule: ManagedWebViewRule
    /// The web view's resolved identity.
    public let source: WebViewIdentity
}

extension ManagedApp {
    /// A file upload from a web view: refused only when its policy is `currentIdentityBlockUpload`
    /// while a managed account is signed in.
    public func upload(from webView: String, in tree: WebViewerTree) -> UploadDecision {
        let source = identity(of: webView, in: tree)
        let rule: ManagedWebViewRule
        if !hasManagedAccount {
            rule = .noManagedAccount
        } else {
            rule = source.blocksUpload ? .uploadBlocked : .uploadAllowed
        }
        return UploadDecision(allowed: rule.allows, rule: rule, source: source)
    }
}
