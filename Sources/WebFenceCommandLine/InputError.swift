import Findings

/// Input that cannot be used at all (unreadable file, invalid JSON, a base URL that does not parse):
/// reported on one line naming the source and the place, with exit status 2.
public struct InputError: Error, CustomStringConvertible {
    /// A file path, `stdin` or an option name.
    public let source: String
    /// A line number, JSON pointer or step index, when there is one.
    public let place: String?
    /// What is wrong, in a sentence for people.
    public let message: String
    /// The line and column in `source`, when the place is one (invalid JSON).
    public let position: SourcePosition?

    /// The input `source` is unusable at `place`, for the reason `message`.
    public init(_ source: String, at place: String? = nil, _ message: String) {
        self.source = source
        self.place = place
        self.message = message
        self.position = nil
    }

    /// The input `source` is unusable at `position` (written `line:column` as its place).
    public init(_ source: String, at position: SourcePosition, _ message: String) {
        self.source = source
        self.place = "\(position.line):\(position.column)"
        self.message = message
        self.position = position
    }

    /// `source:place: message`, the line written to stderr.
    public var description: String { [source, place].compactMap { $0 }.joined(separator: ":") + ": " + message }
}
