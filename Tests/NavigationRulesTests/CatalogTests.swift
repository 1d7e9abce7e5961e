import Findings
import Foundation
import NavigationRules
import SourceTree
import Testing

/// `FindingCatalog.ruleSets` against what raises its codes (the target's sources, read at test time, and
/// `HostPattern`'s refusals) and against docs/navigation-rules.md, which lists them.
@Suite("FindingCatalog.ruleSets: every code raised is listed, documented and explained")
struct CatalogTests {
    static let codes = FindingCatalog.ruleSets.rules.map(\.code)
    static let page = "docs/navigation-rules.md"
    static let folder = "Sources/NavigationRules"

    /// The files whose string literals raise findings: the target's sources but its catalog and
    /// NavigationDecision.swift, whose `rules.*` strings are a decision's reasons, not findings.
    static func sources() throws -> [String] {
        try SourceTree.swiftFiles(in: folder).filter {
            !$0.hasSuffix("/RuleSetCatalog.swift") && !$0.hasSuffix("/NavigationDecision.swift")
        }
    }

    /// Every `rules.*` string literal in `sources()`, `HostPattern`'s prefix `rules.host.` included.
    static func literalCodes() throws -> Set<String> {
        try sources().reduce(into: []) { codes, path in
            codes.formUnion(try SourceTree.codeLiterals(in: SourceTree.text(path), families: ["rules"]))
        }
    }

    @Test("no code twice; titles and fixes well formed; each links to #finding-codes; unknown codes answered")
    func wellFormed() {
        CatalogChecks.wellFormed(.ruleSets, documentation: "docs/navigation-rules.md#finding-codes")
    }

    @Test("every code literal in the sources is in the catalog; the one prefix is HostPattern's rules.host.")
    func literalsAreListed() throws {
        let literals = try Self.literalCodes()
        let codes = literals.filter { !$0.hasSuffix(".") }
        #expect(codes.count > 15, "the scan found too few codes: \(codes.sorted())")
        #expect(codes.subtracting(Self.codes).isEmpty, "not in the catalog: \(codes.subtracting(Self.codes))")
        #expect(literals.subtracting(codes) == ["rules.host."])
    }

    @Test("NavigationDecision.swift's rules.* strings are exactly the decision reasons, which are not findings")
    func reasonsAreNotFindings() throws {
        let literals = try SourceTree.codeLiterals(
            in: SourceTree.text("\(Self.folder)/NavigationDecision.swift"), families: ["rules"])
        #expect(literals == Set(NavigationDecision.Reason.allCases.map(\.code)))
        // Two reasons share their string with a finding code of the loader's.
        #expect(literals.intersection(Self.codes) == ["rules.allowSchemes", "rules.otherwise"])
    }

    /// A host text of each refusal `HostPattern.parse` gives, by code.
    static let refusals: [(text: String, code: String)] = [
        ("", "rules.host.empty"), ("ex*ample.com", "rules.host.wildcardInLabel"),
        ("ex%61mple.com", "rules.host.percentEncoded"), ("https://example.com", "rules.host.hasScheme"),
        ("user@example.com", "rules.host.hasUserinfo"), ("example.com/path", "rules.host.hasPath"),
        ("example.com:8443", "rules.host.hasPort"), ("exa mple.com", "rules.host.notAHost"),
        ("=127.0.0.1", "rules.host.wildcardAddress"), ("example..com", "rules.host.emptyLabel"),
        ("com", "rules.host.bareTLD"), ("co.uk", "rules.host.publicSuffix"),
    ]

    /// The codes `HostPattern.parse` builds from `rules.host.` and each `refuse("…")` in its source.
    static func refusalCodes() throws -> Set<String> {
        let source = try SourceTree.text("\(folder)/HostPattern.swift")
        return Set(
            source.matches(of: try Regex(#"refuse\(\s*"([A-Za-z]+)""#)).compactMap {
                $0.output[1].substring.map { "rules.host.\($0)" }
            })
    }

    @Test("every HostPattern refusal is raised by its example and is in the catalog; the examples cover the source")
    func hostRefusals() throws {
        for (text, code) in Self.refusals {
            guard case .failure(let refusal) = HostPattern.parse(text) else {
                Issue.record("\"\(text)\" was not refused")
                continue
            }
            #expect(refusal.code == code, "\"\(text)\"")
            #expect(Self.codes.contains(code), "\(code)")
        }
        #expect(try Self.refusalCodes() == Set(Self.refusals.map(\.code)))
    }

    @Test("the catalog lists no code that nothing raises")
    func noStaleEntry() throws {
        let raised = try Self.literalCodes().union(Self.refusalCodes())
        let stale = Set(Self.codes).subtracting(raised)
        #expect(stale.isEmpty, "listed, raised nowhere: \(stale.sorted())")
    }

    @Test("docs/navigation-rules.md's table lists every catalog code with its title and fix, and nothing else")
    func documented() throws {
        try CatalogChecks.documented(.ruleSets, page: Self.page)
    }
}
