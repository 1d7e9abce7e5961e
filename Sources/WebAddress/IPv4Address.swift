/// An IPv4 address as the URL Standard parses it (§3.5): one to four parts, each decimal, octal
/// (`0` prefix) or hexadecimal (`0x` prefix), so `0x7f.1`, `017700000001` and `2130706433` are all
/// `127.0.0.1`.
public struct IPv4Address: Hashable, Sendable, CustomStringConvertible {
    /// The address as a 32-bit number, most significant byte first.
    public let value: UInt32

    /// The address whose 32-bit number is `value`, most significant byte first.
    public init(_ value: UInt32) { self.value = value }

    /// The four bytes, most significant first.
    public var octets: (UInt8, UInt8, UInt8, UInt8) {
        (
            UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
            UInt8(truncatingIfNeeded: value)
        )
    }

    /// Dotted decimal, the IPv4 serializer of the standard.
    public var description: String { withSerialization { String(decoding: $0, as: UTF8.self) } }

    /// Calls `body` with the dotted-decimal bytes (at most 15), made on the stack.
    func withSerialization<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 15) { buffer in
            var count = 0
            for shift in stride(from: 24, through: 0, by: -8) {
                let octet = UInt8(truncatingIfNeeded: value >> UInt32(shift))
                if octet >= 100 {
                    buffer[count] = 0x30 + octet / 100
                    count += 1
                }
                if octet >= 10 {
                    buffer[count] = 0x30 + (octet / 10) % 10
                    count += 1
                }
                buffer[count] = 0x30 + octet % 10
                count += 1
                if shift > 0 {
                    buffer[count] = UInt8(ascii: ".")
                    count += 1
                }
            }
            return body(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// True for 127.0.0.0/8.
    public var isLoopback: Bool { value >> 24 == 127 }

    /// The IPv4 parser (§3.5) on an ASCII domain that "ends in a number". A non-numeric part is
    /// reported before a part out of range, whatever their order, as the standard's steps do.
    static func parse<Bytes: RandomAccessCollection<UInt8>>(_ input: Bytes) -> Result<IPv4Address, URLParseError>
    where Bytes.Index == Int {
        let dot = UInt8(ascii: ".")
        // A last empty part (a trailing dot) is dropped.
        var end = input.endIndex
        if end > input.startIndex, input[end - 1] == dot { end -= 1 }
        var partCount = 1
        for index in input.startIndex..<end where input[index] == dot { partCount += 1 }
        guard partCount <= 4 else { return .failure(.ipv4TooManyParts) }
        var address: UInt64 = 0
        var outOfRange = false
        var partStart = input.startIndex
        for part in 0..<partCount {
            var partEnd = partStart
            while partEnd < end, input[partEnd] != dot { partEnd += 1 }
            guard let number = parseNumber(input[partStart..<partEnd]) else { return .failure(.ipv4NonNumericPart) }
            if part < partCount - 1 {
                if number > 255 { outOfRange = true } else { address |= number << (8 * UInt64(3 - part)) }
            } else if number >= UInt64(1) << (8 * UInt64(5 - partCount)) {
                outOfRange = true
            } else {
                address += number
            }
            partStart = partEnd + 1
        }
        if outOfRange { return .failure(.ipv4OutOfRangePart) }
        return .success(IPv4Address(UInt32(truncatingIfNeeded: address)))
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
