import HybridFrameworks
import StrictJSON

/// The rule set (spec/navigation-rules.md) that allows what a framework's configuration meant:
/// `MeantNavigation` written as `webfence rules` reads it.
public enum FrameworkRuleSet {
    /// The rule set of `meant`, for `framework`.
    public static func json(_ meant: MeantNavigation, framework: HybridFramework) -> JSONValue {
        var members: [JSONValue.Member] = [
            .init("version", .int(1)),
            .init(
                "description",
                .string(
                    "What the \(framework.displayName) configuration meant, without its holes (webfence framework rules)."
                )),
            .init("allow", .array(meant.rules.map(rule))),
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
