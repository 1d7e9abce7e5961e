import Foundation
import Testing
import WebAddress

/// A line of IdnaTestV2.txt 16.0.0 as the tests generated from it in PyPI's `idna` 3.11 carry it
/// (Tests/Corpora/unicode/idna-uts46-cases.json): ToUnicode and ToASCII with every check on, and
/// an error wherever either column of the line has a status. 5,373 of the file's 6,389 lines: the
/// package leaves out 53 where it departs from UTS #46 itself, and Scripts/refresh-corpora.py the
/// ones whose error the package reports for an IDNA2008 rule UTS #46 does not have (NV8/XV8 code
/// points, CONTEXTO).
struct IdnaPackageCase: Sendable, CustomTestStringConvertible {
    let line: Int
    let input: String
    let toUnicode: String?
    let toASCII: String?

    var testDescription: String { "line \(line) \"\(escapedForDisplay(input))\"" }

    static let all: [IdnaPackageCase] = {
        guard let data = try? Data(contentsOf: Corpora.url("unicode/idna-uts46-cases.json")),
            let object = try? JSONSerialization.jsonObject(with: Corpora.replacingLoneSurrogateEscapes(data)),
            let cases = (object as? [String: Any])?["cases"] as? [[String: Any]]
        else { return [] }
        return cases.map {
            IdnaPackageCase(
                line: $0["line"] as? Int ?? 0, input: $0["input"] as? String ?? "",
                toUnicode: $0["toUnicode"] as? String, toASCII: $0["toASCII"] as? String)
        }
    }()

    /// What went wrong, or nil.
    func mismatch() -> String? {
        let unicode = UTS46.toUnicode(input, options: .strict)
        let unicodeResult = unicode.errors.isEmpty ? unicode.domain : nil
        if unicodeResult != toUnicode {
            return "ToUnicode: expected \(toUnicode.map { "\"\($0)\"" } ?? "an error"), got "
                + (unicodeResult.map { "\"\($0)\"" } ?? "\(unicode.errors.codes)")
        }
        let ascii = UTS46.toASCII(input, options: .strict)
        if (try? ascii.get()) != toASCII {
            return "ToASCII: expected \(toASCII.map { "\"\($0)\"" } ?? "an error"), got \(ascii)"
        }
        return nil
    }
}

@Suite("IdnaTestV2.txt 16.0.0 via PyPI idna 3.11 (ToUnicode and ToASCII, every check on)")
struct IdnaPackageCaseTests {
    @Test("line", arguments: IdnaPackageCase.all)
    func conforms(_ testCase: IdnaPackageCase) {
        let mismatch = testCase.mismatch()
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test("summary: every case passes")
    func summary() {
        let failed = IdnaPackageCase.all.filter { $0.mismatch() != nil }.count
        print("IdnaTestV2.txt via idna 3.11 (Unicode \(UTS46.unicodeVersion)): \(IdnaPackageCase.all.count - failed) of \(IdnaPackageCase.all.count) lines pass ToUnicode and ToASCII")
        #expect(IdnaPackageCase.all.count > 5000, "idna-uts46-cases.json not found under \(Corpora.directory.path)")
        #expect(failed == 0)
    }
}
