/// What a rule set decided for one navigation, and why: the deciding rule (or that none matched),
/// the host as the browser engine parsed it, and a sentence for people.
public struct NavigationDecision: Sendable, Hashable, CustomStringConvertible {
    /// The navigation delegate's answer. `openExternally` hands the URL to the system instead of
    /// loading it (Cordova's allow-intent, Capacitor's external links).
    public enum Action: String, Sendable, Hashable {
        /// Load the URL, do not load it, or hand it to the system to open.
        case allow, cancel, openExternally
    }

    /// The rule of spec/navigation-rules.md §2 that decided.
    public enum Reason: String, Sendable, Hashable, CaseIterable {
        /// An allow rule names the host, and its schemes, ports and paths admit the URL.
        case allowRule = "rules.allow"
        /// A deny rule (an exception) matches: it wins over every allow rule.
        case denyRule = "rules.deny"
        /// A URL without a network host that `allowSchemes` names.
        case allowedScheme = "rules.allowSchemes"
        /// `about:`, `data:`, `blob:`, `javascript:` or `file:` that `allowSchemes` does not name.
        case nonNetworkScheme = "rules.nonNetwork"
        /// Nothing matched: the rule set's `otherwise`.
        case otherwise = "rules.otherwise"
        /// Nothing matched in a subframe: cancelled, since a frame cannot be opened elsewhere (D42).
        case otherwiseSubframe = "rules.otherwise.subframe"

        /// A stable identifier, e.g. `rules.deny`.
        public var code: String { rawValue }
    }

    /// What the navigation delegate answers.
    public let action: Action
    /// The rule of the rule set's logic that decided.
    public let reason: Reason
    /// The rule that decided: a pointer into the rule set (`/allow/2`, `/deny/0`, `/allowSchemes/1`,
    /// `/otherwise`); nil for a non-network URL refused by default.
    public let rulePointer: String?
    /// The deciding rule as written (canonical form), e.g. `*.cdn.example.net` or `data:`.
    public let ruleText: String?
    /// The host the decision was made on, serialised as the URL Standard does; nil without one.
    public let host: String?
    /// For `otherwise`: why the nearest rule did not match (`/allow/3 names the host, but the
    /// scheme is http, the rule allows https`).
    public let nearMiss: String?

    /// The decision as a sentence: `explanation`.
    public var description: String { explanation }

    /// The decision as a sentence: what, by which rule, and why.
    public var explanation: String {
        let on = host.map { " (host \($0))" } ?? ""
        switch reason {
        case .allowRule:
            return "allowed by \(rulePointer ?? "") \(ruleText ?? "")\(on) [\(reason.code), §2]"
        case .denyRule:
            return
                "denied by the exception \(rulePointer ?? "") \(ruleText ?? "")\(on); exceptions win over allow rules [\(reason.code), §2]"
        case .allowedScheme:
            return "allowed: allowSchemes names \(ruleText ?? "") [\(reason.code), §2]"
        case .nonNetworkScheme:
            return
                "cancelled: \(ruleText ?? "this") URLs are denied unless allowSchemes names them [\(reason.code), §2]"
        case .otherwise, .otherwiseSubframe:
            let miss = nearMiss.map { "; \($0)" } ?? ""
            let what =
                reason == .otherwiseSubframe
                ? "cancelled (a subframe is never opened externally)" : "\(action.rawValue) (otherwise)"
            return "no rule matched\(on)\(miss): \(what) [\(reason.code), §2]"
        }
    }

    init(
        _ action: Action, _ reason: Reason, pointer: String?, text: String?, host: String?, nearMiss: String? = nil
    ) {
        self.action = action
        self.reason = reason
        self.rulePointer = pointer
        self.ruleText = text
        self.host = host
        self.nearMiss = nearMiss
    }
}

/// Which frame a navigation is for: rules judge each frame's navigations separately.
public enum NavigationFrame: String, Sendable, Hashable {
    /// The main frame, or a subframe (an iframe).
    case main, sub
}
