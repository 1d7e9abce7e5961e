import Findings
import StrictJSON

/// The JSON document of a linter (`aasa lint --format json`, `rules lint --format json`, `POST
/// /v1/aasa/lint`): `{"file", "findings": [{"source", "code", "severity", "pointer", "line",
/// "column", "message"}], "errors", "warnings", "notes"}`. `line` and `column` place the pointer in
/// a text file (null when the file is not text or was not located).
public enum FindingsJSON {
    /// How many findings are errors, warnings and notes.
    public static func counts(
        _ findings: [(source: String, finding: Finding)]
    ) -> (errors: Int, warnings: Int, notes: Int) {
        (
            findings.filter { $0.finding.severity == .error }.count,
            findings.filter { $0.finding.severity == .warning }.count,
            findings.filter { $0.finding.severity == .note }.count
        )
    }

    /// The document for `findings` about `file`, each with the file it comes from.
    public static func render(file: String, _ findings: [(source: String, finding: Finding)]) -> JSONValue {
        let (errors, warnings, notes) = counts(findings)
        return .object([
            "file": .string(file),
            "findings": .array(
                findings.map { source, finding in
                    .object([
                        "source": .string(source), "code": .string(finding.code),
                        "severity": .string(finding.severity.rawValue),
                        "pointer": .string(finding.pointer),
                        "line": finding.position.map { .int($0.line) } ?? .null,
                        "column": finding.position.map { .int($0.column) } ?? .null,
                        "message": .string(finding.message),
                    ])
                }),
            "errors": .int(errors), "warnings": .int(warnings), "notes": .int(notes),
        ])
    }
}
