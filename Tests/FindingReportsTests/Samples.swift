import FindingReports
import Findings

/// Findings to render, built by hand.
enum Samples {
    static let rule = FindingRule(
        code: "appBound.entry.wildcard", title: "A WKAppBoundDomains entry with a * that stays in the host",
        fix: "List the registrable domain.", documentation: "docs/audit.md#3-findings")

    static func finding(
        _ code: String = "appBound.entry.wildcard", _ severity: Finding.Severity = .warning,
        path: String = "App/Info.plist", member: String? = nil, pointer: String = "/WKAppBoundDomains/1",
        at position: SourcePosition? = SourcePosition(line: 10, column: 3),
        message: String = "\"*.example.com\" keeps its * in the host"
    ) -> ReportedFinding {
        ReportedFinding(
            code: code, severity: severity, path: path, member: member, pointer: pointer, position: position,
            message: message,
            rule: FindingRule(code: code, title: rule.title, fix: rule.fix, documentation: rule.documentation))
    }
}
