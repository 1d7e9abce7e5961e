/// Something a linter reports about an input file: an entitlement, an association file, a rule
/// set. What a device or a loader silently tolerates, ignores or refuses. Codes are stable;
/// scripts match on them.
public struct Finding: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable, Comparable {
        case note, warning, error

        private var rank: Int {
            switch self {
            case .note: 0
            case .warning: 1
            case .error: 2
            }
        }

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// A stable code, e.g. `aasa.key.unknown` or `entitlement.host.noDot`.
    public let code: String
    public let severity: Severity
    /// Where: a JSON pointer into the file (`/applinks/details/0/components/2`, `/allow/3`), or
    /// the entry's index in the entitlement (`/3`).
    public let pointer: String
    public let message: String

    public init(_ code: String, _ severity: Severity, at pointer: String, _ message: String) {
        self.code = code
        self.severity = severity
        self.pointer = pointer
        self.message = message
    }

    public var description: String { "\(severity.rawValue) \(code) at \(pointer.isEmpty ? "/" : pointer): \(message)" }
}
