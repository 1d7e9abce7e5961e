import Testing

@testable import WebAddress

extension PercentEncodeSet {
    /// This set plus the given ASCII characters: how the standard defines each set from the last.
    fileprivate func adding(_ characters: String) -> PercentEncodeSet {
        var low = self.low
        var high = self.high
        for byte in characters.utf8 {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
        return PercentEncodeSet(low: low, high: high)
    }
}

/// The percent-encode sets of the URL Standard (§1.3), each built from its definition.
@Suite("Percent-encode sets")
struct PercentEncodingTests {
    static let c0Control: PercentEncodeSet = {
        var set = PercentEncodeSet(low: 0, high: 0)
        set = set.adding(String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }))
        return set.adding("\u{7F}")
    }()

    @Test("every constant equals the standard's definition: the previous set plus some characters")
    func constantsMatchDefinitions() {
        let fragment = Self.c0Control.adding(" \"<>`")
        let query = Self.c0Control.adding(" \"#<>")
        let path = query.adding("?^`{}")
        let userinfo = path.adding("/:;=@[\\]|")
        #expect(PercentEncodeSet.c0Control == Self.c0Control)
        #expect(PercentEncodeSet.fragment == fragment)
        #expect(PercentEncodeSet.query == query)
        #expect(PercentEncodeSet.specialQuery == query.adding("'"))
        #expect(PercentEncodeSet.path == path)
        #expect(PercentEncodeSet.userinfo == userinfo)
    }

    @Test("every byte above U+007E is in every set")
    func nonASCII() {
        for byte in UInt8(0x7F)...UInt8(0xFF) { #expect(PercentEncodeSet.c0Control.contains(byte)) }
        #expect(!PercentEncodeSet.userinfo.contains(UInt8(ascii: "a")))
    }

    @Test("bulk encoding equals byte-by-byte encoding")
    func bulkEncoding() {
        let text = Array("a b\"<é>/?x#%41\u{1}".utf8)
        for set in [PercentEncodeSet.c0Control, .fragment, .query, .path, .userinfo] {
            var bulk: [UInt8] = []
            text.withUnsafeBufferPointer { bulk.appendPercentEncoded(contentsOf: $0, in: set) }
            var single: [UInt8] = []
            for byte in text { single.appendPercentEncoded(byte, in: set) }
            #expect(bulk == single)
        }
        var encoded: [UInt8] = []
        text.withUnsafeBufferPointer { encoded.appendPercentEncoded(contentsOf: $0, in: .path) }
        #expect(String(decoding: encoded, as: UTF8.self) == "a%20b%22%3C%C3%A9%3E/%3Fx%23%41%01")
    }

    @Test("decoding: %XX becomes a byte, any other % stays")
    func decoding() {
        #expect(PercentEncoding.decode(Array("a%41%4a%zz%4%".utf8)) == Array("aAJ%zz%4%".utf8))
    }
}
