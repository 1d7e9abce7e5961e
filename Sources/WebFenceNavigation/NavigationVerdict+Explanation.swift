import AppBound
import ManagedWebViews
import NavigationRules

extension NavigationVerdict {
    /// The verdict as one sentence for people: the deciding stage's rule and why, the redirect it
    /// decided at, and the rule's code and section.
    public var explanation: String {
        let hop = decidingHop
        var text: String
        switch decidedBy {
        case .delegate:
            return request.delegate.rule.map { "\($0.summary) [\($0.code), \($0.section)]" } ?? ""
        case .framework:
            text = "\(hop?.framework.map { "\($0.rule)" } ?? "framework")"
            if hop?.framework?.isBypass == true { text += "; a host the configuration never named" }
        case .navigationRules:
            text = "navigation rules: " + (hop?.rules?.explanation ?? "")
        case .managedWebViews:
            text = hop?.managed?.rule.description ?? ""
            if let ruling = hop?.rules, ruling.action == .openExternally {
                text = "navigation rules: \(ruling.explanation); then \(text)"
            }
        case .appBound:
            return appBoundExplanation
        }
        if let redirect = decidingRedirect { text += "; at the redirect to \(redirect.href)" }
        return text
    }

    /// The gate's rule, with the lookup for the rules that read it, and the managed-web-view answer
    /// of a main frame that commits while a managed account is signed in (so that a delegate that
    /// never fires shows why, managed-web-views.md §6).
    private var appBoundExplanation: String {
        guard let hop = decidingHop, let decision = hop.appBound else { return "" }
        var text = decision.rule.summary
        // Local content and browsers do not read the lookup.
        let readsLookup = ![.alwaysAppBound, .browserAllows, .browserWithProhibitedUsage].contains(decision.rule)
        if let lookup = decision.lookup, lookup.answer != .none, readsLookup, let url = hop.lookedUp {
            text += "; \(lookup.reason(for: url))"
        }
        if !allows, let redirect = decidingRedirect { text += "; at the redirect to \(redirect.href)" }
        text += " [\(decision.rule.code), \(decision.rule.section)]"
        if allows, let managed = hop.managed, managed.rule != .noManagedAccount {
            text = managed.rule.description + "; then " + text
        }
        return text
    }
}
