/// The Public Suffix List's rules as one open-addressing hash table keyed by domain suffix
/// (`uk`, `co.uk`, `kawasaki.jp`): each entry says which rules end there (`co.uk`, `!city.kawasaki.jp`,
/// `*.kawasaki.jp`, each with its section).
///
/// Every suffix of every rule has an entry, rule or not, so a lookup hashes a host's suffixes from
/// the right in one pass over its bytes (FNV-1a over the bytes in reverse, probed at each dot) and
/// stops at the first suffix with no entry: no deeper rule can exist. It allocates nothing.
struct SuffixTable: Sendable {
    /// What ends at a suffix K: the rules `K`, `!K` and `*.K`, each with its section or none.
    struct Rules: Sendable, Equatable {
        var normal: PublicSuffixList.Section?
        var exception: PublicSuffixList.Section?
        var wildcard: PublicSuffixList.Section?
    }

    struct Entry: Sendable {
        var hash: UInt64
        var keyStart: Int32
        var keyLength: Int32
        var rules: Rules
    }

    /// Entry indices, or -1 for an empty slot; the count is a power of two, at least twice the entries.
    private var slots: [Int32]
    private(set) var entries: [Entry] = []
    /// Every key's bytes, back to back.
    private var arena: [UInt8] = []

    init(expectedEntries: Int) {
        var capacity = 1024
        while capacity < expectedEntries * 2 { capacity *= 2 }
        slots = [Int32](repeating: -1, count: capacity)
        entries.reserveCapacity(expectedEntries)
    }

    // MARK: - Building

    /// Records that the rule of `kind` ends at `suffix` (ASCII, lowercase, no empty label), and
    /// gives every suffix of it an entry.
    mutating func insert(
        _ suffix: [UInt8], kind: WritableKeyPath<Rules, PublicSuffixList.Section?>, section: PublicSuffixList.Section
    ) {
        suffix.withUnsafeBufferPointer { bytes in
            var start = bytes.count
            while start > 0 {
                start -= 1
                guard start == 0 || bytes[start - 1] == UInt8(ascii: ".") else { continue }
                let index = entry(for: UnsafeBufferPointer(rebasing: bytes[start...]))
                // The first rule listed wins, as the list is read top to bottom.
                if start == 0, entries[index].rules[keyPath: kind] == nil {
                    entries[index].rules[keyPath: kind] = section
                }
            }
        }
    }

    /// The entry for `bytes`, created when missing.
    private mutating func entry(for bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let hash = Self.hash(bytes)
        if let found = find(bytes, hash: hash) { return Int(found) }
        if (entries.count + 1) * 2 > slots.count { grow() }
        entries.append(Entry(hash: hash, keyStart: Int32(arena.count), keyLength: Int32(bytes.count), rules: Rules()))
        arena.append(contentsOf: bytes)
        place(Int32(entries.count - 1), hash: hash)
        return entries.count - 1
    }

    private mutating func place(_ index: Int32, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = index
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        for index in entries.indices { place(Int32(index), hash: entries[index].hash) }
    }

    // MARK: - Reading

    /// The entry whose key is `key`, if any; `hash` is `hash(key)`.
    @inline(__always)
    func find(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int32? {
        slots.withUnsafeBufferPointer { slots in
            entries.withUnsafeBufferPointer { entries in
                arena.withUnsafeBufferPointer { arena in
                    let mask = slots.count - 1
                    var slot = Int(truncatingIfNeeded: hash) & mask
                    while true {
                        let candidate = slots[slot]
                        if candidate < 0 { return nil }
                        let entry = entries[Int(candidate)]
                        if entry.hash == hash, Int(entry.keyLength) == key.count,
                            Self.equal(
                                key,
                                UnsafeBufferPointer(
                                    rebasing: arena[Int(entry.keyStart)..<Int(entry.keyStart + entry.keyLength)]))
                        {
                            return candidate
                        }
                        slot = (slot + 1) & mask
                    }
                }
            }
        }
    }

    /// The key of an entry, as text (`co.uk`).
    func key(of index: Int32) -> String {
        let entry = entries[Int(index)]
        return String(decoding: arena[Int(entry.keyStart)..<Int(entry.keyStart + entry.keyLength)], as: UTF8.self)
    }

    @inline(__always)
    private static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in 0..<a.count where a[index] != b[index] { return false }
        return true
    }

    // MARK: - Hashing from the right

    /// FNV-1a over the key's bytes taken from last to first, so that the hash of every suffix of a
    /// host comes out of one backward pass.
    static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var state = HashState()
        var index = key.count
        while index > 0 {
            index -= 1
            state.add(key[index])
        }
        return state.value
    }

    struct HashState {
        private var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        @inline(__always) mutating func add(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        @inline(__always) var value: UInt64 { hash ^ (hash >> 29) }
    }
}
