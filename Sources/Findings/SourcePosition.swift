/// A place in a text file: a line and a column, both counted from 1, the column in Unicode scalars
/// (SARIF's `unicodeCodePoints`).
public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The line, from 1. A line ends at LF, CR or CR LF.
    public let line: Int
    /// The column, from 1, in Unicode scalars.
    public let column: Int

    /// The position at `line` and `column`.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }

    /// Whether `lhs` comes before `rhs` in the file.
    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
