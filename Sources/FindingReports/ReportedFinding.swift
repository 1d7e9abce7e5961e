import Findings

/// A finding as every report format shows it: what was found, how much it matters, where (the file,
/// the key in it, and the line and column when the file is text), and the rule behind its code.
///
/// The linters and the audit make findings with a key (a JSON pointer into the file's structure);
/// ``SourceLocator`` turns that key into a line and column at the edge, where files are read.
public struct ReportedFinding: Sendable, Hashable {
    /// The stable code.
    public let code: String
    /// How much it matters.
    public let severity: Finding.Severity
    /// The file, as the user named it (for an entry of an archive, the archive).
    public let path: String
    /// The entry inside an archive (`Payload/Shop.app/Info.plist`), or nil for a plain file.
    public let member: String?
    /// The key in the file, as a JSON pointer (`/applinks/details/0/paths`); `/` for the whole file.
    public let pointer: String
    /// The line and column of the key, for a text file; nil for a binary property list, an
    /// executable, an entry of an archive, or a file that could not be read again.
    public let position: SourcePosition?
    /// What is wrong, in a sentence for people.
    public let message: String
    /// The code's title, fix and documentation.
    public let rule: FindingRule

    /// A finding about `pointer` in `path` (or its `member`), at `position` when located.
    public init(
        code: String, severity: Finding.Severity, path: String, member: String? = nil, pointer: String,
        position: SourcePosition?, message: String, rule: FindingRule
    ) {
        self.code = code
        self.severity = severity
        self.path = path
        self.member = member
        self.pointer = pointer.isEmpty ? "/" : pointer
        self.position = position
        self.message = message
        self.rule = rule
    }

    /// The same finding at `position`.
    public func located(at position: SourcePosition?) -> ReportedFinding {
        ReportedFinding(
            code: code, severity: severity, path: path, member: member, pointer: pointer, position: position,
            message: message, rule: rule)
    }
}
