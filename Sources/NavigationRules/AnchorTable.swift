/// The compiled index of a rule set: each rule's anchor (its domain or address) → the rules that
/// match that host itself and the rules that match the hosts below it.
///
/// An open-addressing table over the anchors' bytes. Hashes are FNV-1a taken from the last byte
/// to the first, so one backward pass over a host yields the hash of every suffix: a check costs
/// one pass over the host plus one probe per label, whatever the number of rules. The anchors come
/// from the rule set (trusted, signed data); a host being checked can only probe, never insert, so
/// it cannot make chains longer.
struct AnchorTable: Sendable {
    struct Entry: Sendable {
        var hash: UInt64
        var start: Int32
        var length: Int32
        /// Rules matching the anchor itself, then rules matching hosts below it, in `ruleIndices`.
        var exact: Range<Int32>
        var below: Range<Int32>
    }

    private var slots: [Int32]
    private var mask: Int
    private(set) var entries: [Entry] = []
    private var anchorBytes: [UInt8] = []
    private(set) var ruleIndices: [Int32] = []

    /// `anchors`: for each rule in order, its anchor and whether it matches the anchor itself and
    /// the hosts below it.
    init(_ anchors: [(anchor: String, exact: Bool, below: Bool)]) {
        var grouped: [String: (exact: [Int32], below: [Int32])] = [:]
        var order: [String] = []
        for (position, item) in anchors.enumerated() {
            if grouped[item.anchor] == nil { order.append(item.anchor) }
            if item.exact { grouped[item.anchor, default: ([], [])].exact.append(Int32(position)) }
            if item.below { grouped[item.anchor, default: ([], [])].below.append(Int32(position)) }
        }
        var capacity = 16
        while capacity < order.count * 2 { capacity *= 2 }
        slots = Array(repeating: -1, count: capacity)
        mask = capacity - 1
        for anchor in order {
            let bytes = Array(anchor.utf8)
            let lists = grouped[anchor] ?? ([], [])
            let exactStart = Int32(ruleIndices.count)
            ruleIndices += lists.exact
            let belowStart = Int32(ruleIndices.count)
            ruleIndices += lists.below
            let entry = Entry(
                hash: bytes.withUnsafeBufferPointer { Self.hash($0) }, start: Int32(anchorBytes.count),
                length: Int32(bytes.count), exact: exactStart..<belowStart, below: belowStart..<Int32(ruleIndices.count)
            )
            anchorBytes += bytes
            var slot = Int(truncatingIfNeeded: entry.hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(entries.count)
            entries.append(entry)
        }
    }

    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0100_0000_01b3

    /// FNV-1a over the bytes, last to first.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = offsetBasis
        for byte in bytes.reversed() { hash = (hash ^ UInt64(byte)) &* prime }
        return hash
    }

    /// The entry whose anchor is exactly `bytes` (whose backward hash is `hash`).
    func entry(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, hash: UInt64) -> Entry? {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let index = Int(slots[slot])
            guard index >= 0 else { return nil }
            let entry = entries[index]
            if entry.hash == hash, Int(entry.length) == bytes.count,
                anchorBytes.withUnsafeBufferPointer({
                    $0[Int(entry.start)..<Int(entry.start + entry.length)].elementsEqual(bytes)
                })
            {
                return entry
            }
            slot = (slot + 1) & mask
        }
    }

    /// Calls `body(entry, isHostItself)` for every anchor that is the host or a suffix of it
    /// starting after a dot, shortest suffix first, so the last allow seen is the most specific.
    /// Stops when `body` returns false.
    func forEachAnchor(of host: UnsafeBufferPointer<UInt8>, _ body: (Entry, Bool) -> Bool) {
        var hash = Self.offsetBasis
        var index = host.count
        while index > 0 {
            index -= 1
            hash = (hash ^ UInt64(host[index])) &* Self.prime
            guard index == 0 || host[index - 1] == UInt8(ascii: ".") else { continue }
            if let entry = entry(host[index...], hash: hash), !body(entry, index == 0) { return }
        }
    }
}
