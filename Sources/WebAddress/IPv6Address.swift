/// An IPv6 address as the URL Standard parses and serializes it (§3.5, §3.6): eight 16-bit pieces,
/// `::` compression, an optional embedded IPv4 tail, serialized lowercase with the first longest run
/// of two or more zero pieces compressed.
public struct IPv6Address: Hashable, Sendable, CustomStringConvertible {
    /// Pieces 0–3 and 4–7, each most significant first: no array, so an address costs no allocation.
    let high: UInt64
    let low: UInt64

    init(high: UInt64, low: UInt64) { (self.high, self.low) = (high, low) }

    /// The address made of `pieces`, most significant first; nil unless there are exactly eight.
    public init?(pieces: [UInt16]) {
        guard pieces.count == 8 else { return nil }
        self.init(piece: { pieces[$0] })
    }

    private init(piece: (Int) -> UInt16) {
        var high: UInt64 = 0
        var low: UInt64 = 0
        for index in 0..<4 {
            high = high << 16 | UInt64(piece(index))
            low = low << 16 | UInt64(piece(index + 4))
        }
        (self.high, self.low) = (high, low)
    }

    /// The eight pieces, most significant first.
    public var pieces: [UInt16] { (0..<8).map(piece) }

    @inline(__always)
    func piece(_ index: Int) -> UInt16 {
        let word = index < 4 ? high : low
        return UInt16(truncatingIfNeeded: word >> UInt64(16 * (3 - index % 4)))
    }

    /// True for `::1`.
    public var isLoopback: Bool { high == 0 && low == 1 }

    /// The IPv6 serializer (§3.6), without brackets.
    public var description: String { withSerialization { String(decoding: $0, as: UTF8.self) } }

    /// Calls `body` with the serializer's bytes (at most 39), made on the stack.
    func withSerialization<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        // The first longest run of at least two zero pieces is the one to compress.
        var compress = -1
        var longest = 1
        var index = 0
        while index < 8 {
            guard piece(index) == 0 else {
                index += 1
                continue
            }
            var end = index
            while end < 8, piece(end) == 0 { end += 1 }
            if end - index > longest {
                longest = end - index
                compress = index
            }
            index = end
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
            var count = 0
            var pieceIndex = 0
            while pieceIndex < 8 {
                if pieceIndex == compress {
                    if pieceIndex == 0 {
                        buffer[count] = UInt8(ascii: ":")
                        count += 1
                    }
                    buffer[count] = UInt8(ascii: ":")
                    count += 1
                    pieceIndex += longest
                    continue
                }
                let value = piece(pieceIndex)
                var started = false
                for shift in stride(from: 12, through: 0, by: -4) {
                    let digit = UInt8(truncatingIfNeeded: value >> UInt16(shift)) & 0xF
                    guard started || digit != 0 || shift == 0 else { continue }
                    started = true
                    buffer[count] = digit < 10 ? 0x30 + digit : 0x61 + digit - 10
                    count += 1
                }
                if pieceIndex != 7 {
                    buffer[count] = UInt8(ascii: ":")
                    count += 1
                }
                pieceIndex += 1
            }
            return body(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// The IPv6 parser (§3.5) on the text between the brackets.
    static func parse<Bytes: RandomAccessCollection<UInt8>>(_ input: Bytes) -> Result<IPv6Address, URLParseError>
    where Bytes.Index == Int {
        // Eight pieces on the stack.
        var address: (UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16) = (0, 0, 0, 0, 0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &address) { raw in
            parse(input, into: raw.bindMemory(to: UInt16.self))
        }
    }

    private static func parse<Bytes: RandomAccessCollection<UInt8>>(
        _ input: Bytes, into address: UnsafeMutableBufferPointer<UInt16>
    ) -> Result<IPv6Address, URLParseError> where Bytes.Index == Int {
        var pieceIndex = 0
        var compress: Int? = nil
        var pointer = input.startIndex
        let end = input.endIndex
        func at(_ i: Int) -> UInt8? { i < end ? input[i] : nil }
        let colon = UInt8(ascii: ":")

        if at(pointer) == colon {
            guard at(pointer + 1) == colon else { return .failure(.ipv6InvalidCompression) }
            pointer += 2
            pieceIndex += 1
            compress = pieceIndex
        }
        while let c = at(pointer) {
            guard pieceIndex != 8 else { return .failure(.ipv6TooManyPieces) }
            if c == colon {
                guard compress == nil else { return .failure(.ipv6MultipleCompression) }
                pointer += 1
                pieceIndex += 1
                compress = pieceIndex
                continue
            }
            var value: UInt16 = 0
            var length = 0
            while length < 4, let digit = at(pointer).flatMap(ASCII.hexValue) {
                value = value * 0x10 + UInt16(digit)
                pointer += 1
                length += 1
            }
            if at(pointer) == UInt8(ascii: ".") {
                guard length != 0 else { return .failure(.ipv4InIPv6InvalidCodePoint) }
                pointer -= length
                guard pieceIndex <= 6 else { return .failure(.ipv4InIPv6TooManyPieces) }
                var numbersSeen = 0
                while let c = at(pointer) {
                    var ipv4Piece: UInt16? = nil
                    var c = c
                    if numbersSeen > 0 {
                        guard c == UInt8(ascii: "."), numbersSeen < 4 else {
                            return .failure(.ipv4InIPv6InvalidCodePoint)
                        }
                        pointer += 1
                        guard let next = at(pointer) else { return .failure(.ipv4InIPv6InvalidCodePoint) }
                        c = next
                    }
                    guard ASCII.isDigit(c) else { return .failure(.ipv4InIPv6InvalidCodePoint) }
                    while let digitByte = at(pointer), ASCII.isDigit(digitByte) {
                        let number = UInt16(digitByte - 0x30)
                        if let piece = ipv4Piece {
                            guard piece != 0 else { return .failure(.ipv4InIPv6InvalidCodePoint) }
                            ipv4Piece = piece * 10 + number
                        } else {
                            ipv4Piece = number
                        }
                        guard let piece = ipv4Piece, piece <= 255 else { return .failure(.ipv4InIPv6OutOfRangePart) }
                        pointer += 1
                    }
                    address[pieceIndex] = address[pieceIndex] &* 0x100 &+ (ipv4Piece ?? 0)
                    numbersSeen += 1
                    if numbersSeen == 2 || numbersSeen == 4 { pieceIndex += 1 }
                }
                guard numbersSeen == 4 else { return .failure(.ipv4InIPv6TooFewParts) }
                break
            } else if at(pointer) == colon {
                pointer += 1
                guard at(pointer) != nil else { return .failure(.ipv6InvalidCodePoint) }
            } else if at(pointer) != nil {
                return .failure(.ipv6InvalidCodePoint)
            }
            address[pieceIndex] = value
            pieceIndex += 1
        }
        if let compress {
            var swaps = pieceIndex - compress
            pieceIndex = 7
            while pieceIndex != 0, swaps > 0 {
                address.swapAt(pieceIndex, compress + swaps - 1)
                pieceIndex -= 1
                swaps -= 1
            }
        } else if pieceIndex != 8 {
            return .failure(.ipv6TooFewPieces)
        }
        return .success(IPv6Address(piece: { address[$0] }))
    }
}
