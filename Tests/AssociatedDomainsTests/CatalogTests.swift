import AssociatedDomains
import Findings
import Foundation
import SourceTree
import Testing

/// `FindingCatalog.associatedDomains` against what raises its codes (the sources of the target and of
/// `webfence aasa lint`, read at test time) and against docs/associated-domains.md, which lists them.
@Suite("FindingCatalog.associatedDomains: every code raised is listed, documented and explained")
struct CatalogTests {
    static let codes = FindingCatalog.associatedDomains.rules.map(\.code)
    static let page = "docs/associated-domains.md"
    static let command = "Sources/WebFenceCommands/AASA/AASALintCommand.swift"

    /// The files whose string literals raise codes: the target's sources (its catalog aside) and the
    /// command that adds `aasa.size` and `entitlement.appID.missing` itself.
    static func sources() throws -> [String] {
        let target = try SourceTree.swiftFiles(in: "Sources/AssociatedDomains")
        return target.filter { !$0.hasSuffix("/AssociatedDomainsCatalog.swift") } + [Self.command]
    }

    /// Every `aasa.*` and `entitlement.*` code written as a string literal in `sources()`.
    static func literalCodes() throws -> Set<String> {
        try sources().reduce(into: []) { codes, path in
            codes.formUnion(try SourceTree.codeLiterals(in: SourceTree.text(path), families: ["aasa", "entitlement"]))
        }
    }

    @Test("no code twice; titles and fixes well formed; each links to #finding-codes; unknown codes answered")
    func wellFormed() {
        CatalogChecks.wellFormed(.associatedDomains, documentation: "docs/associated-domains.md#finding-codes")
    }

    @Test("every code literal in the sources is in the catalog, the command's two included")
    func literalsAreListed() throws {
        let literals = try Self.literalCodes()
        #expect(literals.count > 50, "the scan found too few codes: \(literals.sorted())")
        #expect(literals.subtracting(Self.codes).isEmpty, "not in the catalog: \(literals.subtracting(Self.codes))")
        let command = try SourceTree.codeLiterals(in: SourceTree.text(Self.command), families: ["aasa", "entitlement"])
        #expect(command == ["aasa.size", "entitlement.appID.missing"])
    }

    /// An app ID of each `AppID.Problem` class. A new class makes this switch fail to compile:
    /// add it here and to `problems`.
    static func example(of problem: AppID.Problem) -> String {
        switch problem {
        case .placeholder: "TEAM_ID.com.example.app"
        case .appStoreID: "284882215.com.example.app"
        case .noTeamID: "com.example.app"
        case .malformed: "ABCDE1234.com.example.app"
        case .templateBundleID: "ABCDE12345.io.ionic.starter"
        }
    }

    static let problems: [AppID.Problem] = [
        .placeholder("TEAM_ID"), .appStoreID("284882215"), .noTeamID, .malformed,
        .templateBundleID("the Ionic starter"),
    ]

    @Test("every AppID.problem class has its code in the catalog, and the reader raises it", arguments: problems)
    func appIDProblem(_ problem: AppID.Problem) throws {
        let id = Self.example(of: problem)
        #expect(AppID.problem(id) == problem)
        #expect(Self.codes.contains(problem.code), "\(problem.code)")
        let findings = try read(#"{"applinks": {"details": [{"appIDs": ["\#(id)"], "components": []}]}}"#).findings
        #expect(findings.map(\.code).contains(problem.code), "\(findings)")
    }

    /// Bytes that a device cannot read, one for each `AssociationFile.ReadError`, and the error's
    /// case. A new case makes `kind(of:)` fail to compile: add a sample for it.
    static let unreadable: [[UInt8]] = [
        Array(repeating: UInt8(ascii: " "), count: AssociationFile.maximumSize + 1),
        [0xFF, 0xFE, 0x41],  // UTF-16LE with an odd number of bytes
        Array("{\"applinks\": ".utf8),
        Array("[]".utf8),
    ]

    static func kind(of error: AssociationFile.ReadError) -> Int {
        switch error {
        case .tooLarge: 0
        case .notText: 1
        case .invalidJSON: 2
        case .notAnObject: 3
        }
    }

    /// The code of each `ReadError` (an error finding of `aasa fetch`), from the samples.
    static func readErrorCodes() -> [(kind: Int, code: String)] {
        unreadable.compactMap { bytes in
            guard case .failure(let error) = AssociationFile.read(bytes) else { return nil }
            return (kind(of: error), error.code)
        }
    }

    @Test("every ReadError a file can fail with has its code in the catalog")
    func readErrors() {
        let errors = Self.readErrorCodes()
        #expect(Set(errors.map(\.kind)) == [0, 1, 2, 3])
        for error in errors { #expect(Self.codes.contains(error.code), "\(error.code)") }
    }

    @Test("the catalog lists no code that nothing raises")
    func noStaleEntry() throws {
        let raised = try Self.literalCodes()
            .union(Self.problems.map(\.code))
            .union(Self.readErrorCodes().map(\.code))
        let stale = Set(Self.codes).subtracting(raised)
        #expect(stale.isEmpty, "listed, raised nowhere: \(stale.sorted())")
    }

    @Test("docs/associated-domains.md's table lists every catalog code with its title and fix, and nothing else")
    func documented() throws {
        try CatalogChecks.documented(.associatedDomains, page: Self.page)
    }
}
