import StrictJSON
import WebAddress

/// `rules check --jsonl` and `POST /v1/rules/check` (interfaces §5, §7): the answer to one case,
/// `{"id", "decision", "rule", "reason", "host"}`, or `{"id", "error"}` for a case that cannot be
/// used. Text that is not a URL is cancelled (`url.unparsable`): no web view loads it.
public enum RulesCheckAnswers {
    /// The answer to one line of text.
    public static func answer(toLine line: String, ruleSet: NavigationRuleSet) -> JSONValue {
        do throws(JSONParser.Error) { return answer(to: try JSONParser.parse(line), ruleSet: ruleSet) } catch {
            return .object(["id": .null, "error": .string("invalid JSON at column \(error.column): \(error.message)")])
        }
    }

    /// The answer to one case: `{"id", "url", "frame"}`, `frame` `main` (the default) or `sub`.
    public static func answer(to input: JSONValue, ruleSet: NavigationRuleSet) -> JSONValue {
        let id = input["id"] ?? .null
        guard case .string(let text)? = input["url"] else {
            return .object(["id": id, "error": .string("\"url\" must be a string")])
        }
        let frame: NavigationFrame
        switch input["frame"] {
        case nil, .string("main")?: frame = .main
        case .string("sub")?: frame = .sub
        default: return .object(["id": id, "error": .string("\"frame\" must be \"main\" or \"sub\"")])
        }
        let decision: NavigationDecision?
        switch WebURL.parse(text) {
        case .failure: decision = nil
        case .success(let url): decision = ruleSet.decide(url, frame: frame)
        }
        return .object([
            .init("id", id), .init("decision", .string((decision?.action ?? .cancel).rawValue)),
            .init("rule", .string(decision?.rulePointer)),
            .init("reason", .string(decision?.reason.code ?? "url.unparsable")), .init("host", .string(decision?.host)),
        ])
    }
}
