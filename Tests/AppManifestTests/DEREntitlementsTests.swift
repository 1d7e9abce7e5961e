import AppFixtures
import AppManifest
import StrictJSON
import Testing

/// Apple's DER entitlements (CoreEntitlements, code signature slot 7): every value type, nesting,
/// and each malformed form refused with a reason.
@Suite("AppManifest: DER entitlements")
struct DEREntitlementsTests {
    static func decode(_ bytes: [UInt8]) throws -> JSONValue { try DEREntitlements.decode(bytes).get() }

    /// The refusal's message, or a recorded issue when the bytes were accepted.
    static func refusal(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> String {
        switch DEREntitlements.decode(bytes, path: "test") {
        case .success(let value):
            Issue.record("accepted: \(value)", sourceLocation: sourceLocation)
            return ""
        case .failure(let error):
            #expect(error.path == "test", sourceLocation: sourceLocation)
            #expect(!error.message.isEmpty, sourceLocation: sourceLocation)
            return error.message
        }
    }

    /// A wrapper around a hand-made body: `[APPLICATION 16] { INTEGER 1, body }`.
    static func wrapped(_ body: [UInt8]) -> [UInt8] {
        DEREntitlementsEncoder.node(0x70, [0x02, 0x01, 0x01] + body)
    }

    /// A dictionary of hand-made pairs.
    static func dictionary(_ pairs: [UInt8]...) -> [UInt8] { DEREntitlementsEncoder.node(0xB0, pairs.flatMap { $0 }) }

    static func pair(_ key: String, _ value: [UInt8]) -> [UInt8] {
        DEREntitlementsEncoder.node(0x30, DEREntitlementsEncoder.node(0x0C, Array(key.utf8)) + value)
    }

    @Test(
        "every value type round-trips: booleans, integers at the edges, strings, arrays, dictionaries",
        arguments: [
            JSONValue.bool(true), .bool(false), .int(0), .int(1), .int(-1), .int(127), .int(128), .int(-128),
            .int(-129),
            .int(255), .int(256), .int(65_535), .int(Int.max), .int(Int.min), .string(""),
            .string("applinks:shop.example"),
            .string("caf\u{E9} \u{1F600} \u{0}"), .array([]), .array([.bool(true), .int(2), .string("3")]),
            .array([.array([.array([])])]), .object([:]),
            .object(["a": .object(["b": .object(["c": .array([.object(["d": .bool(false)])])])])]),
        ])
    func roundTrip(value: JSONValue) throws {
        let entitlements = JSONValue.object(["value": value])
        #expect(try Self.decode(DEREntitlementsEncoder.encode(entitlements)) == entitlements)
    }

    @Test("a long dictionary, long strings (multi-byte lengths) and keys in DER order come back sorted by key")
    func longAndSorted() throws {
        let long = String(repeating: "x", count: 70_000)
        let members = (0..<300).map { JSONValue.Member(String(repeating: "k", count: $0 % 17 + 1) + "\($0)", .int($0)) }
        let entitlements = JSONValue.object(members + [JSONValue.Member("long", .string(long))])
        let decoded = try Self.decode(DEREntitlementsEncoder.encode(entitlements))
        guard case .object(let read) = decoded else {
            Issue.record("not an object: \(decoded.typeName)")
            return
        }
        #expect(read.map(\.key) == read.map(\.key).sorted())
        #expect(read.count == 301)
        #expect(decoded["long"] == .string(long))
        #expect(decoded["kkk2"] == .int(2))
    }

    @Test("DER order is not key order: `b` is written before `aa` (shorter encoding), and read back sorted")
    func derOrder() throws {
        let bytes = try DEREntitlementsEncoder.encode(.object(["aa": .int(1), "b": .int(2)]))
        let b = bytes.firstRange(of: Array("b".utf8))?.lowerBound ?? -1
        let aa = bytes.firstRange(of: Array("aa".utf8))?.lowerBound ?? -1
        #expect(b < aa)
        #expect(try Self.decode(bytes) == .object(["aa": .int(1), "b": .int(2)]))
    }

    @Test(
        "a wrapper that is not [APPLICATION 16], a version other than 1, or a body other than one dictionary is refused"
    )
    func wrapper() throws {
        let body = Self.dictionary(Self.pair("a", [0x01, 0x01, 0xFF]))
        #expect(Self.refusal(DEREntitlementsEncoder.node(0x30, [0x02, 0x01, 0x01] + body)).contains("APPLICATION 16"))
        #expect(Self.refusal(DEREntitlementsEncoder.node(0x50, [0x02, 0x01, 0x01] + body)).contains("APPLICATION 16"))
        #expect(Self.refusal(DEREntitlementsEncoder.node(0x70, [0x02, 0x01, 0x02] + body)).contains("version 2"))
        #expect(Self.refusal(DEREntitlementsEncoder.node(0x70, [0x02, 0x01, 0x00] + body)).contains("version 0"))
        #expect(Self.refusal(DEREntitlementsEncoder.node(0x70, [0x0C, 0x01, 0x31] + body)).contains("version"))
        #expect(Self.refusal(DEREntitlementsEncoder.node(0x70, [0x02, 0x01, 0x01])).contains("fewer"))
        #expect(Self.refusal(DEREntitlementsEncoder.node(0x70, [0x02, 0x01, 0x01] + body + body)).contains("more"))
        #expect(Self.refusal(Self.wrapped(DEREntitlementsEncoder.node(0x31, []))).contains("[CONTEXT 16]"))
        #expect(Self.refusal(Self.wrapped(DEREntitlementsEncoder.node(0xA0, []))).contains("[CONTEXT 16]"))
        // [CONTEXT 16] written primitive (0x90) is not a dictionary.
        #expect(Self.refusal(Self.wrapped([0x90, 0x00])).contains("[CONTEXT 16]"))
    }

    @Test("bytes that are no DER are refused: empty, truncated at every length, trailing bytes, indefinite length")
    func notDER() throws {
        #expect(Self.refusal([]).contains("not DER"))
        let valid = try DEREntitlementsEncoder.encode(CodeSignatureBuilder.sampleEntitlements)
        for length in 0..<valid.count { _ = Self.refusal(Array(valid.prefix(length))) }
        #expect(Self.refusal(valid + [0x00]).contains("not DER"))
        #expect(Self.refusal([0x70, 0x80, 0x02, 0x01, 0x01, 0xB0, 0x00, 0x00, 0x00]).contains("not DER"))
        // A length in more bytes than needed is not DER.
        #expect(Self.refusal([0x70, 0x81, 0x05, 0x02, 0x01, 0x01, 0xB0, 0x00]).contains("not DER"))
    }

    @Test(
        "values of any other type are refused: OCTET STRING, NULL, REAL, SET, IA5String, a SEQUENCE written primitive",
        arguments: [
            [0x04, 0x01, 0x41], [0x05, 0x00], [0x09, 0x01, 0x40], [0x31, 0x00], [0x16, 0x01, 0x41], [0x10, 0x00],
            [0x70, 0x00], [0xA0, 0x00], [0x0C + 0x20, 0x00] as [UInt8],
        ])
    func unknownTags(value: [UInt8]) throws {
        let message = Self.refusal(Self.wrapped(Self.dictionary(Self.pair("k", value))))
        #expect(message.contains("only BOOLEAN"))
    }

    @Test(
        "malformed scalars are refused: a BOOLEAN other than 00/FF, an INTEGER not minimal or over 64 bits, bad UTF-8")
    func scalars() throws {
        for value: [UInt8] in [[0x01, 0x01, 0x01], [0x01, 0x02, 0xFF, 0xFF], [0x01, 0x00]] {
            #expect(Self.refusal(Self.wrapped(Self.dictionary(Self.pair("k", value)))).contains("BOOLEAN"))
        }
        for value: [UInt8] in [
            [0x02, 0x02, 0x00, 0x01], [0x02, 0x02, 0xFF, 0x80], [0x02, 0x00],
            [0x02, 0x09, 0x01] + Array(repeating: 0, count: 8),
        ] {
            #expect(Self.refusal(Self.wrapped(Self.dictionary(Self.pair("k", value)))).contains("INTEGER"))
        }
        #expect(
            Self.refusal(Self.wrapped(Self.dictionary(Self.pair("k", [0x0C, 0x02, 0xC3, 0x28])))).contains("UTF-8"))
        let badKey = DEREntitlementsEncoder.node(0x30, [0x0C, 0x01, 0xFF, 0x01, 0x01, 0xFF])
        #expect(Self.refusal(Self.wrapped(Self.dictionary(badKey))).contains("UTF-8"))
    }

    @Test("a dictionary element that is not a UTF8String key and one value is refused")
    func pairs() throws {
        let value: [UInt8] = [0x01, 0x01, 0xFF]
        let notPair: [[UInt8]] = [
            value,  // a bare value
            DEREntitlementsEncoder.node(0x30, DEREntitlementsEncoder.node(0x0C, [0x6B])),  // a key alone
            // three parts
            DEREntitlementsEncoder.node(0x30, DEREntitlementsEncoder.node(0x0C, [0x6B]) + value + value),
            DEREntitlementsEncoder.node(0x30, DEREntitlementsEncoder.node(0x04, [0x6B]) + value),  // OCTET STRING key
            DEREntitlementsEncoder.node(0x30, []),  // empty
            DEREntitlementsEncoder.node(0x31, DEREntitlementsEncoder.node(0x0C, [0x6B]) + value),  // a SET
        ]
        for element in notPair {
            #expect(Self.refusal(Self.wrapped(Self.dictionary(element))).contains("dictionary element"))
        }
    }

    @Test("duplicate keys and keys out of DER order are refused")
    func duplicatesAndOrder() throws {
        let duplicate = JSONValue.object([JSONValue.Member("a", .int(1)), JSONValue.Member("a", .int(2))])
        #expect(Self.refusal(try DEREntitlementsEncoder.encode(duplicate)).contains("appears twice"))
        let nested = JSONValue.object(["x": duplicate])
        #expect(Self.refusal(try DEREntitlementsEncoder.encode(nested)).contains("appears twice"))
        // "aa" before "b" is key order, not DER order.
        let unsorted = JSONValue.object(["aa": .int(1), "b": .int(2)])
        #expect(
            Self.refusal(try DEREntitlementsEncoder.encode(unsorted, sortKeys: false)).contains(
                "out of DER SET OF order"))
    }

    @Test("nesting deeper than the limit is refused, with arrays and with dictionaries (SwiftASN1's own limit)")
    func depth() throws {
        func arrays(_ depth: Int) -> JSONValue {
            (1..<depth).reduce(JSONValue.array([])) { inner, _ in .array([inner]) }
        }
        // The top dictionary is level 1; arrays below it take levels 2 and down.
        let deepest = JSONValue.object(["k": arrays(DEREntitlements.maximumDepth - 1)])
        #expect(try Self.decode(DEREntitlementsEncoder.encode(deepest)) == deepest)
        let tooDeep = JSONValue.object(["k": arrays(DEREntitlements.maximumDepth)])
        #expect(Self.refusal(try DEREntitlementsEncoder.encode(tooDeep)).contains("nested deeper"))
        let dictionaries = (0..<40).reduce(JSONValue.object([:])) { inner, _ in .object(["k": inner]) }
        #expect(!Self.refusal(try DEREntitlementsEncoder.encode(dictionaries)).isEmpty)
        let thousand = (0..<1000).reduce(JSONValue.array([])) { inner, _ in .array([inner]) }
        #expect(!Self.refusal(try DEREntitlementsEncoder.encode(.object(["k": thousand]))).isEmpty)
    }
}
