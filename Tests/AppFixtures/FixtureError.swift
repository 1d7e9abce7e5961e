/// A fixture that cannot be built as asked.
public struct FixtureError: Error, CustomStringConvertible {
    /// The message: what cannot be built, and why.
    public let description: String
    /// An error with this message.
    public init(_ description: String) { self.description = description }
}
