import ManagedWebViews

/// Managed web views: the policy delegate, and the clipboard between identities (§3, §4).
extension Simulator {
    /// `setPolicyDelegate`: `isExternalURL` from then on answers from these lists.
    mutating func setPolicyDelegate(_ delegate: PolicyDelegate, on webView: SimulatedWebView) -> StepOutcome {
        webViews[webView.id]?.policyDelegate = delegate
        return .changed(.policyDelegateSet(webView: webView.id))
    }

    /// `paste` of data of an identity, or of what `copy` tagged in another web view.
    func paste(
        from source: Scenario.Action.PasteSource, characters: Int?, into webView: SimulatedWebView, at pointer: String
    ) throws(ScenarioError) -> StepOutcome {
        let data: DataIdentity
        switch source {
        case .identity(let identity): data = identity
        case .webView(let id):
            guard webViews[id] != nil else {
                throw ScenarioError(pointer + "/paste/from", "unknown web view \"\(id)\"")
            }
            data = app.managed.copy(from: id, in: viewers).identity
        }
        return .paste(app.managed.paste(data, characters: characters, into: webView.id, in: viewers))
    }
}
