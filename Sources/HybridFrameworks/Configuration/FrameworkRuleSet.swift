import NavigationRules
import StrictJSON

/// The rule set (spec/navigation-rules.md) that allows what a framework's configuration meant:
/// `MeantNavigation` written as `webfence rules` reads it. A rule the rule set loader refuses (a
/// public suffix such as `com`, a bare top-level domain) is left out with a note, so the rule set
/// printed always loads.
public enum FrameworkRuleSet {
    /// The rule set of `meant`, for `framework`, and the rules left out and why.
    public static func json(_ meant: MeantNavigation, framework: HybridFramework) -> (JSONValue, [String]) {
        var rules = meant.rules.map(rule)
        var notes: [String] = []
        while true {
            let ruleSet = object(rules, meant, framework)
            guard
                case .failure(let error) = Result(catching: { () throws(RuleSetError) in try NavigationRuleSet(ruleSet)
                }),
                let refused = error.errors.compactMap(Self.allowIndex).first, rules.indices.contains(refused)
            else { return (ruleSet, notes) }
            let finding = error.errors.first { Self.allowIndex($0) == refused }
            notes.append(
                "\(rules[refused].serialized()) is left out: \(finding?.message ?? "refused") [\(finding?.code ?? "rules")]"
            )
            rules.remove(at: refused)
        }
    }

    /// The index into `allow` a finding points at (`/allow/3`, `/allow/3/host`).
    private static func allowIndex(_ finding: RuleSetFinding) -> Int? {
        let parts = finding.pointer.split(separator: "/")
        guard parts.count >= 2, parts[0] == "allow" else { return nil }
        return Int(parts[1])
    }

    private static func object(_ rules: [JSONValue], _ meant: MeantNavigation, _ framework: HybridFramework)
        -> JSONValue
    {
        var members: [JSONValue.Member] = [
            .init("version", .int(1)),
            .init(
                "description",
                .string(
                    "What the \(framework.displayName) configuration meant, without its holes (webfence framework rules)."
                )),
            .init("allow", .array(rules)),
        ]
        if !meant.nonNetworkURLs.isEmpty {
            members.append(.init("allowSchemes", .array(meant.nonNetworkURLs.map(JSONValue.string))))
        }
        members.append(.init("otherwise", .string(meant.othersOpenExternally ? "openExternally" : "cancel")))
        return .object(members)
    }

    private static func rule(_ rule: MeantNavigation.Rule) -> JSONValue {
        if rule.schemes == ["https"], rule.port == nil { return .string(rule.host) }
        var members: [JSONValue.Member] = [
            .init("host", .string(rule.host)), .init("schemes", .array(rule.schemes.map(JSONValue.string))),
        ]
        if let port = rule.port { members.append(.init("ports", .array([.int(Int(port))]))) }
        return .object(members)
    }
}
