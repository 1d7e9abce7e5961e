/// A parsed JSON text that remembers where the value of each member of its root object is written.
///
/// Made by ``JSONParser/document(_:duplicateKeys:)``. A server that compiles one member of a
/// request (a rule set, an association file) and keeps what it compiled can key it by the member's
/// bytes as sent: hashing a few hundred bytes costs less than walking the parsed value, and two
/// requests whose bytes are equal hold equal values.
public struct JSONDocument: Sendable {
    /// Where one member's value is written in the text.
    struct MemberText: Sendable {
        let key: String
        let range: Range<Int>
    }

    /// The parsed value.
    public let value: JSONValue
    private let utf8: [UInt8]
    private let members: [MemberText]

    init(value: JSONValue, utf8: [UInt8], members: [MemberText]) {
        self.value = value
        self.utf8 = utf8
        self.members = members
    }

    /// The UTF-8 text of the value of the root object's member `key`, exactly as written (its
    /// whitespace and escapes kept); nil when the root is not an object or has no such member. A
    /// key written twice (read with `.keepLast`) gives the later value's text, the one kept.
    public func text(ofMember key: String) -> ArraySlice<UInt8>? {
        members.last { $0.key.hasSameUTF8(as: key) }.map { utf8[$0.range] }
    }
}
