/// A web view's resolved identity (§2), with the policy behind it and the rule that decided.
public struct WebViewIdentity: Sendable, Hashable, CustomStringConvertible {
    /// Whose data the web view holds and acts as.
    public let identity: DataIdentity
    /// The nearest policy set up the viewer tree; `.unset` when none. Reported even when no managed
    /// account is signed in, where it changes nothing, so that the caller can show what was set.
    public let policy: WebViewPolicy
    /// The viewer or web view the policy was set on; nil when none.
    public let setOn: String?
    /// Why the web view has this identity: the nearest policy, the app-wide flag, the current
    /// identity, or no managed account.
    public let rule: ManagedWebViewRule

    /// An identity with the policy behind it, where that policy was set, and the rule that decided.
    public init(identity: DataIdentity, policy: WebViewPolicy, setOn: String?, rule: ManagedWebViewRule) {
        self.identity = identity
        self.policy = policy
        self.setOn = setOn
        self.rule = rule
    }

    /// Whether uploads from the web view and pastes into it are blocked: its policy is
    /// `currentIdentityBlockUpload` and a managed account is signed in (an external page shown as
    /// unmanaged does not lift the web view's own policy).
    public var blocksUpload: Bool { policy == .currentIdentityBlockUpload && rule != .noManagedAccount }

    /// The identity, the policy and the viewer it was set on (if any), then the rule's code and section.
    public var description: String {
        let origin = setOn.map { ", \(policy) set on \($0)" } ?? ""
        return "\(identity)\(origin) [\(rule.code), \(rule.section)]"
    }
}

extension ManagedApp {
    /// The identity of `webView` (§2): the nearest non-unset policy up the viewer tree, else the
    /// app-wide flag `TreatAllWebViewsAsUnmanaged`, else the current UI identity. With no managed
    /// account signed in, every web view is unmanaged (§1); a managed web view showing an external
    /// page loaded as unmanaged is unmanaged until its next page (§4).
    public func identity(of webView: String, in tree: WebViewerTree) -> WebViewIdentity {
        let resolved = policyIdentity(of: webView, in: tree)
        guard resolved.identity == .managed, tree.showsExternalPage(webView) else { return resolved }
        return WebViewIdentity(
            identity: .unmanaged, policy: resolved.policy, setOn: resolved.setOn, rule: .externalPageUnmanaged)
    }

    private func policyIdentity(of webView: String, in tree: WebViewerTree) -> WebViewIdentity {
        let nearest = tree.nearestPolicy(for: webView)
        let policy = nearest?.policy ?? .unset
        let setOn = nearest?.setOn
        guard hasManagedAccount else {
            return WebViewIdentity(identity: .unmanaged, policy: policy, setOn: setOn, rule: .noManagedAccount)
        }
        switch policy {
        case .unmanaged:
            return WebViewIdentity(identity: .unmanaged, policy: policy, setOn: setOn, rule: .policyUnmanaged)
        case .currentIdentity:
            return WebViewIdentity(identity: .managed, policy: policy, setOn: setOn, rule: .policyCurrentIdentity)
        case .currentIdentityBlockUpload:
            return WebViewIdentity(
                identity: .managed, policy: policy, setOn: setOn, rule: .policyCurrentIdentityBlockUpload)
        case .unset:
            return treatAllWebViewsAsUnmanaged
                ? WebViewIdentity(identity: .unmanaged, policy: .unset, setOn: nil, rule: .treatAllWebViewsAsUnmanaged)
                : WebViewIdentity(identity: .managed, policy: .unset, setOn: nil, rule: .currentIdentityByDefault)
        }
    }
}
