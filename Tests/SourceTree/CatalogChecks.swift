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

    /// The `page`'s finding-codes table lists every code of `catalog` once, with a severity and the
    /// catalog's title and fix, and nothing else.
    public static func documented(_ catalog: FindingCatalog, page: String) throws {
        let table = try SourceTree.findingCodesTable(page)
        let documented = table.map(\.code)
        let codes = Set(catalog.rules.map(\.code))
        #expect(Set(documented).count == documented.count, "a code twice in \(page)")
        #expect(Set(documented) == codes, "differ: \(Set(documented).symmetricDifference(codes))")
        for row in table {
            #expect(!row.severity.isEmpty, "\(row.code)")
            let rule = catalog.rule(for: row.code)
            #expect(row.title == rule.title, "\(row.code)")
            #expect(row.fix == rule.fix, "\(row.code)")
        }
    }
}
