import Foundation
import Testing
import WebAddress

/// Tests/Corpora/wpt/urltestdata.json: the WHATWG URL parser tests, one Swift test per case.
struct URLTestCase: Sendable, CustomTestStringConvertible {
    let index: Int
    let input: String
    let base: String?
    /// The expected API fields; nil when the parse must fail.
    let expected: [String: String]?

    var testDescription: String {
        "#\(index) \"\(escapedForDisplay(input))\"" + (base.map { " against \"\(escapedForDisplay($0))\"" } ?? "")
    }

    static let all: [URLTestCase] = Corpora.jsonArray("wpt/urltestdata.json")
        .compactMap { $0 as? [String: Any] }
        .enumerated()
        .map { index, entry in
            let failure = entry["failure"] as? Bool ?? false
            var fields: [String: String] = [:]
            for name in URLAPIFields.names { if let value = entry[name] as? String { fields[name] = value } }
            return URLTestCase(
                index: index, input: entry["input"] as? String ?? "", base: entry["base"] as? String,
                expected: failure ? nil : fields)
        }

    /// The fields that differ from the expectation (empty when the case passes).
    func mismatches() -> [String] {
        let result = WebURL.parse(input, base: base)
        switch (result, expected) {
        case (.failure, nil): return []
        case (.success(let url), nil): return ["expected failure, got \(url.href)"]
        case (.failure(let error), .some): return ["expected success, got failure \(error.code): \(error)"]
        case (.success(let url), .some(let expected)):
            let actual = url.apiFields
            return expected.sorted(by: { $0.key < $1.key }).compactMap { name, value in
                let got = actual[name] ?? ""
                return got == value ? nil : "\(name): expected \"\(value)\", got \"\(got)\""
            }
        }
    }
}

@Suite("WPT urltestdata.json")
struct URLTestDataTests {
    @Test("case", arguments: URLTestCase.all)
    func conforms(_ testCase: URLTestCase) {
        let mismatches = testCase.mismatches()
        if let reason = KnownConformanceGaps.urlTestData[testCase.index] {
            withKnownIssue(Comment(rawValue: reason)) { #expect(mismatches.isEmpty, "\(mismatches)") }
        } else {
            #expect(mismatches.isEmpty, "\(mismatches)")
        }
    }

    @Test("summary: every case passes but the documented gaps")
    func summary() {
        let cases = URLTestCase.all
        #expect(cases.count > 800, "urltestdata.json not found under \(Corpora.directory.path)")
        let failed = cases.filter { !$0.mismatches().isEmpty }
        print("urltestdata: \(cases.count - failed.count) passed, \(failed.count) failed")
        #expect(Set(failed.map(\.index)) == Set(KnownConformanceGaps.urlTestData.keys))
    }
}
