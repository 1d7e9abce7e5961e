/// A percent-encode set of the URL Standard (§1.3): the bytes that must be written as `%XX`.
///
/// Every set contains the C0 controls and every byte above U+007E, so a non-ASCII code point is
/// always encoded as the `%XX` of each of its UTF-8 bytes.
struct PercentEncodeSet: Sendable, Equatable {
    /// Bit `b` of `low` is byte `b` (0–63); bit `b` of `high` is byte `64 + b` (64–127).
    let low: UInt64
    let high: UInt64

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        if byte < 64 { return low & (1 << UInt64(byte)) != 0 }
        if byte < 128 { return high & (1 << UInt64(byte - 64)) != 0 }
        return true
    }

    // The sets as constants, so reading one costs nothing. `PercentEncodingTests` derives each from
    // the standard's definition (the previous set plus some characters) and checks it is equal.
    // The component and application/x-www-form-urlencoded sets are not needed: WebAddress has no
    // setters and no form encoding.

    /// C0 controls (U+0000–U+001F) and everything above U+007E (U+007F DELETE included).
    static let c0Control = PercentEncodeSet(low: 0x0000_0000_FFFF_FFFF, high: 0x8000_0000_0000_0000)
    /// C0 control set plus space, ", <, >, `.
    static let fragment = PercentEncodeSet(low: 0x5000_0005_FFFF_FFFF, high: 0x8000_0001_0000_0000)
    /// C0 control set plus space, ", #, <, >.
    static let query = PercentEncodeSet(low: 0x5000_000D_FFFF_FFFF, high: 0x8000_0000_0000_0000)
    /// Query set plus '.
    static let specialQuery = PercentEncodeSet(low: 0x5000_008D_FFFF_FFFF, high: 0x8000_0000_0000_0000)
    /// Query set plus ?, ^, `, {, }.
    static let path = PercentEncodeSet(low: 0xD000_000D_FFFF_FFFF, high: 0xA800_0001_4000_0000)
    /// Path set plus /, :, ;, =, @, [, \, ], |.
    static let userinfo = PercentEncodeSet(low: 0xFC00_800D_FFFF_FFFF, high: 0xB800_0001_7800_0001)
}

extension [UInt8] {
    /// Appends `bytes`, each as `%XX` when it is in `set`: runs that need no encoding are copied
    /// whole.
    @inline(__always)
    mutating func appendPercentEncoded(contentsOf bytes: UnsafeBufferPointer<UInt8>, in set: PercentEncodeSet) {
        var runStart = 0
        for index in 0..<bytes.count where set.contains(bytes[index]) {
            if runStart < index { append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
            appendPercentEncoded(bytes[index], in: set)
            runStart = index + 1
        }
        if runStart < bytes.count { append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
    }

    /// Appends `byte`, as `%XX` (uppercase hex) when it is in `set`.
    @inline(__always)
    mutating func appendPercentEncoded(_ byte: UInt8, in set: PercentEncodeSet) {
        if set.contains(byte) {
            append(UInt8(ascii: "%"))
            append(PercentEncoding.hexDigit(byte >> 4))
            append(PercentEncoding.hexDigit(byte & 0x0F))
        } else {
            append(byte)
        }
    }
}

/// Percent-encoding as the URL Standard defines it (§1.3).
public enum PercentEncoding {
    @inline(__always)
    static func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x41 + value - 10 }

    /// Percent-encodes every byte of `bytes` that is in `set`.
    static func encode(_ bytes: some Sequence<UInt8>, set: PercentEncodeSet) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.underestimatedCount)
        for byte in bytes { output.appendPercentEncoded(byte, in: set) }
        return String(decoding: output, as: UTF8.self)
    }

    /// Percent-decodes `bytes` (URL Standard §1.3): `%XX` with two hex digits becomes that byte;
    /// any other `%` is kept as it is.
    public static func decode(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            let next = bytes.index(after: index)
            if byte == UInt8(ascii: "%"), next != bytes.endIndex, let high = ASCII.hexValue(bytes[next]) {
                let last = bytes.index(after: next)
                if last != bytes.endIndex, let low = ASCII.hexValue(bytes[last]) {
                    output.append(high << 4 | low)
                    index = bytes.index(after: last)
                    continue
                }
            }
            output.append(byte)
            index = next
        }
        return output
    }
}

/// ASCII classification on bytes, as the URL Standard names them (Infra §4.6).
enum ASCII {
    @inline(__always) static func isAlpha(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    @inline(__always) static func isAlphanumeric(_ b: UInt8) -> Bool { isAlpha(b) || isDigit(b) }
    @inline(__always) static func isHexDigit(_ b: UInt8) -> Bool {
        isDigit(b) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x66)
    }
    @inline(__always) static func lowercased(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }

    @inline(__always)
    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: return b - 0x30
        case 0x41...0x46: return b - 0x41 + 10
        case 0x61...0x66: return b - 0x61 + 10
        default: return nil
        }
    }

    /// C0 control or space: what the parser trims from both ends of its input.
    @inline(__always) static func isC0ControlOrSpace(_ b: UInt8) -> Bool { b <= 0x20 }

    /// ASCII tab or newline: what the parser removes from anywhere in its input.
    @inline(__always) static func isTabOrNewline(_ b: UInt8) -> Bool { b == 0x09 || b == 0x0A || b == 0x0D }
}
