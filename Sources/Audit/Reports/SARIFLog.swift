import AppManifest
import FindingReports
import Findings
import Foundation
import StrictJSON

/// `webfence audit --format sarif` and `POST /v1/audit?format=sarif`: the audit's findings as a
/// SARIF 2.1.0 log (`SARIFReport`): the driver's rules are the codes found, with their title, fix
/// and docs link; one result a finding, at its file (the archive, for an entry of an `.ipa`), its
/// line and column when the file is text, and its key as a logical location.
public enum SARIFLog {
    /// The SARIF 2.1.0 schema the log names.
    public static let schema = SARIFReport.schema

    /// The log of `audits`, written by `tool`, with an `input.unusable` error for each app that
    /// could not be read.
    public static func render(_ audits: [AppAudit], unusable: [AppManifestError], tool: SARIFReport.Tool) -> JSONValue {
        SARIFReport.render(AuditReport.findings(audits, unusable: unusable), tool: tool)
    }
}

/// The audit's findings as every report format takes them (`ReportedFinding`).
public enum AuditReport {
    /// The findings of `audits`, in order, then an `input.unusable` error for each app that could
    /// not be read.
    public static func findings(_ audits: [AppAudit], unusable: [AppManifestError]) -> [ReportedFinding] {
        audits.flatMap(\.findings).map(reported)
            + unusable.map {
                reported(AuditFinding(.inputUnusable, SourceFile(path: $0.path), key: "/", $0.message))
            }
    }

    /// One audit finding, with its catalog rule.
    public static func reported(_ finding: AuditFinding) -> ReportedFinding {
        ReportedFinding(
            code: finding.code, severity: finding.severity, path: finding.file.path, member: finding.file.member,
            pointer: finding.key, position: finding.position, message: finding.message,
            rule: AuditCatalog.rule(for: finding.code).findingRule)
    }
}

extension AuditCatalog.Rule {
    /// The rule as report formats take it, documented in docs/audit.md §3.
    public var findingRule: FindingRule {
        FindingRule(code: code, title: title, fix: fix, documentation: "docs/audit.md#3-findings")
    }
}
