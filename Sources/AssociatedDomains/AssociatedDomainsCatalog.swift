import Findings

// Stub until the catalog lands (helper branch `catalogs`).
public enum AssociatedDomainsCatalog {
    /// Stub.
    public static let rules: [FindingRule] = []
    /// Stub.
    public static func rule(for code: String) -> FindingRule {
        FindingRule(code: code, title: code, fix: "See the docs.", documentation: "docs/associated-domains.md")
    }
}
