/// Text turned into code points for UTS #46, in a buffer on the stack where it fits.
enum CodePoints {
    /// Decodes UTF-8 as the Encoding Standard's UTF-8 decoder does: each ill-formed sequence (its
    /// maximal subpart) becomes one U+FFFD. Calls `body` with the code points.
    static func fromUTF8<Result>(
        _ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt32>) -> Result
    )
        -> Result
    {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: max(bytes.count, 1)) { output in
            var count = 0
            var codePoint: UInt32 = 0
            var needed = 0
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if needed == 0 {
                    switch byte {
                    case 0x00...0x7F:
                        output[count] = UInt32(byte)
                        count += 1
                    case 0xC2...0xDF:
                        needed = 1
                        codePoint = UInt32(byte & 0x1F)
                    case 0xE0...0xEF:
                        if byte == 0xE0 { lower = 0xA0 }
                        if byte == 0xED { upper = 0x9F }
                        needed = 2
                        codePoint = UInt32(byte & 0x0F)
                    case 0xF0...0xF4:
                        if byte == 0xF0 { lower = 0x90 }
                        if byte == 0xF4 { upper = 0x8F }
                        needed = 3
                        codePoint = UInt32(byte & 0x07)
                    default:
                        output[count] = 0xFFFD
                        count += 1
                    }
                    index += 1
                    continue
                }
                guard byte >= lower, byte <= upper else {
                    // The sequence ends here; this byte starts again (it is not consumed).
                    (codePoint, needed, lower, upper) = (0, 0, 0x80, 0xBF)
                    output[count] = 0xFFFD
                    count += 1
                    continue
                }
                (lower, upper) = (0x80, 0xBF)
                codePoint = codePoint << 6 | UInt32(byte & 0x3F)
                needed -= 1
                if needed == 0 {
                    output[count] = codePoint
                    count += 1
                }
                index += 1
            }
            if needed > 0 {
                output[count] = 0xFFFD
                count += 1
            }
            return body(UnsafeBufferPointer(rebasing: output[..<count]))
        }
    }

    /// Decodes UTF-16, keeping a lone surrogate as its own value (UTS #46 then finds it disallowed).
    static func fromUTF16<Result>(
        _ units: some Collection<UInt16>, _ body: (UnsafeBufferPointer<UInt32>) -> Result
    )
        -> Result
    {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: max(units.count, 1)) { output in
            var count = 0
            var pendingHigh: UInt32? = nil
            for unit in units {
                let value = UInt32(unit)
                if let high = pendingHigh {
                    pendingHigh = nil
                    if (0xDC00...0xDFFF).contains(value) {
                        output[count] = 0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00)
                        count += 1
                        continue
                    }
                    output[count] = high
                    count += 1
                }
                if (0xD800...0xDBFF).contains(value) {
                    pendingHigh = value
                } else {
                    output[count] = value
                    count += 1
                }
            }
            if let high = pendingHigh {
                output[count] = high
                count += 1
            }
            return body(UnsafeBufferPointer(rebasing: output[..<count]))
        }
    }
}
