import StrictJSON
import WebAddress

/// `rules check`'s answer for a URL given as an argument: the rule set's decision, or the parse
/// error of text that is not a URL (cancelled: no web view loads it), and the object
/// `rules check --format json` lists for it.
public struct RulesCheckResult: Sendable {
    /// The text as given.
    public let url: String
    /// The decision; nil when `url` does not parse.
    public let decision: NavigationDecision?
    /// Why `url` does not parse; nil when it does.
    public let parseError: URLParseError?

    /// `text` decided by `ruleSet` in `frame`.
    public init(_ text: String, frame: NavigationFrame, ruleSet: NavigationRuleSet) {
        url = text
        switch WebURL.parse(text) {
        case .failure(let error): (decision, parseError) = (nil, error)
        case .success(let parsed): (decision, parseError) = (ruleSet.decide(parsed, frame: frame), nil)
        }
    }

    /// What happens: a URL that does not parse is cancelled, since no web view loads it.
    public var action: NavigationDecision.Action { decision?.action ?? .cancel }

    /// The deciding rule's code, or `url.unparsable`.
    public var reason: String { decision?.reason.code ?? "url.unparsable" }

    /// The decision in a sentence, or why the text is not a URL.
    public var explanation: String {
        if let decision { return decision.explanation }
        return "not a URL (\(parseError.map { "\($0.code): \($0)" } ?? "")): no web view loads it"
    }

    /// The object `rules check --format json` lists: `{"url", "decision", "rule", "ruleText",
    /// "reason", "host", "explanation"}`.
    public var json: JSONValue {
        .object([
            "url": .string(url), "decision": .string(action.rawValue), "rule": .string(decision?.rulePointer),
            "ruleText": .string(decision?.ruleText), "reason": .string(reason), "host": .string(decision?.host),
            "explanation": .string(explanation),
        ])
    }
}
