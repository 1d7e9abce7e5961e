/// Punycode (RFC 3492): the encoding of a Unicode label as ASCII, after the `xn--` prefix.
///
/// Integers are 32-bit unsigned ("maxint" of RFC 3492 §6.4 is 2³² − 1); anything that would pass it
/// is a failure, in both directions. Long labels take O(n log n): the RFC's loops, which are
/// quadratic, run only on labels of up to `shortLabel` code points, so a host of megabytes cannot
/// make a parse hang.
enum Punycode {
    private static let base: UInt32 = 36
    private static let tMin: UInt32 = 1
    private static let tMax: UInt32 = 26
    private static let skew: UInt32 = 38
    private static let damp: UInt32 = 700
    private static let initialBias: UInt32 = 72
    private static let initialN: UInt32 = 0x80
    /// Up to this many code points the RFC's own loops are the fastest way.
    static let shortLabel = 128

    // MARK: - Decoding

    /// Decodes the code points after `xn--` into `output`, which has room for `input.count` code
    /// points (a label never decodes to more). Nil when the input is not valid Punycode: a
    /// non-ASCII basic code point, a character that is not a digit, an overflow, or a result that
    /// is a basic code point, a surrogate or above U+10FFFF.
    static func decode(_ input: UnsafeBufferPointer<UInt32>, into output: UnsafeMutableBufferPointer<UInt32>) -> Int? {
        // The basic code points are the ones before the last delimiter.
        var basicCount = 0
        if let delimiter = input.lastIndex(of: UInt32(UInt8(ascii: "-"))) {
            for index in 0..<delimiter {
                guard input[index] < 0x80 else { return nil }
                output[index] = input[index]
            }
            basicCount = delimiter
        }
        var position = basicCount > 0 ? basicCount + 1 : 0
        // Each inserted code point with the index it was inserted at; placed at the end.
        var insertions = 0
        var n = initialN
        var i: UInt32 = 0
        var bias = initialBias
        // Inserts are written after the basic code points, with their indexes, and ordered later.
        let inserted = UnsafeMutableBufferPointer(rebasing: output[basicCount...])
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: max(input.count - position, 1)) { indexes in
            while position < input.count {
                let oldI = i
                var weight: UInt32 = 1
                var k = base
                while true {
                    guard position < input.count, let digit = digitValue(input[position]) else { return nil }
                    position += 1
                    let (product, overflowProduct) = digit.multipliedReportingOverflow(by: weight)
                    let (sum, overflowSum) = i.addingReportingOverflow(product)
                    guard !overflowProduct, !overflowSum else { return nil }
                    i = sum
                    let t = threshold(k, bias)
                    if digit < t { break }
                    let (nextWeight, overflowWeight) = weight.multipliedReportingOverflow(by: base - t)
                    guard !overflowWeight else { return nil }
                    weight = nextWeight
                    k += base
                }
                let length = UInt32(basicCount + insertions + 1)
                bias = adapt(i - oldI, length, isFirst: oldI == 0)
                let (nextN, overflowN) = n.addingReportingOverflow(i / length)
                guard !overflowN else { return nil }
                n = nextN
                i %= length
                // A decoded code point is never basic, a surrogate or beyond Unicode.
                guard n >= 0x80, n <= 0x10_FFFF, !(0xD800...0xDFFF).contains(n) else { return nil }
                inserted[insertions] = n
                indexes[insertions] = i
                insertions += 1
                i += 1
            }
            place(insertions, into: output, basicCount: basicCount, indexes: UnsafeBufferPointer(indexes))
            return basicCount + insertions
        }
    }

    /// Moves the inserted code points (stored after the basic ones, in insertion order, with the
    /// index each was inserted at) to their final places, as inserting them one by one would.
    private static func place(
        _ count: Int, into output: UnsafeMutableBufferPointer<UInt32>, basicCount: Int,
        indexes: UnsafeBufferPointer<UInt32>
    ) {
        guard count > 0 else { return }
        let total = basicCount + count
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: total) { result in
            // Where each element of the final label comes from: basic code points are the initial
            // sequence, each insertion is element `basicCount + j`.
            if total <= shortLabel {
                var length = basicCount
                for index in 0..<basicCount { result[index] = UInt32(index) }
                for j in 0..<count {
                    let at = Int(indexes[j])
                    var move = length
                    while move > at {
                        result[move] = result[move - 1]
                        move -= 1
                    }
                    result[at] = UInt32(basicCount + j)
                    length += 1
                }
            } else {
                // Replayed backwards, the last insertion's index is its final place among the
                // slots still free; a Fenwick tree of free slots finds the k-th free one in log n.
                let free = FenwickTree(count: total, allSet: true)
                defer { free.deallocate() }
                for j in stride(from: count - 1, through: 0, by: -1) {
                    let slot = free.findKth(Int(indexes[j]))
                    result[slot] = UInt32(basicCount + j)
                    free.add(-1, at: slot)
                }
                var next = 0
                for slot in 0..<total where free.isSet(slot) {
                    result[slot] = UInt32(next)
                    next += 1
                }
            }
            // `result` names sources; copy the inserted code points out before overwriting.
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: total) { values in
                for index in 0..<total { values[index] = output[index] }
                for index in 0..<total { output[index] = values[Int(result[index])] }
            }
        }
    }

    // MARK: - Encoding

    /// Appends the Punycode of `label` (without `xn--`) to `output`. False when it cannot be
    /// encoded: a surrogate, or an overflow (only a label of tens of thousands of code points).
    static func encode(_ label: UnsafeBufferPointer<UInt32>, appendingTo output: inout some ASCIISink) -> Bool {
        var basicCount = 0
        for codePoint in label where codePoint < 0x80 {
            output.append(UInt8(truncatingIfNeeded: codePoint))
            basicCount += 1
        }
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }
        guard !label.contains(where: { (0xD800...0xDFFF).contains($0) || $0 > 0x10_FFFF }) else { return false }
        return label.count <= shortLabel
            ? encodeShort(label, basicCount: basicCount, output: &output)
            : encodeLong(label, basicCount: basicCount, output: &output)
    }

    /// RFC 3492 §6.3 as written: one pass over the label per distinct code point.
    static func encodeShort(
        _ label: UnsafeBufferPointer<UInt32>, basicCount: Int, output: inout some ASCIISink
    )
        -> Bool
    {
        var n = initialN
        var delta: UInt32 = 0
        var bias = initialBias
        var handled = UInt32(basicCount)
        let total = UInt32(label.count)
        while handled < total {
            var m = UInt32.max
            for codePoint in label where codePoint >= n && codePoint < m { m = codePoint }
            let (step, overflowStep) = (m - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflowStep, let sum = delta.adding(step) else { return false }
            delta = sum
            n = m
            for codePoint in label {
                if codePoint < n {
                    guard let next = delta.adding(1) else { return false }
                    delta = next
                } else if codePoint == n {
                    writeNumber(delta, bias: bias, to: &output)
                    bias = adapt(delta, handled + 1, isFirst: handled == UInt32(basicCount))
                    delta = 0
                    handled += 1
                }
            }
            guard let next = delta.adding(1) else { return false }
            delta = next
            n += 1
        }
        return true
    }

    /// The same output as `encodeShort` in O(n log n): the code points are visited in order of
    /// value, then position, and a Fenwick tree counts how many smaller ones come before each.
    static func encodeLong(
        _ label: UnsafeBufferPointer<UInt32>, basicCount: Int, output: inout some ASCIISink
    )
        -> Bool
    {
        // The first step overflows for most labels that are too long to encode: check it before
        // allocating anything.
        var smallest = UInt32.max
        for codePoint in label where codePoint >= 0x80 && codePoint < smallest { smallest = codePoint }
        guard smallest != UInt32.max else { return true }
        guard !(smallest - initialN).multipliedReportingOverflow(by: UInt32(basicCount) + 1).overflow else {
            return false
        }
        // The non-basic code points by value, then position: one sort of packed keys.
        var order = [UInt64]()
        order.reserveCapacity(label.count - basicCount)
        for (position, codePoint) in label.enumerated() where codePoint >= 0x80 {
            order.append(UInt64(codePoint) << 32 | UInt64(position))
        }
        order.sort()
        // Positions holding a code point below the one being handled: the basic ones at first.
        let below = FenwickTree(count: label.count)
        defer { below.deallocate() }
        for (position, codePoint) in label.enumerated() where codePoint < 0x80 { below.add(1, at: position) }

        var n = initialN
        var delta: UInt32 = 0
        var bias = initialBias
        var handled = UInt32(basicCount)
        var index = 0
        while index < order.count {
            let m = UInt32(truncatingIfNeeded: order[index] >> 32)
            let (step, overflowStep) = (m - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflowStep, let sum = delta.adding(step) else { return false }
            delta = sum
            n = m
            // The occurrences of m, left to right; `previous` is where the last one was.
            var previous = -1
            let first = index
            while index < order.count, UInt32(truncatingIfNeeded: order[index] >> 32) == m {
                let position = Int(truncatingIfNeeded: order[index] & 0xFFFF_FFFF)
                let smallerBetween = below.prefixSum(position) - below.prefixSum(previous)
                guard let value = delta.adding(UInt32(smallerBetween)) else { return false }
                writeNumber(value, bias: bias, to: &output)
                bias = adapt(value, handled + 1, isFirst: handled == UInt32(basicCount))
                delta = 0
                handled += 1
                previous = position
                index += 1
            }
            // The smaller code points after the last occurrence count toward the next delta.
            let after = below.prefixSum(label.count - 1) - below.prefixSum(previous)
            guard let tail = delta.adding(UInt32(after)), let next = tail.adding(1) else { return false }
            delta = next
            n += 1
            for done in first..<index { below.add(1, at: Int(truncatingIfNeeded: order[done] & 0xFFFF_FFFF)) }
        }
        return true
    }

    // MARK: - Shared arithmetic

    /// A generalized variable-length integer (RFC 3492 §3.3), appended as digits.
    private static func writeNumber(_ value: UInt32, bias: UInt32, to output: inout some ASCIISink) {
        var q = value
        var k = base
        while true {
            let t = threshold(k, bias)
            if q < t { break }
            output.append(digit(t + (q - t) % (base - t)))
            q = (q - t) / (base - t)
            k += base
        }
        output.append(digit(q))
    }

    @inline(__always)
    private static func threshold(_ k: UInt32, _ bias: UInt32) -> UInt32 {
        k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
    }

    /// Bias adaptation (RFC 3492 §6.1).
    private static func adapt(_ delta: UInt32, _ count: UInt32, isFirst: Bool) -> UInt32 {
        var delta = isFirst ? delta / damp : delta / 2
        delta += delta / count
        var k: UInt32 = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    /// `a`–`z` are 0–25 and `0`–`9` are 26–35; uppercase letters decode as lowercase.
    @inline(__always)
    private static func digitValue(_ codePoint: UInt32) -> UInt32? {
        switch codePoint {
        case 0x61...0x7A: codePoint - 0x61
        case 0x41...0x5A: codePoint - 0x41
        case 0x30...0x39: codePoint - 0x30 + 26
        default: nil
        }
    }

    @inline(__always)
    private static func digit(_ value: UInt32) -> UInt8 {
        value < 26
            ? UInt8(truncatingIfNeeded: value) + UInt8(ascii: "a")
            : UInt8(truncatingIfNeeded: value - 26) + UInt8(ascii: "0")
    }
}

extension UInt32 {
    /// `self + other`, or nil when it does not fit.
    @inline(__always)
    fileprivate func adding(_ other: UInt32) -> UInt32? {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? nil : sum
    }
}

/// A Fenwick (binary indexed) tree of counts over positions 0..<count, for Punycode's long labels.
private struct FenwickTree {
    private let tree: UnsafeMutableBufferPointer<Int32>

    /// Every position 0, or 1 with `allSet`.
    init(count: Int, allSet: Bool = false) {
        tree = .allocate(capacity: count + 1)
        tree.initialize(repeating: 0)
        if allSet {
            // Each node holds the count of its range: its lowest set bit.
            for index in 1..<tree.count { tree[index] = Int32(index & -index) }
        }
    }

    func deallocate() { tree.deallocate() }

    func add(_ amount: Int32, at position: Int) {
        var index = position + 1
        while index < tree.count {
            tree[index] += amount
            index += index & -index
        }
    }

    /// Whether the count at `position` is not 0.
    func isSet(_ position: Int) -> Bool { prefixSum(position) != prefixSum(position - 1) }

    /// The sum of positions 0...position (0 for position -1).
    func prefixSum(_ position: Int) -> Int {
        var sum = 0
        var index = position + 1
        while index > 0 {
            sum += Int(tree[index])
            index -= index & -index
        }
        return sum
    }

    /// The position of the (k+1)-th set slot (k counts from 0).
    func findKth(_ k: Int) -> Int {
        var position = 0
        var remaining = k + 1
        var step = 1
        while step * 2 < tree.count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next < tree.count, Int(tree[next]) < remaining {
                position = next
                remaining -= Int(tree[next])
            }
            step /= 2
        }
        return position
    }
}
