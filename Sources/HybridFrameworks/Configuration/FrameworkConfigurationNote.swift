import Findings

/// Something in a framework's configuration that the framework reads differently from how it looks:
/// a value it ignores, a list it drops, a scheme it replaces. The decision follows the framework;
/// the note says why, and the audit reports it.
public struct FrameworkConfigurationNote: Sendable, Hashable, CustomStringConvertible {
    /// What the framework does with the value.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A value of the wrong type: the framework ignores it and keeps its default.
        case valueIgnored
        /// A list with one element of the wrong type: Swift's `as? [String]` drops the whole list.
        case listDropped
        /// A scheme WebKit handles itself, or not a scheme: the framework uses its own instead.
        case schemeReplaced
    }

    /// What the framework does with the value.
    public let kind: Kind
    /// Where the value is: a JSON pointer (`/server/allowNavigation/1`) or an XML place.
    public let place: String
    /// What happens, in the framework's terms.
    public let message: String
    /// Where the value is written, when the reader knows (an element of `config.xml`).
    public let position: SourcePosition?

    /// A note at `place`, written at `position` when known.
    public init(_ kind: Kind, at place: String, _ message: String, position: SourcePosition? = nil) {
        self.kind = kind
        self.place = place
        self.message = message
        self.position = position
    }

    /// `place: message`.
    public var description: String { "\(place): \(message)" }
}
