import Testing

@testable import StrictJSON

/// `String(validUTF8:)` and `String(validUTF16:)`: where the standard library's
/// `String(validating:as:)` exists (macOS 15, iOS 18, Linux) they call it; before it they decode
/// with repair and keep the text only when nothing was repaired (`unrepaired`). Both ways are
/// compared with a validator written here from Unicode's table of well-formed UTF-8 byte sequences
/// (The Unicode Standard, Table 3-7), so the test proves the fallback on every system, and the
/// standard library's answer too where it has one.
@Suite("Valid text: UTF-8 and UTF-16 validated as Unicode's tables say, with and without String(validating:as:)")
struct ValidTextTests {
    /// Sequences at each edge of UTF-8's validity: truncated, overlong, surrogates, past U+10FFFF,
    /// stray continuation bytes, and valid text that ends or begins with U+FFFD itself.
    static let utf8Edges: [[UInt8]] = [
        [], Array("plain ASCII".utf8), Array("é漢字🙂".utf8), [0xEF, 0xBF, 0xBD], [0x41, 0xEF, 0xBF, 0xBD],
        [0xC3], [0xE6, 0xBC], [0xF0, 0x9F, 0x99], [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xF0, 0x80, 0x80, 0x80],
        [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0x80],
        [0xBF, 0x41], [0xFE], [0xFF], [0x41, 0xC3, 0x41], [0xEF, 0xBF, 0xBD, 0xC3], [0xEF, 0xBF], [0x00],
    ]

    /// Byte values at the edges of UTF-8's ranges: ASCII, continuation bytes, the lead bytes whose
    /// second byte is narrowed (E0, ED, F0, F4), and those never valid.
    static let edgeBytes: [UInt8] = [
        0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE,
        0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
    ]

    @Test(
        "UTF-8: every string of up to three edge bytes (four after F0, F1 or F4), every one of up to two bytes, the edge cases"
    )
    func utf8() {
        var cases = Self.utf8Edges
        var strings: [[UInt8]] = [[]]
        for _ in 1...3 {
            strings = strings.flatMap { string in Self.edgeBytes.map { string + [$0] } }
            cases += strings
        }
        // Four bytes: after each kind of four-byte lead (the second byte narrowed after F0 and F4).
        cases += [0xF0, 0xF1, 0xF4].flatMap { lead in strings.map { [lead] + $0 } }
        cases += (0...0xFFFF).map { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } + (0...0xFF).map { [UInt8($0)] }
        var valid = 0
        var disagreeing: [[UInt8]] = []
        for bytes in cases {
            let wellFormed = Self.isWellFormedUTF8(bytes)
            // Compared as bytes: `String`'s == would take canonically equivalent texts as equal.
            let expected = wellFormed ? bytes : nil
            if String(validUTF8: bytes).map({ Array($0.utf8) }) != expected
                || String.unrepaired(bytes, as: UTF8.self, in: \.utf8).map({ Array($0.utf8) }) != expected
            {
                disagreeing.append(bytes)
            }
            if wellFormed { valid += 1 }
        }
        #expect(disagreeing.isEmpty, "\(disagreeing.prefix(10))")
        // Both answers were reached, so the comparison proves something.
        #expect(valid > 1000 && valid < cases.count - 1000)
    }

    @Test("UTF-16: lone and reversed surrogates refused, pairs and U+FFFD kept")
    func utf16() {
        let cases: [([UInt16], Bool)] = [
            ([], true), (Array("é漢🙂".utf16), true), ([0xFFFD], true), ([0xD83D, 0xDE42], true), ([0xD83D], false),
            ([0xDE42], false), ([0xDE42, 0xD83D], false), ([0x41, 0xD800], false), ([0xD800, 0x41], false),
            ([0xDBFF, 0xDFFF], true), ([0xDC00, 0xDC00], false), ([0xFFFD, 0xD800], false), ([0xD800, 0xDC00], true),
            ([0xD800, 0xD800], false),
        ]
        for (units, wellFormed) in cases {
            let expected = wellFormed ? units : nil
            #expect(String(validUTF16: units).map { Array($0.utf16) } == expected, "\(units)")
            #expect(
                String.unrepaired(units, as: UTF16.self, in: \.utf16).map { Array($0.utf16) } == expected, "\(units)")
        }
    }

    /// Whether `bytes` are well-formed UTF-8, by Table 3-7 of The Unicode Standard: the ranges each
    /// byte of a sequence may take, given its first.
    static func isWellFormedUTF8(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count {
            let first = bytes[index]
            let following: [ClosedRange<UInt8>]
            switch first {
            case 0x00...0x7F: following = []
            case 0xC2...0xDF: following = [0x80...0xBF]
            case 0xE0: following = [0xA0...0xBF, 0x80...0xBF]
            case 0xE1...0xEC, 0xEE...0xEF: following = [0x80...0xBF, 0x80...0xBF]
            case 0xED: following = [0x80...0x9F, 0x80...0xBF]
            case 0xF0: following = [0x90...0xBF, 0x80...0xBF, 0x80...0xBF]
            case 0xF1...0xF3: following = [0x80...0xBF, 0x80...0xBF, 0x80...0xBF]
            case 0xF4: following = [0x80...0x8F, 0x80...0xBF, 0x80...0xBF]
            default: return false
            }
            for range in following {
                index += 1
                guard index < bytes.count, range.contains(bytes[index]) else { return false }
            }
            index += 1
        }
        return true
    }
}
