import Foundation
import Testing
import WebAddress

/// Tests/Corpora/psl/test_psl.txt: `checkPublicSuffix(host, registrableDomainOrNull)`, one
/// Swift test per check, against the list bundled with WebAddress.
struct PSLCheck: Sendable, CustomTestStringConvertible {
    let line: Int
    let host: String?
    let expected: String?

    var testDescription: String { "line \(line): \(host ?? "null") → \(expected ?? "null")" }

    static let all: [PSLCheck] = {
        guard let text = Corpora.text("psl/test_psl.txt") else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            // Lines the file itself comments out (`//checkPublicSuffix(...)`) are not checks.
            guard line.hasPrefix("checkPublicSuffix(") else { return nil }
            let arguments = line.dropFirst("checkPublicSuffix(".count).prefix { $0 != ")" }
            let values = arguments.split(separator: ",").map { argument -> String? in
                let trimmed = argument.trimmingCharacters(in: .whitespaces)
                return trimmed == "null" ? nil : String(trimmed.dropFirst().dropLast())
            }
            guard values.count == 2 else { return nil }
            return PSLCheck(line: index + 1, host: values[0], expected: values[1])
        }
    }()

    /// What the bundled list answers; a null host has no registrable domain.
    var actual: String? { host.flatMap(PublicSuffixList.bundled.registrableDomain(of:)) }
}

@Suite("PSL test_psl.txt")
struct PublicSuffixListCorpusTests {
    @Test("check", arguments: PSLCheck.all)
    func check(_ check: PSLCheck) {
        #expect(check.actual == check.expected)
    }

    @Test("summary: every check passes")
    func summary() {
        let checks = PSLCheck.all
        #expect(checks.count > 70, "test_psl.txt not found under \(Corpora.directory.path)")
        let failed = checks.filter { $0.actual != $0.expected }.count
        print("test_psl: \(checks.count - failed) passed, \(failed) failed")
        #expect(failed == 0)
    }
}
