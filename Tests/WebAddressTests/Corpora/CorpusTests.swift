import Testing
import WebAddressConformance

// Each corpus of WebAddressConformance, one Swift test per case; the same cases run in
// webaddress-conformance, which links nothing but the standard library.

extension URLTestCase: CustomTestStringConvertible { public var testDescription: String { description } }
extension HostToASCIICase: CustomTestStringConvertible { public var testDescription: String { description } }
extension IdnaPackageCase: CustomTestStringConvertible { public var testDescription: String { description } }
extension UnicodeIdnaTestCase: CustomTestStringConvertible { public var testDescription: String { description } }
extension PublicSuffixCheck: CustomTestStringConvertible { public var testDescription: String { description } }

/// Runs one case: a documented gap is a known issue (and fails the test once it passes).
func check(_ testCase: some ConformanceCase) {
    let problems = testCase.mismatches()
    if let reason = testCase.knownGap {
        withKnownIssue(Comment(rawValue: reason)) { #expect(problems.isEmpty, "\(problems)") }
    } else {
        #expect(problems.isEmpty, "\(problems.joined(separator: "; "))")
    }
}

/// Prints the corpus's count and fails on a missing corpus or an unexpected result.
func summarize(_ name: String, _ cases: [some ConformanceCase], atLeast minimum: Int) {
    let report = CorpusReport(name: name, cases: cases)
    print("\(name): \(report.passed) of \(report.total) pass")
    #expect(report.total >= minimum, "\(name) not found under \(CorpusFiles.directory)")
    #expect(report.unexpected == 0)
}

@Suite("WPT urltestdata.json")
struct URLTestDataTests {
    @Test("case", arguments: URLTestCase.all)
    func conforms(_ testCase: URLTestCase) { check(testCase) }

    @Test("summary: every case passes but the documented gaps")
    func summary() { summarize("urltestdata", URLTestCase.all, atLeast: 800) }
}

@Suite("WPT toascii.json")
struct ToASCIITests {
    @Test("case", arguments: HostToASCIICase.toASCII)
    func conforms(_ testCase: HostToASCIICase) { check(testCase) }

    @Test("summary: every case passes")
    func summary() { summarize("toascii", HostToASCIICase.toASCII, atLeast: 40) }
}

@Suite("WPT IdnaTestV2.json (ToASCII as the URL Standard runs it)")
struct IdnaTestV2Tests {
    @Test("case", arguments: HostToASCIICase.idnaTestV2)
    func conforms(_ testCase: HostToASCIICase) { check(testCase) }

    @Test("summary: every case passes but the documented gaps")
    func summary() { summarize("IdnaTestV2.json (Unicode 16.0.0 tables)", HostToASCIICase.idnaTestV2, atLeast: 2000) }
}

@Suite("IdnaTestV2.txt 16.0.0 via PyPI idna 3.11 (ToUnicode and ToASCII, every check on)")
struct IdnaPackageCaseTests {
    @Test("line", arguments: IdnaPackageCase.all)
    func conforms(_ testCase: IdnaPackageCase) { check(testCase) }

    @Test("summary: every case passes")
    func summary() { summarize("IdnaTestV2.txt via idna 3.11", IdnaPackageCase.all, atLeast: 5000) }
}

/// Unicode's own file, carried in Tests/Corpora/unicode (its source and licence in the README there);
/// `IdnaPackageCaseTests` run 5,373 of its lines as PyPI's `idna` carries them.
@Suite("Unicode IdnaTestV2.txt (ToUnicode, ToASCII-N, ToASCII-T, every check on, every status code)")
struct UnicodeIdnaTestTests {
    @Test("line", arguments: UnicodeIdnaTestCase.all)
    func conforms(_ testCase: UnicodeIdnaTestCase) { check(testCase) }

    @Test("summary: every line passes")
    func summary() { summarize("IdnaTestV2.txt (Unicode 16.0.0)", UnicodeIdnaTestCase.all, atLeast: 6389) }
}

@Suite("PSL test_psl.txt")
struct PublicSuffixListCorpusTests {
    @Test("check", arguments: PublicSuffixCheck.all)
    func conforms(_ check: PublicSuffixCheck) { WebAddressTests.check(check) }

    @Test("summary: every check passes")
    func summary() { summarize("test_psl", PublicSuffixCheck.all, atLeast: 70) }
}
