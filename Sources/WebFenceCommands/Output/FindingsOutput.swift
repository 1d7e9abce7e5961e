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
            let style: Terminal.Style =
                finding.severity == .error ? .red : finding.severity == .warning ? .yellow : .dim
            let severity = terminal.styled(
                finding.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0), style)
            let line = finding.position.map { "\($0.line):\($0.column) " } ?? ""
            let place = (source == file ? "" : source + ":") + line + (finding.pointer.isEmpty ? "/" : finding.pointer)
            out += "  \(severity) \(finding.code)  \(place)\n      \(finding.message)\n"
        }
        let (errors, warnings, notes) = counts(findings)
        out +=
            findings.isEmpty
            ? "  no findings\n"
            : "\(counted(errors, "error")), \(counted(warnings, "warning")), \(counted(notes, "note"))\n"
        return out
    }

    /// `1 error`, `2 warnings`.
    static func counted(_ number: Int, _ noun: String) -> String { "\(number) \(noun)" + (number == 1 ? "" : "s") }
}
