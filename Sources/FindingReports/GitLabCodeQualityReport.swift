import Findings
import StrictJSON

/// `--format gitlab`: GitLab's Code Quality report, a JSON array of issues
/// (`{"description", "check_name", "fingerprint", "severity", "location": {"path", "positions":
/// {"begin": {"line", "column"}}}}`), which a merge request shows beside the changed lines when a
/// job uploads it as `artifacts:reports:codequality`. Severities: an error is `critical`, a warning
/// `major`, a note `info`. A finding without a line is placed at line 1.
public enum GitLabCodeQualityReport {
    /// The report of `findings`.
    public static func render(_ findings: [ReportedFinding]) -> JSONValue {
        .array(findings.map(issue))
    }

    static func issue(_ finding: ReportedFinding) -> JSONValue {
        let severity =
            switch finding.severity {
            case .error: "critical"
            case .warning: "major"
            case .note: "info"
            }
        let position = finding.position ?? SourcePosition(line: 1, column: 1)
        var description = finding.message
        if finding.position == nil {
            description = (finding.member.map { "\($0) " } ?? "") + "\(finding.pointer): " + description
        }
        return .object([
            "type": .string("issue"),
            "check_name": .string(finding.code),
            "description": .string(description),
            "content": .object(["body": .string(finding.rule.fix)]),
            "categories": .array([.string("Security")]),
            "fingerprint": .string(Fingerprint.of(finding)),
            "severity": .string(severity),
            "location": .object([
                "path": .string(ReportPaths.relative(finding.path)),
                "positions": .object([
                    "begin": .object(["line": .int(position.line), "column": .int(position.column)])
                ]),
            ]),
        ])
    }
}
