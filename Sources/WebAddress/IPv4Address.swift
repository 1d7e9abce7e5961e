/// An IPv4 address as the URL Standard parses it (§3.5): one to four parts, each decimal, octal
/// (`0` prefix) or hexadecimal (`0x` prefix), so `0x7f.1`, `017700000001` and `2130706433` are all
/// `127.0.0.1`.
public struct IPv4Address: Hashable, Sendable, CustomStringConvertible {
    /// The address as a 32-bit number, most significant byte first.
    public let value: UInt32

    public init(_ value: UInt32) { self.value = value }

    /// The four bytes, most significant first.
    public var octets: (UInt8, UInt8, UInt8, UInt8) {
        (UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
         UInt8(truncatingIfNeeded: value))
    }

    /// Dotted decimal, the IPv4 serializer of the standard.
    public var description: String {
        let o = octets
        return "\(o.0).\(o.1).\(o.2).\(o.3)"
    }

    /// True for 127.0.0.0/8.
    public var isLoopback: Bool { value >> 24 == 127 }

    /// The IPv4 parser (§3.5) on an ASCII domain that "ends in a number".
    static func parse(_ input: [UInt8]) -> Result<IPv4Address, URLParseError> {
        var parts = input.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        if parts.last?.isEmpty == true, parts.count > 1 { parts.removeLast() }
        guard parts.count <= 4 else { return .failure(.ipv4TooManyParts) }
        var numbers: [UInt64] = []
        numbers.reserveCapacity(parts.count)
        for part in parts {
            guard let number = parseNumber(part) else { return .failure(.ipv4NonNumericPart) }
            numbers.append(number)
        }
        let last = numbers.removeLast()
        guard numbers.allSatisfy({ $0 <= 255 }) else { return .failure(.ipv4OutOfRangePart) }
        guard last < UInt64(1) << (8 * (4 - numbers.count)) else { return .failure(.ipv4OutOfRangePart) }
        var address = last
        for (counter, number) in numbers.enumerated() {
            address += number << (8 * (3 - counter))
        }
        return .success(IPv4Address(UInt32(address)))
    }

    /// The IPv4 number parser (§3.5). Values saturate just above 2^32, which is already out of range
    /// for every part, so a thousand-digit part cannot overflow.
    static func parseNumber<Bytes: Collection<UInt8>>(_ input: Bytes) -> UInt64? {
        guard !input.isEmpty else { return nil }
        var digits = input[...]
        var radix: UInt64 = 10
        if digits.count >= 2, digits.first == UInt8(ascii: "0"),
            digits[digits.index(after: digits.startIndex)] | 0x20 == UInt8(ascii: "x")
        {
            digits = digits.dropFirst(2)
            radix = 16
        } else if digits.count >= 2, digits.first == UInt8(ascii: "0") {
            digits = digits.dropFirst()
            radix = 8
        }
        var value: UInt64 = 0
        for byte in digits {
            let digit: UInt64
            switch radix {
            case 16:
                guard let hex = ASCII.hexValue(byte) else { return nil }
                digit = UInt64(hex)
            default:
                guard ASCII.isDigit(byte), UInt64(byte - 0x30) < radix else { return nil }
                digit = UInt64(byte - 0x30)
            }
            value = min(value * radix + digit, 1 << 33)
        }
        return value
    }

    /// "Ends in a number" (§3.5): whether the host parser must treat an ASCII domain as IPv4.
    static func endsInANumber<Bytes: RandomAccessCollection<UInt8>>(_ input: Bytes) -> Bool where Bytes.Index == Int {
        guard !input.isEmpty else { return false }
        var end = input.endIndex
        if input[end - 1] == UInt8(ascii: ".") { end -= 1 }
        var start = end
        while start > input.startIndex, input[start - 1] != UInt8(ascii: ".") { start -= 1 }
        let last = input[start..<end]
        if !last.isEmpty, last.allSatisfy(ASCII.isDigit) { return true }
        return parseNumber(last) != nil
    }
}
