import ArgumentParser
import Audit
import FindingReports
import Findings
import WebFenceCommandLine

/// What a linter command (`aasa lint`, `rules lint`, `framework lint`) does with its files: lints
/// each (a file that cannot be used is named on stderr, and the others are still linted), places
/// the findings at their line, records or applies the baseline, prints them in the chosen format,
/// and exits 2 when a file was unusable, else 1 when a finding is at least as severe as `--fail-on`.
struct LintReport {
    typealias Sourced = (source: String, finding: Finding)

    /// The files named, in order.
    let files: [String]
    /// The catalog rule of each code.
    let rule: (String) -> FindingRule
    /// The findings of one file (some from a file beside it: an entitlements file); throws an
    /// `InputError` when the file cannot be used.
    let lint: (String) throws -> [Sourced]

    func run(_ options: ReportOptions) throws {
        var locator = FindingLocations.locator()
        var linted: [(file: String, findings: [Sourced])] = []
        var unusable: [InputError] = []
        for file in files {
            do {
                linted.append((file, try lint(file).located(using: &locator)))
            } catch let error as InputError {
                Terminal.standardError.write("webfence: \(error)\n")
                unusable.append(error)
            }
        }
        let known = try options.known(linted.flatMap { $0.findings.reported(rules: rule) })
        var next = 0
        let kept = linted.map { file, findings in
            let kept = findings.filter { _ in
                defer { next += 1 }
                return !known[next]
            }
            return (file: file, findings: kept)
        }
        print(kept, leftOut: known.count(where: { $0 }), unusable: unusable, options)
        if !unusable.isEmpty { throw ExitCode(ExitStatus.unusableInput) }
        try options.exitIfFailing(kept.flatMap { $0.findings.map(\.finding.severity) })
    }

    private func print(
        _ kept: [(file: String, findings: [Sourced])], leftOut: Int, unusable: [InputError], _ options: ReportOptions
    ) {
        switch options.format {
        case .text:
            for (file, findings) in kept {
                Terminal.standardOutput.write(FindingsOutput.text(file: file, findings, terminal: .standardOutput))
            }
            if leftOut > 0 {
                Terminal.standardOutput.write(
                    "\(TextReport.counted(leftOut, "finding")) left out: the baseline records them\n")
            }
        case .json:
            let documents = kept.map { FindingsJSON.render(file: $0.file, $0.findings) }
            // One file: its document, as before; several: an array of them.
            Terminal.standardOutput.write((documents.count == 1 ? documents[0] : .array(documents)).serialized() + "\n")
        default:
            // An unusable file is an error at its place, as the audit reports an unusable app.
            let inputs = unusable.map { error in
                ReportedFinding(
                    code: "input.unusable", severity: .error, path: error.source, pointer: "/",
                    position: error.position, message: error.message,
                    rule: AuditCatalog.rule(for: "input.unusable").findingRule)
            }
            Terminal.standardOutput.write(
                options.rendered(kept.flatMap { $0.findings.reported(rules: rule) } + inputs) ?? "")
        }
    }
}
