/// Fixed-width integers in byte arrays read from a file, in either byte order.
extension Array where Element == UInt8 {
    /// The 32-bit integer at `offset`. Callers read only fields of the bytes they fetched; a field
    /// that is not wholly there reads as zero rather than trapping.
    func uint32(at offset: Int, bigEndian: Bool) -> UInt32 { integer(at: offset, bigEndian: bigEndian) }

    /// The 64-bit integer at `offset`; zero when it is not wholly there.
    func uint64(at offset: Int, bigEndian: Bool) -> UInt64 { integer(at: offset, bigEndian: bigEndian) }

    private func integer<Value: FixedWidthInteger & UnsignedInteger>(at offset: Int, bigEndian: Bool) -> Value {
        let size = MemoryLayout<Value>.size
        guard offset >= 0, offset <= count - size else { return 0 }
        var value: Value = 0
        for index in 0..<size {
            value = value << 8 | Value(self[offset + (bigEndian ? index : size - 1 - index)])
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
