import StrictJSON

// Self-contained (StrictJSON only): Fuzz/run.sh compiles this file into the `macho` fuzz target too.

/// Writes entitlements in Apple's DER form, as `codesign` does for slot 7:
/// `[APPLICATION 16] { INTEGER 1, [CONTEXT 16] dictionary }`, every dictionary's pairs in DER SET OF
/// order.
///
/// Booleans, integers, strings, arrays and dictionaries can be written; doubles and nulls
/// cannot (the format has no such values).
public enum DEREntitlementsEncoder {
    /// A value the DER form cannot hold, and where it is.
    public struct Unrepresentable: Error, CustomStringConvertible {
        /// The message: the type of the value that cannot be written.
        public let description: String
    }

    /// The payload of a DER entitlements blob (what follows its 8-byte header). `sortKeys: false`
    /// keeps members in the order given, to make files a reader must refuse.
    public static func encode(_ entitlements: JSONValue, sortKeys: Bool = true) throws(Unrepresentable) -> [UInt8] {
        guard case .object = entitlements else {
            throw Unrepresentable(description: "entitlements are a dictionary, not \(entitlements.typeName)")
        }
        return node(0x70, node(0x02, [0x01]) + (try value(entitlements, sortKeys: sortKeys)))
    }

    /// One value's DER encoding; a dictionary is `[CONTEXT 16]`.
    public static func value(_ value: JSONValue, sortKeys: Bool = true) throws(Unrepresentable) -> [UInt8] {
        switch value {
        case .bool(let flag): return node(0x01, [flag ? 0xFF : 0x00])
        case .int(let number): return node(0x02, integer(number))
        case .string(let text): return node(0x0C, Array(text.utf8))
        case .array(let elements):
            var content: [UInt8] = []
            for element in elements { content += try self.value(element, sortKeys: sortKeys) }
            return node(0x30, content)
        case .object(let members):
            var pairs: [[UInt8]] = []
            for member in members {
                pairs.append(
                    node(0x30, node(0x0C, Array(member.key.utf8)) + (try self.value(member.value, sortKeys: sortKeys))))
            }
            if sortKeys { pairs.sort(by: setOrder) }
            return node(0xB0, pairs.flatMap { $0 })
        case .double, .null:
            throw Unrepresentable(description: "DER entitlements have no \(value.typeName) (\(value.serialized()))")
        }
    }

    /// A tag, a definite length in the fewest bytes, and the content.
    public static func node(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        var length: [UInt8] = []
        if content.count < 0x80 {
            length = [UInt8(content.count)]
        } else {
            var remaining = content.count
            while remaining > 0 {
                length.insert(UInt8(remaining & 0xFF), at: 0)
                remaining >>= 8
            }
            length.insert(0x80 | UInt8(length.count), at: 0)
        }
        return [tag] + length + content
    }

    /// Two's complement, big-endian, in the fewest bytes (X.690 §8.3.2).
    static func integer(_ number: Int) -> [UInt8] {
        var bytes = (0..<8).map { UInt8(truncatingIfNeeded: number >> (56 - 8 * $0)) }
        while bytes.count > 1,
            (bytes[0] == 0x00 && bytes[1] & 0x80 == 0) || (bytes[0] == 0xFF && bytes[1] & 0x80 != 0)
        {
            bytes.removeFirst()
        }
        return bytes
    }

    /// DER SET OF order (X.690 §11.6): encodings compared as octet strings, the shorter padded with zeros.
    static func setOrder(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        for (leftByte, rightByte) in zip(left, right) where leftByte != rightByte { return leftByte < rightByte }
        return !right.dropFirst(left.count).allSatisfy { $0 == 0 }
    }
}
