/// A capability's finding codes, each with its rule, and the docs section that explains them all:
/// what SARIF logs, GitHub's titles and GitLab's reports show for a code.
public struct FindingCatalog: Sendable {
    /// The page and section that explain every code of the catalog: `docs/navigation-rules.md#finding-codes`.
    public let documentation: String
    /// Every rule, in the catalog's order.
    public let rules: [FindingRule]
    private let byCode: [String: FindingRule]

    /// One code as a catalog lists it: the code, a title without a final full stop, the fix.
    public typealias Entry = (code: String, title: String, fix: String)

    /// A catalog of `entries`, each documented at `documentation`.
    public init(documentation: String, _ entries: [Entry]) {
        self.documentation = documentation
        rules = entries.map { FindingRule(code: $0.code, title: $0.title, fix: $0.fix, documentation: documentation) }
        byCode = Dictionary(rules.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The rule for `code`; for a code the catalog does not know, a rule whose title is the code
    /// and whose fix points at the docs, never a failure.
    public func rule(for code: String) -> FindingRule {
        byCode[code]
            ?? FindingRule(
                code: code, title: code,
                fix: "Read the finding's message, and \(documentation) for the codes WebFence knows.",
                documentation: documentation)
    }
}
