/// A parsed JSON text that remembers where the value of each member of its root object is written,
/// or, when the root is an array, of each member of each object in it (a request's cases).
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
    /// The root object's members, or the members of the root array's objects, element by element.
    private let members: [MemberText]
    /// For a root array: where each element's members begin in `members` (an element that is not
    /// an object has none).
    private let elementStarts: [Int]

    init(value: JSONValue, utf8: [UInt8], members: [MemberText], elementStarts: [Int]) {
        self.value = value
        self.utf8 = utf8
        self.members = members
        self.elementStarts = elementStarts
    }

    /// The value of the root object's member `key` and its UTF-8 text exactly as written (its
    /// whitespace and escapes kept), from one lookup so that the two always belong together; nil
    /// when the root is not an object or has no such member. A key written twice (read with
    /// `.keepLast`) gives the later value and its text, the one kept.
    public func member(_ key: String) -> (value: JSONValue, text: ArraySlice<UInt8>)? {
        guard case .object = value else { return nil }
        return member(key, of: value, among: members[...])
    }

    /// The value of member `key` of the object at `index` of the root array and its UTF-8 text
    /// exactly as written, as ``member(_:)`` gives a root object's; nil when the root is not an
    /// array, the element is not an object, or it has no such member.
    public func member(_ key: String, ofElement index: Int) -> (value: JSONValue, text: ArraySlice<UInt8>)? {
        guard case .array(let elements) = value, elementStarts.indices.contains(index), elements.indices.contains(index)
        else { return nil }
        let end = index + 1 < elementStarts.count ? elementStarts[index + 1] : members.count
        return member(key, of: elements[index], among: members[elementStarts[index]..<end])
    }

    private func member(_ key: String, of object: JSONValue, among texts: ArraySlice<MemberText>) -> (
        value: JSONValue, text: ArraySlice<UInt8>
    )? {
        guard let text = texts.last(where: { $0.key.hasSameUTF8(as: key) }), let value = object[key] else {
            return nil
        }
        return (value, utf8[text.range])
    }
}
