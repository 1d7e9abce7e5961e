import StrictJSON

extension FrameworkDecision {
    /// The decision for `url` as `framework check --format json` lists it: `{"url", "decision",
    /// "host", "bypass", "rule", "ruleCode", "ruleLocation", "ruleEntry"}`.
    public func json(url: String) -> JSONValue {
        .object([
            "url": .string(url), "decision": .string(checkDecision), "host": .string(hostText),
            "bypass": .bool(isBypass), "rule": .string(rule.description), "ruleCode": .string(rule.code),
            "ruleLocation": .string(rule.location), "ruleEntry": .string(rule.entry),
        ])
    }
}
