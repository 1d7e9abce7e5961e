/// An IPv6 address as the URL Standard parses and serializes it (§3.5, §3.6): eight 16-bit pieces,
/// `::` compression, an optional embedded IPv4 tail, serialized lowercase with the first longest run
/// of two or more zero pieces compressed.
public struct IPv6Address: Hashable, Sendable, CustomStringConvertible {
    /// The eight pieces, most significant first.
    public let pieces: [UInt16]

    public init?(pieces: [UInt16]) {
        guard pieces.count == 8 else { return nil }
        self.pieces = pieces
    }

    /// True for `::1`.
    public var isLoopback: Bool { pieces == [0, 0, 0, 0, 0, 0, 0, 1] }

    /// The IPv6 serializer (§3.6), without brackets.
    public var description: String {
        // The first longest run of at least two zero pieces is the one to compress.
        var compress: Int? = nil
        var longest = 1
        var index = 0
        while index < 8 {
            guard pieces[index] == 0 else {
                index += 1
                continue
            }
            var end = index
            while end < 8, pieces[end] == 0 { end += 1 }
            if end - index > longest {
                longest = end - index
                compress = index
            }
            index = end
        }
        var output = ""
        var ignore0 = false
        for pieceIndex in 0..<8 {
            if ignore0, pieces[pieceIndex] == 0 { continue }
            ignore0 = false
            if compress == pieceIndex {
                output += pieceIndex == 0 ? "::" : ":"
                ignore0 = true
                continue
            }
            output += String(pieces[pieceIndex], radix: 16)
            if pieceIndex != 7 { output += ":" }
        }
        return output
    }

    /// The IPv6 parser (§3.5) on the text between the brackets.
    static func parse<Bytes: RandomAccessCollection<UInt8>>(_ input: Bytes) -> Result<IPv6Address, URLParseError>
    where Bytes.Index == Int {
        var address = [UInt16](repeating: 0, count: 8)
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
        return .success(IPv6Address(uncheckedPieces: address))
    }

    private init(uncheckedPieces: [UInt16]) { self.pieces = uncheckedPieces }
}
