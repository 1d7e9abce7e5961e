/// `--format xcode`: one line a finding, `path:line:column: error|warning|note: message [code]`,
/// which Xcode shows at its line when a Run Script build phase prints it, and which editors and
/// compilers' error parsers read. Paths are absolute (Xcode opens what it is given); a finding
/// without a line (a binary file, an entry of an archive) names its key in the message.
public enum XcodeReport {
    /// The lines for `findings`, each ending in a newline.
    public static func render(_ findings: [ReportedFinding]) -> String {
        findings.map(line).joined()
    }

    static func line(_ finding: ReportedFinding) -> String {
        let path = ReportPaths.absolute(finding.path)
        let place = finding.position.map { "\(path):\($0.line):\($0.column)" } ?? path
        var message = finding.message
        if finding.position == nil {
            message = (finding.member.map { "\($0) " } ?? "") + "\(finding.pointer): " + message
        }
        // One finding is one line: Xcode reads each line alone.
        message = message.replacingNewlines()
        return "\(place): \(finding.severity.rawValue): \(message) [\(finding.code)]\n"
    }
}

extension String {
    func replacingNewlines() -> String {
        split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: " ")
    }
}
