// webaddress-conformance: every conformance corpus of WebAddress run with nothing but the Swift
// standard library linked (no Foundation, no ICU), as `swift test` runs them with Swift Testing.
// CI builds it, checks its binary links neither, and runs it: it prints each corpus's counts and
// exits 1 when a case fails that is not a documented gap.
//
//   swift run webaddress-conformance            # counts
//   swift run webaddress-conformance --verbose  # and every failing case

import WebAddress
import WebAddressConformance

let verbose = CommandLine.arguments.contains("--verbose")
let reports = [
    CorpusReport(name: "WPT urltestdata.json", cases: URLTestCase.all),
    CorpusReport(name: "WPT toascii.json", cases: HostToASCIICase.toASCII),
    CorpusReport(name: "WPT IdnaTestV2.json (ToASCII as the URL Standard runs it)", cases: HostToASCIICase.idnaTestV2),
    CorpusReport(name: "IdnaTestV2.txt via idna 3.11 (ToUnicode, ToASCII)", cases: IdnaPackageCase.all),
    CorpusReport(name: "PSL test_psl.txt", cases: PublicSuffixCheck.all),
    CorpusReport(name: "Unicode IdnaTestV2.txt (ToUnicode, ToASCII-N, ToASCII-T)", cases: UnicodeIdnaTestCase.all),
]

print("WebAddress conformance, Unicode \(UTS46.unicodeVersion), corpora in \(CorpusFiles.directory)")
var failed = false
for report in reports {
    print("\(report.name): \(report.passed) of \(report.total) pass")
    for failure in report.failures where verbose || failure.knownGap == nil {
        print(
            "  ✘ \(failure.case): \(failure.problems.joined(separator: "; "))"
                + (failure.knownGap.map { " (known: \($0))" } ?? ""))
    }
    failed = failed || report.total == 0 || report.unexpected > 0
}
if failed {
    print("conformance: FAILED (a corpus is missing, a case fails, or a documented gap now passes)")
    exitWithFailure()
}
print("conformance: every case passes but the documented gaps")
