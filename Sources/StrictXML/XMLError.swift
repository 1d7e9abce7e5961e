/// Why a document is not XML that ``XMLReader`` reads, and where: the line and column of the problem.
public struct XMLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line, counting from 1. A line ends at LF, CR or CR LF.
    public let line: Int
    /// The column, counting from 1, in Unicode scalars (a tab counts as one). A byte order mark is
    /// not counted.
    public let column: Int
    /// What is wrong, in a sentence for people.
    public let message: String
    /// An error at `line` and `column`: the reader's, or a caller's that checks what the document
    /// says (a `config.xml` whose root is not `<widget>`).
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// The position and the message on one line: `line 3, column 7: …`.
    public var description: String { "line \(line), column \(column): \(message)" }
}
