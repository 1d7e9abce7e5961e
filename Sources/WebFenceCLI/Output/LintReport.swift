import ArgumentParser
import FindingReports
import Findings
import WebFenceAPI
import WebFenceCommandLine

/// What a linter command (`aasa lint`, `rules lint`, `framework lint`) does with its findings:
/// places them at their line, records or applies the baseline, prints them in the chosen format,
/// and exits 1 when one is at least as severe as `--fail-on`.
struct LintReport {
    /// Each file linted, with its findings (some from a file beside it: an entitlements file).
    var files: [(file: String, findings: [(source: String, finding: Finding)])]
    /// The catalog rule of each code.
    let rule: (String) -> FindingRule

    func run(_ options: ReportOptions) throws {
        var locator = FindingLocations.locator()
        let located = files.map { (file: $0.file, findings: $0.findings.located(using: &locator)) }
        let known = try options.known(located.flatMap { $0.findings.reported(rules: rule) })
        var next = 0
        let kept = located.map { file, findings in
            let kept = findings.filter { _ in
                defer { next += 1 }
                return !known[next]
            }
            return (file: file, findings: kept)
        }
        let reported = kept.flatMap { $0.findings.reported(rules: rule) }
        let leftOut = known.count(where: { $0 })
        switch options.format {
        case .text:
            for (file, findings) in kept {
                Terminal.standardOutput.write(FindingsOutput.text(file: file, findings, terminal: .standardOutput))
            }
            if leftOut > 0 {
                Terminal.standardOutput.write(
                    "\(FindingsOutput.counted(leftOut, "finding")) left out: the baseline records them\n")
            }
        case .json:
            let documents = kept.map { FindingsJSON.render(file: $0.file, $0.findings) }
            // One file: its document, as before; several: an array of them.
            print((documents.count == 1 ? documents[0] : .array(documents)).serialized())
        default:
            Terminal.standardOutput.write(options.rendered(reported) ?? "")
        }
        try options.exitIfFailing(reported.map(\.severity))
    }
}
