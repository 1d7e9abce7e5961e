import AppBound
import ManagedWebViews
import WebFenceNavigation

extension StepOutcome {
    /// The rule behind the outcome, as a sentence for people; nil when there is nothing to explain.
    public var explanation: String? {
        switch self {
        case .navigation(let outcome): outcome.explanation
        case .changed(let change): change.explanation
        case .javaScript(let evaluation): evaluation.decision.rule.description
        case .userScriptFrames: "user scripts are silently not injected into restricted frames (§4)"
        case .styleSheet(let decision, let hasSheet, _):
            hasSheet ? decision.rule.description : "the web view has no user style sheet"
        case .message(let decision):
            decision.allowed
                ? decision.rule.description
                : "window.webkit.messageHandlers is absent in a restricted frame; the app receives nothing (§4)"
        case .cookieSet(let admission):
            admission.admitted
                ? admission.rule.description : admission.rule.description + "; the completion handler is still called"
        case .cookies(_, let hidden, let filtering):
            filtering
                ? "cookies whose domain is not app-bound are filtered out (\(hidden) hidden) (§4)"
                : AppBoundRule.cookieFilteringOff.description
        case .cookieDeleted: AppBoundRule.cookieDeleteUnfiltered.description
        case .serviceWorker(let decision): decision.rule.description
        case .webViewState: nil
        case .trackingPrevention(let status): status.rule.description
        case .appBoundDomains(_, _, let summary): summary.joined(separator: "; ")
        case .universalLink(let opening): opening.message
        case .copy(let decision): "copied data is tagged \(decision.identity.rawValue): \(decision.rule)"
        case .paste(let decision): decision.rule.description
        case .upload(let decision): decision.rule.description
        case .bridgeCall(let call): call.explanation
        }
    }
}

extension NavigationOutcome {
    /// The verdict's explanation, with the warning about a new window's missing policy delegate.
    var explanation: String {
        guard let opener = openerDelegateNotInherited else { return verdict.explanation }
        return verdict.explanation
            + "; beware: the opener \(opener) has a policy delegate and this new web view has none, so isExternalURL is never asked for it (set one in createWebViewWith, §4)"
    }
}

extension StepOutcome.Change {
    var explanation: String {
        switch self {
        case .configurationIgnored:
            "changing limitsNavigationsToAppBoundDomains on an existing web view has no effect (§3)"
        case .userScriptAdded:
            "the script is injected from the next document load on, into frames that are not restricted"
        case .userStyleSheetAdded: "user style sheets apply only while the main frame is not restricted"
        case .webViewPolicySet(let viewer, let policy):
            "\(policy.name) is set on \(viewer): it applies to every web view at or below it, now and later, unless a nearer policy overrides it (§2)"
        case .policyDelegateSet(let webView):
            "isExternalURL is asked at each new page of \(webView) while its identity is managed (§4)"
        case .webViewAdded(let id, let identity): "web view \(id) added; \(identity)"
        }
    }
}
