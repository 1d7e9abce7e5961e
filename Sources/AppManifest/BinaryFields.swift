/// Fixed-width integers in byte arrays read from a file, in either byte order.
extension Array where Element == UInt8 {
    /// The 32-bit integer at `offset`. Callers read only fields of the bytes they fetched; a field
    /// that is not wholly there reads as zero rather than trapping.
    func uint32(at offset: Int, bigEndian: Bool) -> UInt32 {
        guard offset >= 0, offset <= count - 4 else { return 0 }
        var value: UInt32 = 0
        for index in 0..<4 {
            let byte = UInt32(self[offset + (bigEndian ? index : 3 - index)])
            value = value << 8 | byte
        }
        return value
    }

    /// The 64-bit integer at `offset`; zero when it is not wholly there.
    func uint64(at offset: Int, bigEndian: Bool) -> UInt64 {
        guard offset >= 0, offset <= count - 8 else { return 0 }
        var value: UInt64 = 0
        for index in 0..<8 {
            let byte = UInt64(self[offset + (bigEndian ? index : 7 - index)])
            value = value << 8 | byte
        }
        return value
    }

    /// A big-endian 32-bit field, the byte order of code signatures and universal headers.
    func bigEndian32(at offset: Int) -> UInt32 { uint32(at: offset, bigEndian: true) }
}

/// `0x` and eight hex digits, as Mach-O magic numbers and CPU types are usually written.
func hex32(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
}
