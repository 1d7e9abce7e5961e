import StrictJSON

/// A JSON value as a cache key, equal to another only when their JSON texts would be the same bytes:
/// strings and keys compared by their UTF-8 (so precomposed and decomposed `é` differ, as the
/// matchers see them), numbers by their kind and bits, members in order. It hashes and compares
/// the value where it is, without writing its text (the cost of every request that repeats an
/// input, measured in docs/performance.md).
struct ExactJSON: Hashable, Sendable {
    let value: JSONValue

    static func == (left: ExactJSON, right: ExactJSON) -> Bool { same(left.value, right.value) }

    func hash(into hasher: inout Hasher) { Self.feed(value, into: &hasher) }

    /// About how many bytes the value's JSON text has (`JSONValue.approximateTextSize`).
    var size: Int { value.approximateTextSize }

    private static func same(_ left: JSONValue, _ right: JSONValue) -> Bool {
        switch (left, right) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a.bitPattern == b.bitPattern
        case (.string(let a), .string(let b)): a.utf8.elementsEqual(b.utf8)
        case (.array(let a), .array(let b)): a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
        case (.object(let a), .object(let b)):
            a.count == b.count
                && zip(a, b).allSatisfy { $0.key.utf8.elementsEqual($1.key.utf8) && same($0.value, $1.value) }
        default: false
        }
    }

    private static func feed(_ value: JSONValue, into hasher: inout Hasher) {
        switch value {
        case .null: hasher.combine(0 as UInt8)
        case .bool(let flag): hasher.combine(flag ? 1 as UInt8 : 2)
        case .int(let number):
            hasher.combine(3 as UInt8)
            hasher.combine(number)
        case .double(let number):
            hasher.combine(4 as UInt8)
            hasher.combine(number.bitPattern)
        case .string(let text):
            hasher.combine(5 as UInt8)
            feed(text, into: &hasher)
        case .array(let items):
            hasher.combine(6 as UInt8)
            hasher.combine(items.count)
            for item in items { feed(item, into: &hasher) }
        case .object(let members):
            hasher.combine(7 as UInt8)
            hasher.combine(members.count)
            for member in members {
                feed(member.key, into: &hasher)
                feed(member.value, into: &hasher)
            }
        }
    }

    private static func feed(_ text: String, into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(text.utf8.count)
    }
}
