import StrictJSON
import SwiftASN1

/// Entitlements in Apple's DER form (CoreEntitlements), the code signature's slot 7:
/// `[APPLICATION 16] { INTEGER 1, [CONTEXT 16] dictionary }`. A dictionary is `[CONTEXT 16]` holding
/// `SEQUENCE { UTF8String key, value }` pairs in DER SET OF order; a value is a BOOLEAN, an INTEGER,
/// a UTF8String, an array (`SEQUENCE` of values) or a dictionary. Anything else is refused.
public enum DEREntitlements {
    /// The deepest nesting of arrays and dictionaries read (the top dictionary is level 1). Real
    /// entitlements nest three levels; SwiftASN1 also stops at 50 DER levels.
    public static let maximumDepth = 24

    /// The entitlements dictionary in `bytes` (the blob's payload, after its 8-byte header), keys
    /// sorted; or what is wrong with them, `path` naming where they came from.
    public static func decode(_ bytes: [UInt8], path: String = "DER entitlements") -> Result<
        JSONValue, AppManifestError
    > {
        do { return .success(try entitlements(bytes)) } catch { return .failure(AppManifestError(path, error.reason)) }
    }

    /// The tag of the outer wrapper, `[APPLICATION 16]`.
    static let wrapper = ASN1Identifier(tagWithNumber: 16, tagClass: .application)
    /// The tag of a dictionary, `[CONTEXT 16]`.
    static let dictionary = ASN1Identifier(tagWithNumber: 16, tagClass: .contextSpecific)

    struct Refusal: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    static func entitlements(_ bytes: [UInt8]) throws(Refusal) -> JSONValue {
        let root: ASN1Node
        do { root = try DER.parse(bytes) } catch { throw Refusal("not DER: \(describe(error))") }
        guard root.identifier == wrapper, case .constructed(let children) = root.content else {
            throw Refusal("starts with \(describe(root)), not the [APPLICATION 16] wrapper")
        }
        var iterator = children.makeIterator()
        guard let versionNode = iterator.next(), let body = iterator.next() else {
            throw Refusal("the wrapper holds fewer than a version and a dictionary")
        }
        guard iterator.next() == nil else { throw Refusal("the wrapper holds more than a version and a dictionary") }
        guard versionNode.identifier == .integer, let version = try? Int(derEncoded: versionNode) else {
            throw Refusal("the version is \(describe(versionNode)), not a DER INTEGER")
        }
        guard version == 1 else { throw Refusal("version \(version); only version 1 is known") }
        guard body.identifier == dictionary else {
            throw Refusal("the body is \(describe(body)), not a [CONTEXT 16] dictionary")
        }
        return try value(body, depth: 1)
    }

    static func value(_ node: ASN1Node, depth: Int) throws(Refusal) -> JSONValue {
        switch (node.identifier, node.content) {
        case (.boolean, .primitive):
            guard let flag = try? Bool(derEncoded: node) else {
                throw Refusal("a BOOLEAN that is neither 0x00 nor 0xFF")
            }
            return .bool(flag)
        case (.integer, .primitive):
            guard let number = try? Int(derEncoded: node) else {
                throw Refusal("an INTEGER that is not minimally encoded or does not fit in 64 bits")
            }
            return .int(number)
        case (.utf8String, .primitive(let bytes)):
            return .string(try text(bytes))
        case (.sequence, .constructed(let elements)):
            guard depth <= maximumDepth else { throw Refusal("nested deeper than \(maximumDepth) levels") }
            var array: [JSONValue] = []
            for element in elements { array.append(try value(element, depth: depth + 1)) }
            return .array(array)
        case (dictionary, .constructed(let pairs)):
            guard depth <= maximumDepth else { throw Refusal("nested deeper than \(maximumDepth) levels") }
            return try object(pairs, depth: depth)
        default:
            throw Refusal(
                "a value that is \(describe(node)); only BOOLEAN, INTEGER, UTF8String, SEQUENCE and [CONTEXT 16] "
                    + "are read"
            )
        }
    }

    static func object(_ pairs: ASN1NodeCollection, depth: Int) throws(Refusal) -> JSONValue {
        var members: [JSONValue.Member] = []
        var seen = Set<[UInt8]>()
        var previous: ArraySlice<UInt8>?
        for pair in pairs {
            guard pair.identifier == .sequence, case .constructed(let parts) = pair.content else {
                throw Refusal("a dictionary element that is \(describe(pair)), not a key and value pair")
            }
            var iterator = parts.makeIterator()
            guard let keyNode = iterator.next(), let valueNode = iterator.next(), iterator.next() == nil,
                keyNode.identifier == .utf8String, case .primitive(let keyBytes) = keyNode.content
            else {
                throw Refusal("a dictionary element that is not a UTF8String key and one value")
            }
            let key = try text(keyBytes)
            guard seen.insert(Array(keyBytes)).inserted else {
                throw Refusal("the key \(key.debugDescription) appears twice")
            }
            // A reader that finds keys by binary search would miss a key out of order; so would the device.
            if let previous, !setElementLessThan(previous, pair.encodedBytes) {
                throw Refusal("the key \(key.debugDescription) is out of DER SET OF order")
            }
            previous = pair.encodedBytes
            members.append(JSONValue.Member(key, try value(valueNode, depth: depth + 1)))
        }
        return .object(members.sorted { $0.key < $1.key })
    }

    /// DER SET OF order (X.690 §11.6): the encodings compared as octet strings, the shorter padded
    /// with zero bytes. The same rule as SwiftASN1's serializer.
    static func setElementLessThan(_ left: ArraySlice<UInt8>, _ right: ArraySlice<UInt8>) -> Bool {
        for (leftByte, rightByte) in zip(left, right) where leftByte != rightByte { return leftByte < rightByte }
        return !right.dropFirst(left.count).allSatisfy { $0 == 0 }
    }

    static func text(_ bytes: ArraySlice<UInt8>) throws(Refusal) -> String {
        guard let string = String(validUTF8: bytes) else {
            throw Refusal("a UTF8String that is not UTF-8")
        }
        return string
    }

    /// A node's tag in words, as DER specifications write it.
    static func describe(_ node: ASN1Node) -> String {
        let kind: String
        switch node.content {
        case .constructed: kind = "constructed"
        case .primitive: kind = "primitive"
        }
        let identifier = node.identifier
        let names: [ASN1Identifier: String] = [
            .boolean: "BOOLEAN", .integer: "INTEGER", .utf8String: "UTF8String", .sequence: "SEQUENCE",
            .set: "SET", .octetString: "OCTET STRING", .null: "NULL", .objectIdentifier: "OBJECT IDENTIFIER",
        ]
        if let name = names[identifier] { return "a \(kind) \(name)" }
        let tagClass: String
        switch identifier.tagClass {
        case .universal: tagClass = "UNIVERSAL"
        case .application: tagClass = "APPLICATION"
        case .contextSpecific: tagClass = "CONTEXT"
        case .private: tagClass = "PRIVATE"
        }
        return "a \(kind) [\(tagClass) \(identifier.tagNumber)]"
    }

    static func describe(_ error: any Error) -> String {
        guard error is ASN1Error else { return "\(error)" }
        // ASN1Error's description ends with the file and line of SwiftASN1 that threw: the code
        // and the reason are what a reader needs.
        var text = "\(error)"
        if text.hasPrefix("ASN1Error.") { text.removeFirst("ASN1Error.".count) }
        if let space = text.lastIndex(of: " "), text[space...].contains(".swift:") { text = String(text[..<space]) }
        return text
    }
}
