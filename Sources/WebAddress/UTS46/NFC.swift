/// Unicode Normalization Form C (UAX #15) on code points, as UTS #46 step 2 and its validity
/// criterion 1 need it: canonical decomposition, canonical ordering, canonical composition.
enum NFC {
    private static let tables = UnicodeTables.shared

    // Hangul syllables compose and decompose by arithmetic (Unicode §3.12).
    private static let sBase: UInt32 = 0xAC00, lBase: UInt32 = 0x1100, vBase: UInt32 = 0x1161, tBase: UInt32 = 0x11A7
    private static let lCount: UInt32 = 19, vCount: UInt32 = 21, tCount: UInt32 = 28
    private static let nCount = vCount * tCount
    private static let sCount = lCount * nCount

    /// True when the NFC quick check answers Yes: `text` is NFC as it is. False means No or Maybe,
    /// and only normalizing tells.
    static func isQuickCheckYes(_ text: UnsafeBufferPointer<UInt32>) -> Bool {
        var lastClass: UInt8 = 0
        for codePoint in text where codePoint >= 0x300 {
            let info = tables.info(codePoint)
            guard info.mayChangeUnderNFC else {
                lastClass = 0
                continue
            }
            let combiningClass = info.combiningClass
            if info.nfcNo || info.nfcMaybe || (combiningClass != 0 && lastClass > combiningClass) { return false }
            lastClass = combiningClass
        }
        return true
    }

    /// Whether `text` is in NFC.
    static func isNormalized(_ text: UnsafeBufferPointer<UInt32>) -> Bool {
        if isQuickCheckYes(text) { return true }
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: decomposedLength(text)) { buffer in
            let count = normalize(text, into: buffer)
            return count == text.count && (0..<count).allSatisfy { buffer[$0] == text[$0] }
        }
    }

    /// How many code points the canonical decomposition of `text` has: the room `normalize` needs.
    static func decomposedLength(_ text: UnsafeBufferPointer<UInt32>) -> Int {
        var length = 0
        for codePoint in text {
            if codePoint < 0xC0 {
                length += 1
            } else if codePoint &- sBase < sCount {
                length += (codePoint - sBase) % tCount == 0 ? 2 : 3
            } else {
                let info = tables.info(codePoint)
                length += info.hasDecomposition ? info.decompositionLength : 1
            }
        }
        return max(length, 1)
    }

    /// Writes NFC(`text`) to `output` (room for `decomposedLength(text)`) and returns its length.
    static func normalize(_ text: UnsafeBufferPointer<UInt32>, into output: UnsafeMutableBufferPointer<UInt32>) -> Int {
        var count = 0
        // Canonical decomposition.
        for codePoint in text {
            if codePoint &- sBase < sCount {
                let index = codePoint - sBase
                output[count] = lBase + index / nCount
                output[count + 1] = vBase + (index % nCount) / tCount
                count += 2
                if index % tCount != 0 {
                    output[count] = tBase + index % tCount
                    count += 1
                }
                continue
            }
            let info = tables.info(codePoint)
            if info.hasDecomposition {
                for part in tables.decomposition(of: info) {
                    output[count] = part
                    count += 1
                }
            } else {
                output[count] = codePoint
                count += 1
            }
        }
        orderCanonically(UnsafeMutableBufferPointer(rebasing: output[..<count]))
        return compose(output, count: count)
    }

    /// Canonical ordering (UAX #15 §3.11 D109): each run of non-starters sorted by combining class,
    /// stably. A short run by insertion; a long one (an attacker's host of a million marks) by
    /// counting its classes, so that ordering stays linear.
    private static func orderCanonically(_ text: UnsafeMutableBufferPointer<UInt32>) {
        var index = 0
        while index < text.count {
            guard text[index] >= 0x300, tables.info(text[index]).combiningClass != 0 else {
                index += 1
                continue
            }
            var end = index + 1
            while end < text.count, text[end] >= 0x300, tables.info(text[end]).combiningClass != 0 { end += 1 }
            let run = UnsafeMutableBufferPointer(rebasing: text[index..<end])
            if run.count <= 32 { insertionSort(run) } else { countingSort(run) }
            index = end
        }
    }

    private static func insertionSort(_ run: UnsafeMutableBufferPointer<UInt32>) {
        for position in 1..<max(run.count, 1) {
            let codePoint = run[position]
            let combiningClass = tables.info(codePoint).combiningClass
            var index = position
            while index > 0, tables.info(run[index - 1]).combiningClass > combiningClass {
                run[index] = run[index - 1]
                index -= 1
            }
            run[index] = codePoint
        }
    }

    private static func countingSort(_ run: UnsafeMutableBufferPointer<UInt32>) {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 257) { starts in
            starts.initialize(repeating: 0)
            for codePoint in run { starts[Int(tables.info(codePoint).combiningClass) + 1] += 1 }
            for combiningClass in 1...256 { starts[combiningClass] += starts[combiningClass - 1] }
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: run.count) { sorted in
                for codePoint in run {
                    let combiningClass = Int(tables.info(codePoint).combiningClass)
                    sorted[starts[combiningClass]] = codePoint
                    starts[combiningClass] += 1
                }
                for index in run.indices { run[index] = sorted[index] }
            }
        }
    }

    /// Canonical composition in place (UAX #15 §3.11 D117); returns the new length.
    private static func compose(_ text: UnsafeMutableBufferPointer<UInt32>, count: Int) -> Int {
        var written = 0
        var starter: Int? = nil
        // The class of the last code point written after the starter; nil while none has been.
        var lastClass: UInt8? = nil
        for index in 0..<count {
            let codePoint = text[index]
            let info = codePoint < 0x300 ? nil : tables.info(codePoint)
            let combiningClass = info?.combiningClass ?? 0
            if let starter, lastClass.map({ $0 < combiningClass }) ?? true,
                let composite = composite(text[starter], codePoint, secondInfo: info)
            {
                text[starter] = composite
                continue
            }
            if combiningClass == 0 {
                starter = written
                lastClass = nil
            } else {
                lastClass = combiningClass
            }
            text[written] = codePoint
            written += 1
        }
        return written
    }

    /// The primary composite of two code points, Hangul included.
    @inline(__always)
    private static func composite(_ first: UInt32, _ second: UInt32, secondInfo: CodePointInfo?) -> UInt32? {
        if first &- lBase < lCount, second &- vBase < vCount {
            return sBase + ((first - lBase) * vCount + (second - vBase)) * tCount
        }
        if first &- sBase < sCount, (first - sBase) % tCount == 0, second &- tBase < tCount, second != tBase {
            return first + (second - tBase)
        }
        // Only a code point whose quick check is Maybe can be the second of a pair.
        guard let secondInfo, secondInfo.nfcMaybe, first >= 0x3C, tables.info(first).composesWithNext else {
            return nil
        }
        return tables.composition(first, second)
    }
}
