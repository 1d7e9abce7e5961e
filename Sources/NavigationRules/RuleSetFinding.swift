@_exported import Findings

/// Something a rule set says that its author should know: a rule refused when the set was loaded
/// (an error: the whole set is refused, so that nothing fails open), or a warning about a rule
/// that loads but probably does not mean what it says. The findings of every linter share one type.
public typealias RuleSetFinding = Finding

/// A rule set that cannot be used, with every reason found (errors first, then warnings).
public struct RuleSetError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Every finding: errors first, then warnings and notes.
    public let findings: [RuleSetFinding]

    /// An error carrying `findings`, in the order given.
    public init(_ findings: [RuleSetFinding]) { self.findings = findings }

    /// The error-level findings: why the set was refused.
    public var errors: [RuleSetFinding] { findings.filter { $0.severity == .error } }

    /// The first error, and how many more there are.
    public var description: String {
        let errors = errors
        let first = errors.first.map(\.description) ?? "refused"
        return errors.count > 1 ? "\(first) (and \(errors.count - 1) more)" : first
    }
}
