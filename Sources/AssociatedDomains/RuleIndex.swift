/// Which rules of a details entry can match a path, by the path's character after its leading `/`
/// (spec §3 order kept): a rule whose pattern fixes that character (`/help/*` fixes `h`) is listed
/// under it; a rule that does not (`*`, `/$(lang)/*`) is listed for every path. A decision walks
/// the merge of the lists for its path, in rule order, instead of every rule.
///
/// The lists live in one buffer owned by the index, so a walk holds plain pointers.
final class RuleIndex: @unchecked Sendable {
    /// Immutable after `init`. Layout: the open rules (those that fix no character), then the
    /// exact-case lists for bytes 0–127, then the case-folded lists (by lowercase byte). The
    /// ranges are `open`, and `starts[b] ..< starts[b + 1]` (exact) and `starts[128 + b] ..<
    /// starts[129 + b]` (folded), as offsets into `lists`.
    private let lists: UnsafeMutableBufferPointer<Int32>
    private let starts: UnsafeMutableBufferPointer<Int32>
    private let openCount: Int

    init(_ rules: [CompiledRule], range: Range<Int>) {
        var open: [Int32] = []
        var keyed = [[Int32]](repeating: [], count: 256)
        for index in range {
            let rule = rules[index]
            if rule.pathKey == 0 || rule.pathKey >= 128 {
                // A key beyond ASCII never equals a byte of a path as written; such a rule stays
                // open rather than be special-cased.
                open.append(Int32(index))
            } else {
                keyed[Int(rule.pathKey) + (rule.path.foldsCase ? 128 : 0)].append(Int32(index))
            }
        }
        let flat = open + keyed.flatMap { $0 }
        lists = .allocate(capacity: max(flat.count, 1))
        _ = lists.initialize(from: flat)
        starts = .allocate(capacity: 257)
        var offset = Int32(open.count)
        for (list, slot) in zip(keyed, 0..<256) {
            starts[slot] = offset
            offset += Int32(list.count)
        }
        starts[256] = offset
        openCount = open.count
    }

    deinit {
        lists.deallocate()
        starts.deallocate()
    }

    /// The rules that can match a path with key `key` (and `foldedKey`, its lowercase), in order.
    func candidates(key: UInt8, foldedKey: UInt8) -> Candidates {
        let base = UnsafePointer(lists.baseAddress!)
        func range(_ slot: Int) -> (Int, Int) { (Int(starts[slot]), Int(starts[slot + 1])) }
        let exact = key > 0 && key < 128 ? range(Int(key)) : (0, 0)
        let folded = foldedKey > 0 && foldedKey < 128 ? range(128 + Int(foldedKey)) : (0, 0)
        return Candidates(
            base: base, open: 0, openEnd: openCount, exact: exact.0, exactEnd: exact.1, folded: folded.0,
            foldedEnd: folded.1)
    }

    /// A three-way merge of sorted lists; valid while its index lives.
    struct Candidates: IteratorProtocol {
        let base: UnsafePointer<Int32>
        var open: Int
        let openEnd: Int
        var exact: Int
        let exactEnd: Int
        var folded: Int
        let foldedEnd: Int

        @inline(__always)
        mutating func next() -> Int? {
            var next = Int32.max
            if open < openEnd { next = base[open] }
            if exact < exactEnd, base[exact] < next { next = base[exact] }
            if folded < foldedEnd, base[folded] < next { next = base[folded] }
            if next == Int32.max { return nil }
            if open < openEnd, base[open] == next { open += 1 }
            if exact < exactEnd, base[exact] == next { exact += 1 }
            if folded < foldedEnd, base[folded] == next { folded += 1 }
            return Int(next)
        }
    }
}
