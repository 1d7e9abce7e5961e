/// A parsed JSON text that remembers where the value of each member of its root object is written.
///
/// Made by ``JSONParser/document(_:duplicateKeys:)``, which, unlike
/// ``JSONParser/parse(_:duplicateKeys:)``, does not say which keys repeated (keeping a JSON pointer
/// for every value costs a large share of parsing a small body). A server that compiles one member of a
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

    /// The value of the root object's member `key` and its UTF-8 text exactly as written (its
    /// whitespace and escapes kept), from one lookup so that the two always belong together; nil
    /// when the root is not an object or has no such member. A key written twice (read with
    /// `.keepLast`) gives the later value and its text, the one kept.
    public func member(_ key: String) -> (value: JSONValue, text: ArraySlice<UInt8>)? {
        guard let text = members.last(where: { $0.key.hasSameUTF8(as: key) }), let value = value[key] else {
            return nil
        }
        return (value, utf8[text.range])
    }
}
