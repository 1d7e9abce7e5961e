import StrictJSON

/// A framework configuration WebFence cannot use: a value of a shape the framework's reader does
/// not take (WebFence's own reading, in a scenario or `webfence-framework.json`), at its JSON
/// pointer. What the framework itself tolerates is a ``FrameworkConfigurationNote`` instead.
public struct FrameworkConfigurationError: JSONShapeError, Hashable, Sendable, CustomStringConvertible {
    /// A JSON pointer into the configuration, or "" for the whole of it.
    public let pointer: String
    /// What is wrong there.
    public let message: String

    /// An error at `pointer`.
    public init(_ pointer: String, _ message: String) {
        self.pointer = pointer
        self.message = message
    }

    /// `pointer: message`, or the message alone for the whole configuration.
    public var description: String { pointer.isEmpty ? message : "\(pointer): \(message)" }
}
