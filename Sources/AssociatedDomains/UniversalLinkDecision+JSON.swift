import StrictJSON

extension UniversalLinkDecision {
    /// The decision for one app of one service as `aasa verify --format json` writes it
    /// (interfaces §3): the outcome, its reason, the rule that decided, the message and, for each
    /// rule tried before it, why it missed.
    public func json(service: String, appID: String) -> JSONValue {
        .object([
            "service": .string(service), "appID": .string(appID), "decision": .string(outcome.rawValue),
            "reason": .string(reason.rawValue), "rule": rule.map(\.json) ?? .null, "message": .string(message),
            "misses": .array(
                misses.map { miss in
                    .object([
                        "rule": miss.rule.json, "component": .string(miss.component), "pattern": .string(miss.pattern),
                        "value": .string(miss.value),
                    ])
                }),
        ])
    }
}

extension UniversalLinkDecision.RuleReference {
    /// The rule as the JSON documents name it: its index, JSON pointer, text and comment.
    public var json: JSONValue {
        .object([
            "index": .int(index), "pointer": .string(pointer), "text": .string(text), "comment": .string(comment),
        ])
    }
}
