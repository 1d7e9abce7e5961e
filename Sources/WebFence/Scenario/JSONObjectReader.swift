import Foundation

/// Reads a JSON object member by member, remembering which keys it used, so that a key nobody
/// asked for is an error: in a scenario, a typo must never pass silently.
struct JSONObjectReader {
    let pointer: String
    private let members: [JSONValue.Member]
    private var used: Set<String> = []

    init(_ value: JSONValue, at pointer: String) throws(ScenarioError) {
        guard case .object(let members) = value else {
            throw ScenarioError(pointer, "expected an object, found \(value.typeName)")
        }
        self.pointer = pointer
        self.members = members
    }

    /// The JSON pointer of a member (RFC 6901: `~` is written `~0` and `/` is written `~1`).
    func path(_ key: String) -> String {
        pointer + "/" + key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    var keys: [String] { members.map(\.key) }

    mutating func value(_ key: String) -> JSONValue? {
        used.insert(key)
        return valueWithoutMarking(key)
    }

    mutating func string(_ key: String) throws(ScenarioError) -> String? {
        switch value(key) {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case let other?: throw ScenarioError(path(key), "expected a string, found \(other.typeName)")
        }
    }

    mutating func requiredString(_ key: String) throws(ScenarioError) -> String {
        guard let text = try string(key) else { throw ScenarioError(path(key), "missing (a string is required)") }
        return text
    }

    mutating func bool(_ key: String) throws(ScenarioError) -> Bool? {
        switch value(key) {
        case nil, .null?: return nil
        case .bool(let flag)?: return flag
        case let other?: throw ScenarioError(path(key), "expected true or false, found \(other.typeName)")
        }
    }

    mutating func int(_ key: String) throws(ScenarioError) -> Int? {
        switch value(key) {
        case nil, .null?: return nil
        case .int(let number)?: return number
        case let other?: throw ScenarioError(path(key), "expected an integer, found \(other.typeName)")
        }
    }

    mutating func array(_ key: String) throws(ScenarioError) -> [JSONValue]? {
        switch value(key) {
        case nil, .null?: return nil
        case .array(let values)?: return values
        case let other?: throw ScenarioError(path(key), "expected an array, found \(other.typeName)")
        }
    }

    /// A member's value, for a reader that checks each member itself.
    func valueWithoutMarking(_ key: String) -> JSONValue? {
        members.first { $0.key.unicodeScalars.elementsEqual(key.unicodeScalars) }?.value
    }

    /// Throws on the first key that was never read.
    func finish(expected: [String]) throws(ScenarioError) {
        for key in keys where !used.contains(key) {
            throw ScenarioError(
                path(key), "unknown key \"\(key)\" (expected one of: \(expected.joined(separator: ", ")))")
        }
    }
}
