/// An error at a place in a JSON document, as a reader of a document's shape reports it: a JSON
/// pointer (`/steps/3/load`, "" for the whole document) and what is wrong there. Each reader has
/// its own error type (a scenario's, a framework configuration's); ``JSONObjectReader`` makes them.
public protocol JSONShapeError: Error {
    /// An error at `pointer`, saying `message`.
    init(_ pointer: String, _ message: String)
}

/// Reads a JSON object member by member, remembering which keys it used, so that a key nobody
/// asked for is an error (``finish(expected:)``): in a hand-written file, a typo must never pass
/// silently. Its errors are `Failure`s, at the member's JSON pointer.
public struct JSONObjectReader<Failure: JSONShapeError> {
    /// The object's JSON pointer.
    public let pointer: String
    private let members: [JSONValue.Member]
    private var used: Set<String> = []

    /// A reader of `value`, which must be an object, at `pointer`.
    public init(_ value: JSONValue, at pointer: String) throws(Failure) {
        guard case .object(let members) = value else {
            throw Failure(pointer, "expected an object, found \(value.typeName)")
        }
        self.pointer = pointer
        self.members = members
    }

    /// The JSON pointer of a member (RFC 6901: `~` is written `~0` and `/` is written `~1`, scalar
    /// by scalar, so a combining mark after either does not hide it).
    public func path(_ key: String) -> String {
        var escaped = String.UnicodeScalarView(pointer.unicodeScalars)
        escaped.append("/")
        for scalar in key.unicodeScalars {
            switch scalar {
            case "~": escaped.append(contentsOf: "~0".unicodeScalars)
            case "/": escaped.append(contentsOf: "~1".unicodeScalars)
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    /// The object's keys, in the document's order.
    public var keys: [String] { members.map(\.key) }

    /// A member's value, marked as read; nil when the object has no such member.
    public mutating func value(_ key: String) -> JSONValue? {
        used.insert(key)
        return valueWithoutMarking(key)
    }

    /// A string member; nil when absent or null.
    public mutating func string(_ key: String) throws(Failure) -> String? {
        switch value(key) {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case let other?: throw Failure(path(key), "expected a string, found \(other.typeName)")
        }
    }

    /// A string member that must be there.
    public mutating func requiredString(_ key: String) throws(Failure) -> String {
        guard let text = try string(key) else { throw Failure(path(key), "missing (a string is required)") }
        return text
    }

    /// A boolean member; nil when absent or null.
    public mutating func bool(_ key: String) throws(Failure) -> Bool? {
        switch value(key) {
        case nil, .null?: return nil
        case .bool(let flag)?: return flag
        case let other?: throw Failure(path(key), "expected true or false, found \(other.typeName)")
        }
    }

    /// An integer member; nil when absent or null.
    public mutating func int(_ key: String) throws(Failure) -> Int? {
        switch value(key) {
        case nil, .null?: return nil
        case .int(let number)?: return number
        case let other?: throw Failure(path(key), "expected an integer, found \(other.typeName)")
        }
    }

    /// An array member; nil when absent or null.
    public mutating func array(_ key: String) throws(Failure) -> [JSONValue]? {
        switch value(key) {
        case nil, .null?: return nil
        case .array(let values)?: return values
        case let other?: throw Failure(path(key), "expected an array, found \(other.typeName)")
        }
    }

    /// A member's value, for a reader that checks each member itself (not marked as read).
    public func valueWithoutMarking(_ key: String) -> JSONValue? {
        members.first { $0.key.unicodeScalars.elementsEqual(key.unicodeScalars) }?.value
    }

    /// Throws on the first key that was never read, naming the `expected` ones.
    public func finish(expected: [String]) throws(Failure) {
        for key in keys where !used.contains(key) {
            throw Failure(path(key), "unknown key \"\(key)\" (expected one of: \(expected.joined(separator: ", ")))")
        }
    }
}
