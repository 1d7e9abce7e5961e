import Findings

extension [(source: String, finding: Finding)] {
    /// Each finding with the position of its pointer in its source file, when that file is text.
    public func located(using locator: inout SourceLocator) -> Self {
        map { source, finding in
            var finding = finding
            if finding.position == nil { finding.position = locator.position(of: finding.pointer, in: source) }
            return (source, finding)
        }
    }
}

extension [(source: String, finding: Finding)] {
    /// The findings as report formats take them, each with the rule `rule(code)` gives.
    public func reported(rules rule: (String) -> FindingRule) -> [ReportedFinding] {
        map { source, finding in
            ReportedFinding(
                code: finding.code, severity: finding.severity, path: source, pointer: finding.pointer,
                position: finding.position, message: finding.message, rule: rule(finding.code))
        }
    }
}
