// The character classes of XML 1.0 (5th edition) and small helpers for bytes and scalars.

/// The ASCII bytes the reader looks for.
enum Byte {
    static let tab = UInt8(ascii: "\t")
    static let lf = UInt8(ascii: "\n")
    static let cr = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let quote = UInt8(ascii: "\"")
    static let hash = UInt8(ascii: "#")
    static let amp = UInt8(ascii: "&")
    static let apostrophe = UInt8(ascii: "'")
    static let slash = UInt8(ascii: "/")
    static let semicolon = UInt8(ascii: ";")
    static let lt = UInt8(ascii: "<")
    static let equals = UInt8(ascii: "=")
    static let gt = UInt8(ascii: ">")
    static let question = UInt8(ascii: "?")
    static let exclamation = UInt8(ascii: "!")
    static let rightBracket = UInt8(ascii: "]")
    static let x = UInt8(ascii: "x")
}

/// XML white space: space, tab, CR, LF.
func isWhitespace(_ byte: UInt8) -> Bool {
    byte == Byte.space || byte == Byte.lf || byte == Byte.tab || byte == Byte.cr
}

/// XML 1.0's `Char`: tab, LF, CR, and U+0020 to U+10FFFF except surrogates, U+FFFE and U+FFFF.
func isXMLCharacter(_ value: UInt32) -> Bool {
    switch value {
    case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x1_0000...0x10_FFFF: return true
    default: return false
    }
}

/// XML 1.0's `NameStartChar`.
func isNameStart(_ value: UInt32) -> Bool {
    switch value {
    case 0x3A, 0x41...0x5A, 0x5F, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D,
        0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF,
        0xFDF0...0xFFFD, 0x1_0000...0xE_FFFF:
        return true
    default: return false
    }
}

/// XML 1.0's `NameChar`.
func isNameCharacter(_ value: UInt32) -> Bool {
    switch value {
    case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: return true
    default: return isNameStart(value)
    }
}

/// `U+0041` for 0x41: at least four uppercase hexadecimal digits.
func codePoint(_ value: UInt32) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}

/// The value of an ASCII digit, or nil.
func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
}

/// Appends the UTF-8 form of a scalar (never a surrogate) to `buffer`.
func appendUTF8(_ value: UInt32, to buffer: inout [UInt8]) {
    switch value {
    case 0..<0x80:
        buffer.append(UInt8(value))
    case 0x80..<0x800:
        buffer.append(UInt8(0xC0 | value >> 6))
        buffer.append(UInt8(0x80 | value & 0x3F))
    case 0x800..<0x1_0000:
        buffer.append(UInt8(0xE0 | value >> 12))
        buffer.append(UInt8(0x80 | value >> 6 & 0x3F))
        buffer.append(UInt8(0x80 | value & 0x3F))
    default:
        buffer.append(UInt8(0xF0 | value >> 18))
        buffer.append(UInt8(0x80 | value >> 12 & 0x3F))
        buffer.append(UInt8(0x80 | value >> 6 & 0x3F))
        buffer.append(UInt8(0x80 | value & 0x3F))
    }
}
