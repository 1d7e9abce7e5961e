/// Whether a URL opens the app, with the reason (spec §3): the deciding rule, or why no rule could
/// decide, and on request why each earlier rule did not match.
public struct UniversalLinkDecision: Sendable, Hashable, CustomStringConvertible {
    /// Where the link opens.
    public enum Outcome: String, Sendable, Hashable {
        /// The app opens the link.
        case match
        /// A rule with `exclude` matched: the link opens in the browser, on purpose.
        case exclude
        /// Nothing matched: the link opens in the browser.
        case noMatch = "no_match"
    }

    /// Why, as a stable code.
    public enum Reason: String, Sendable, Hashable {
        /// A rule decided (see `rule`).
        case rule
        /// A service other than applinks lists the app ID: it has no patterns, any URL counts.
        case listed
        /// The URL's host is not the domain.
        case hostMismatch
        /// Universal links are http(s) URLs.
        case notHTTP
        /// No details entry lists the app ID (or the service does not).
        case appIDNotListed
        /// The entry for the app ID has rules, and none matched.
        case noRuleMatched
        /// The entry for the app ID has no rules at all.
        case noRules
    }

    /// The rule that decided, as written.
    public struct RuleReference: Sendable, Hashable {
        /// Its index among the entry's rules.
        public let index: Int
        /// Its JSON pointer in the file.
        public let pointer: String
        /// The rule as written: the component object without its comment, or the legacy `paths` string.
        public let text: String
        /// The rule's `comment`, if any.
        public let comment: String?
    }

    /// Why an earlier rule did not match.
    public struct RuleMiss: Sendable, Hashable, CustomStringConvertible {
        /// The rule that did not match.
        public let rule: RuleReference
        /// The part of the URL that did not match: `path`, `query`, `query item NAME` or `fragment`.
        public let component: String
        /// The pattern that failed (a path pattern after normalisation).
        public let pattern: String
        /// What it was compared with (a path after normalisation; `""` for an absent part).
        public let value: String

        /// The miss in a sentence: the rule, then the value that its pattern does not match.
        public var description: String {
            "rule \(rule.index) \(rule.text): the \(component) \"\(value)\" does not match \"\(pattern)\""
        }
    }

    /// Where the link opens.
    public let outcome: Outcome
    /// What the outcome rests on.
    public let reason: Reason
    /// The rule that decided; nil when no rule did.
    public let rule: RuleReference?
    /// Filled when asked for (`explain`): every rule before the deciding one (or all of them).
    public let misses: [RuleMiss]
    /// For the reasons other than `rule` and `noRuleMatched`, the sentence; for `noRuleMatched`,
    /// the entry's pointer. (The hot paths keep values, not sentences: `message` is built on demand.)
    let note: String
    /// For `noRuleMatched`: how many rules were walked.
    let ruleCount: Int

    init(
        _ outcome: Outcome, _ reason: Reason, rule: RuleReference? = nil, misses: [RuleMiss] = [], note: String = "",
        ruleCount: Int = 0
    ) {
        self.outcome = outcome
        self.reason = reason
        self.rule = rule
        self.misses = misses
        self.note = note
        self.ruleCount = ruleCount
    }

    /// One sentence for people.
    public var message: String {
        switch reason {
        case .rule:
            guard let rule else { return note }
            return "rule \(rule.index) \(rule.text) "
                + (outcome == .exclude ? "matched and excludes the URL" : "matched")
        case .noRuleMatched:
            return "none of the \(ruleCount) rules of \(note) matched"
        default:
            return note
        }
    }

    /// The outcome's raw value, then the message, e.g. `match: rule 1 {"/":"/buy/*"} matched`.
    public var description: String { "\(outcome.rawValue): \(message)" }
}
