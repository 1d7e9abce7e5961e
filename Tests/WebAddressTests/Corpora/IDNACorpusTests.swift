import Foundation
import Testing
import WebAddress

/// A host-to-ASCII case of toascii.json or IdnaTestV2.json, run as the WPT harness runs it:
/// `new URL("https://" + input + "/x")` must fail when `output` is null, and otherwise have
/// host and hostname `output`, pathname `/x` and href `https://<output>/x`.
struct HostToASCIICase: Sendable, CustomTestStringConvertible {
    let corpus: String
    let index: Int
    let input: String
    let output: String?
    let comment: String?

    var testDescription: String {
        "\(corpus) #\(index) \"\(escapedForDisplay(input))\" → \(output.map { "\"\($0)\"" } ?? "failure")"
    }

    static func load(_ corpus: String) -> [HostToASCIICase] {
        Corpora.jsonArray("wpt/\(corpus)")
            .compactMap { $0 as? [String: Any] }
            .enumerated()
            .map { index, entry in
                HostToASCIICase(
                    corpus: corpus, index: index, input: entry["input"] as? String ?? "",
                    output: entry["output"] as? String, comment: entry["comment"] as? String)
            }
    }

    /// What went wrong, or nil when the case passes.
    func mismatch() -> String? {
        // The empty input cannot go through a URL (the WPT harness skips it); it is checked at the
        // UTS #46 seam instead, where ToASCII("") is "".
        if input.isEmpty {
            let result = UTS46.toASCII(input)
            return (try? result.get()) == output ? nil : "ToASCII(\"\") gave \(result)"
        }
        let result = Result { () throws(URLParseError) in try WebURL("https://\(input)/x") }
        switch (result, output) {
        case (.failure, nil): return nil
        case (.success(let url), nil): return "expected failure, got \(url.href)"
        case (.failure(let error), .some): return "expected success, got \(error.code): \(error)"
        case (.success(let url), .some(let output)):
            let fields = url.apiFields
            let expected = ["host": output, "hostname": output, "pathname": "/x", "href": "https://\(output)/x"]
            let wrong = expected.sorted(by: { $0.key < $1.key }).filter { fields[$0.key] != $0.value }
            return wrong.isEmpty ? nil : wrong.map { "\($0.key): expected \"\($0.value)\", got \"\(fields[$0.key] ?? "")\"" }
                .joined(separator: "; ")
        }
    }
}

@Suite("WPT toascii.json")
struct ToASCIITests {
    static let cases = HostToASCIICase.load("toascii.json")

    @Test("case", arguments: cases)
    func conforms(_ testCase: HostToASCIICase) {
        let mismatch = testCase.mismatch()
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test("summary: every case passes")
    func summary() {
        #expect(Self.cases.count > 40, "toascii.json not found under \(Corpora.directory.path)")
        let failed = Self.cases.filter { $0.mismatch() != nil }.count
        print("toascii: \(Self.cases.count - failed) passed, \(failed) failed")
        #expect(failed == 0)
    }
}

@Suite("WPT IdnaTestV2.json")
struct IdnaTestV2Tests {
    static let cases = HostToASCIICase.load("IdnaTestV2.json")

    @Test("case", arguments: cases)
    func conforms(_ testCase: HostToASCIICase) {
        let mismatch = testCase.mismatch()
        if let reason = KnownConformanceGaps.idnaTestV2[testCase.input] {
            withKnownIssue(Comment(rawValue: reason)) { #expect(mismatch == nil, "\(mismatch ?? "")") }
        } else {
            #expect(mismatch == nil, "\(mismatch ?? "")")
        }
    }

    @Test("summary: every case passes but the documented gaps")
    func summary() {
        #expect(Self.cases.count > 2000, "IdnaTestV2.json not found under \(Corpora.directory.path)")
        let failed = Self.cases.filter { $0.mismatch() != nil }
        print("IdnaTestV2 (ToASCII as the URL Standard runs it, Unicode \(UTS46.unicodeVersion) data): "
            + "\(Self.cases.count - failed.count) passed, \(failed.count) failed")
        #expect(Set(failed.map(\.input)) == Set(KnownConformanceGaps.idnaTestV2.keys))
    }
}
