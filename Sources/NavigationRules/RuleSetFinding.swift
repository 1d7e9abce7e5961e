/// Something a rule set says that its author should know: a rule refused when the set was loaded
/// (an error: the whole set is refused, so that nothing fails open), or a warning about a rule
/// that loads but probably does not mean what it says.
public struct RuleSetFinding: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable, Comparable {
        case error, warning, note

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
        private var rank: Int {
            switch self {
            case .error: 0
            case .warning: 1
            case .note: 2
            }
        }
    }

    /// A stable identifier, e.g. `rules.host.publicSuffix`.
    public let code: String
    public let severity: Severity
    /// A JSON pointer to the value it is about, e.g. `/allow/3`.
    public let pointer: String
    /// What is wrong and what to write instead.
    public let message: String

    public init(_ code: String, _ severity: Severity, at pointer: String, _ message: String) {
        self.code = code
        self.severity = severity
        self.pointer = pointer
        self.message = message
    }

    public var description: String { "\(severity.rawValue) \(code) at \(pointer.isEmpty ? "/" : pointer): \(message)" }
}

/// A rule set that cannot be used, with every reason found (errors first, then warnings).
public struct RuleSetError: Error, Sendable, Hashable, CustomStringConvertible {
    public let findings: [RuleSetFinding]

    public init(_ findings: [RuleSetFinding]) { self.findings = findings }

    public var errors: [RuleSetFinding] { findings.filter { $0.severity == .error } }

    public var description: String {
        let errors = errors
        let first = errors.first.map(\.description) ?? "refused"
        return errors.count > 1 ? "\(first) (and \(errors.count - 1) more)" : first
    }
}
