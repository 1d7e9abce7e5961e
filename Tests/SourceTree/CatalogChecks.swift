import Findings
import Testing

/// What every capability's `FindingCatalog` must be, checked from its own test suite.
public enum CatalogChecks {
    /// No code twice; titles without a final full stop, fixes ending with one; every rule linked to
    /// `documentation`; `rule(for:)` finds each entry, and answers an unknown code with a generic
    /// rule pointing at the docs.
    public static func wellFormed(_ catalog: FindingCatalog, documentation: String) {
        let codes = catalog.rules.map(\.code)
        #expect(Set(codes).count == codes.count, "a code listed twice")
        #expect(catalog.documentation == documentation)
        for rule in catalog.rules {
            #expect(!rule.title.isEmpty && !rule.title.hasSuffix("."), "\(rule.code)")
            #expect(rule.fix.hasSuffix("."), "\(rule.code)")
            #expect(rule.documentation == documentation, "\(rule.code)")
            #expect(catalog.rule(for: rule.code) == rule, "\(rule.code)")
        }
        let unknown = catalog.rule(for: "not.a.code")
        #expect(unknown.code == "not.a.code" && unknown.title == "not.a.code")
        #expect(unknown.fix.contains(documentation) && unknown.fix.hasSuffix("."))
        #expect(unknown.documentation == documentation)
    }
}
