/// `--format github`: GitHub Actions workflow commands, `::error file=…,line=…,col=…,title=…::…`,
/// which a workflow's log turns into annotations on the pull request's changed lines. A note is a
/// `notice`. Paths are relative to the working directory (the repository's root in a workflow).
public enum GitHubActionsReport {
    /// The commands for `findings`, one a line.
    public static func render(_ findings: [ReportedFinding]) -> String {
        findings.map(command).joined()
    }

    static func command(_ finding: ReportedFinding) -> String {
        let level =
            switch finding.severity {
            case .error: "error"
            case .warning: "warning"
            case .note: "notice"
            }
        var properties = ["file=" + escapeProperty(ReportPaths.relative(finding.path))]
        if let position = finding.position {
            properties += ["line=\(position.line)", "col=\(position.column)"]
        }
        properties.append("title=" + escapeProperty("\(finding.code): \(finding.rule.title)"))
        var message = finding.message
        if finding.position == nil {
            message = (finding.member.map { "\($0) " } ?? "") + "\(finding.pointer): " + message
        }
        message += " Fix: " + finding.rule.fix
        return "::\(level) \(properties.joined(separator: ","))::\(escapeData(message))\n"
    }

    /// A message: `%`, CR and LF are escaped, as the runner unescapes them.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A property value: also `:` and `,`, which separate properties.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
