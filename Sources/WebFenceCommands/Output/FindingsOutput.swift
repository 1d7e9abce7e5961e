import FindingReports
import Findings
import WebFenceCommandLine

/// Printing the findings of a linter (`aasa lint`, `rules lint`, `framework lint`): for people, one
/// block per finding with its severity, code and place (line and column, then the key; the JSON
/// document is `FindingsJSON`'s).
enum FindingsOutput {
    static func counts(_ findings: [(source: String, finding: Finding)]) -> (errors: Int, warnings: Int, notes: Int) {
        FindingsJSON.counts(findings)
    }

    static func text(file: String, _ findings: [(source: String, finding: Finding)], terminal: Terminal) -> String {
        var out = terminal.styled(file, .bold) + "\n"
        for (source, finding) in findings {
            let severity = TextReport.severityColumn(finding.severity.rawValue) { terminal.styled($0, $1) }
            let line = finding.position.map { "\($0.line):\($0.column) " } ?? ""
            let place = (source == file ? "" : source + ":") + line + (finding.pointer.isEmpty ? "/" : finding.pointer)
            out += "  \(severity) \(finding.code)  \(place)\n      \(finding.message)\n"
        }
        let (errors, warnings, notes) = counts(findings)
        out +=
            findings.isEmpty
            ? "  no findings\n"
            : TextReport.severityCounts(errors: errors, warnings: warnings, notes: notes) + "\n"
        return out
    }

}
