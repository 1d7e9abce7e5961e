/// Something a linter reports about an input file: an entitlement, an association file, a rule
/// set. What a device or a loader silently tolerates, ignores or refuses. Codes are stable;
/// scripts match on them.
public struct Finding: Sendable, Hashable, CustomStringConvertible {
    /// How much a finding matters: a note, a warning or an error, in increasing order.
    public enum Severity: String, Sendable, Hashable, Comparable {
        /// The three severities, in increasing order: `note`, `warning`, `error`.
        case note, warning, error

        private var rank: Int {
            switch self {
            case .note: 0
            case .warning: 1
            case .error: 2
            }
        }

        /// Whether `lhs` matters less than `rhs`.
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// A stable code, e.g. `aasa.key.unknown` or `entitlement.host.noDot`.
    public let code: String
    /// How much the finding matters.
    public let severity: Severity
    /// Where in the input: a JSON pointer into the file (`/applinks/details/0/components/2`, `/allow/3`), or
    /// the entry's index in the entitlement (`/3`).
    public let pointer: String
    /// What was found, in a sentence for people.
    public let message: String
    /// Where `pointer` is written, when the file is text and has been located (at the edge that
    /// reads files: the linters themselves see values, not lines).
    public var position: SourcePosition?

    /// A finding with code `code` and `severity` at `pointer`, saying `message`.
    public init(_ code: String, _ severity: Severity, at pointer: String, _ message: String) {
        self.code = code
        self.severity = severity
        self.pointer = pointer
        self.message = message
    }

    /// The finding in one line: severity, code, pointer (`/` when empty) and message.
    public var description: String { "\(severity.rawValue) \(code) at \(pointer.isEmpty ? "/" : pointer): \(message)" }
}
