/// A JSON value. Objects keep their members in order, so output fields appear in the order the
/// contracts in spec/interfaces.md list them and error messages can point at the member they mean.
public enum JSONValue: Hashable, Sendable {
    /// The literal `null`.
    case null
    /// A boolean: `true` or `false`.
    case bool(Bool)
    /// An integer literal that fits in `Int`.
    case int(Int)
    /// Any other number.
    case double(Double)
    /// A string, with its escapes decoded.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object: its members in the order the text has them.
    case object([Member])

    /// A member of an object: a key and its value.
    public struct Member: Hashable, Sendable {
        /// The member's name.
        public var key: String
        /// The member's value.
        public var value: JSONValue
        /// A member named `key` whose value is `value`.
        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// An object from key–value pairs, in order.
    public static func object(_ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(members.map { Member($0.key, $0.value) })
    }

    /// A string, or null when nil.
    public static func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    /// The value of member `key` of an object; nil when absent or when this is not an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key.hasSameUTF8(as: key) }?.value
    }

    /// Element `index` of an array; nil when out of range or when this is not an array.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The string, or nil when this is not a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The boolean, or nil when this is not a boolean.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The integer, or nil when this is not an integer that fits in `Int`.
    public var intValue: Int? {
        if case .int(let value) = self { return value }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool { self == .null }

    /// The JSON type's name, for error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension String {
    /// Whether the two strings are the same UTF-8 bytes, so the same Unicode scalars: how JSON keys
    /// are compared (RFC 8259), where `==` would also match a canonically equivalent key. The
    /// lengths first: keys of one object mostly differ in length, and a native string knows its own.
    func hasSameUTF8(as other: String) -> Bool {
        utf8.count == other.utf8.count && utf8.elementsEqual(other.utf8)
    }
}
