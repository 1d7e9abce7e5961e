/// A trie of domain labels, read from the right (`com` → `example` → `www`), stored as one
/// open-addressing hash table keyed by (parent node, label bytes).
///
/// One flat table instead of a dictionary per node: the bundled Public Suffix List's ~11,000 nodes
/// build in about 13 ms (most of it ICU converting the 765 Unicode labels), and a lookup hashes the
/// label's bytes in place, so it allocates nothing.
struct LabelTrie: Sendable {
    /// What ends at a node: nothing, or a rule of the list.
    struct Rule: Sendable, Equatable {
        var isException: Bool
        var section: PublicSuffixList.Section
    }

    struct Node: Sendable {
        var parent: Int32
        var labelStart: Int32
        var labelCount: Int32
        var rule: Rule?
        /// The child labelled `*`, kept apart so a lookup finds it without hashing.
        var wildcard: Int32 = -1
    }

    static let root: Int32 = 0

    private(set) var nodes = [Node(parent: -1, labelStart: 0, labelCount: 0, rule: nil)]
    /// Every label's bytes, back to back.
    private var arena: [UInt8] = []
    /// Node indices, or -1 for an empty slot; the count is a power of two, at least twice the nodes.
    private var slots: [Int32]

    /// An empty trie with room for about `expectedNodes` nodes before the table grows.
    init(expectedNodes: Int = 512) {
        var capacity = 1024
        while capacity < expectedNodes * 2 { capacity *= 2 }
        slots = [Int32](repeating: -1, count: capacity)
        nodes.reserveCapacity(expectedNodes + 1)
    }

    // MARK: - Building

    /// The child of `parent` with `label`, created when missing.
    mutating func child(of parent: Int32, insertingLabel label: some Collection<UInt8>) -> Int32 {
        let bytes = Array(label)
        if let existing = bytes.withUnsafeBufferPointer({ child(of: parent, label: $0) }) { return existing }
        if (nodes.count + 1) * 2 > slots.count { grow() }
        let node = Int32(nodes.count)
        nodes.append(Node(parent: parent, labelStart: Int32(arena.count), labelCount: Int32(bytes.count), rule: nil))
        arena.append(contentsOf: bytes)
        place(node, hash: bytes.withUnsafeBufferPointer { Self.hash(parent: parent, label: $0) })
        if bytes == [UInt8(ascii: "*")] { nodes[Int(parent)].wildcard = node }
        return node
    }

    mutating func setRule(_ rule: Rule, at node: Int32) {
        nodes[Int(node)].rule = rule
    }

    private mutating func place(_ node: Int32, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = node
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        for index in 1..<nodes.count {
            let node = nodes[index]
            let hash = arena.withUnsafeBufferPointer {
                Self.hash(parent: node.parent, label: UnsafeBufferPointer(rebasing: $0[labelRange(node)]))
            }
            place(Int32(index), hash: hash)
        }
    }

    // MARK: - Reading

    /// The child of `parent` whose label is `label`, if any.
    @inline(__always)
    func child(of parent: Int32, label: UnsafeBufferPointer<UInt8>) -> Int32? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(parent: parent, label: label)) & mask
        return arena.withUnsafeBufferPointer { arena in
            while true {
                let candidate = slots[slot]
                if candidate < 0 { return nil }
                let node = nodes[Int(candidate)]
                if node.parent == parent, Int(node.labelCount) == label.count,
                    label.elementsEqual(UnsafeBufferPointer(rebasing: arena[labelRange(node)]))
                {
                    return candidate
                }
                slot = (slot + 1) & mask
            }
        }
    }

    /// The child of `parent` labelled `*`, if any.
    @inline(__always)
    func wildcardChild(of parent: Int32) -> Int32? {
        let wildcard = nodes[Int(parent)].wildcard
        return wildcard >= 0 ? wildcard : nil
    }

    /// The labels from `node` up to the root, joined with dots: the rule's text.
    func text(at node: Int32) -> String {
        var labels: [String] = []
        var current = node
        while current > Self.root {
            let entry = nodes[Int(current)]
            labels.append(String(decoding: arena[labelRange(entry)], as: UTF8.self))
            current = entry.parent
        }
        return labels.joined(separator: ".")
    }

    /// Every rule in the subtree strictly below `ancestor`, with its text. A walk over all nodes:
    /// for rare questions, not the lookup path.
    func rules(below ancestor: Int32) -> [(text: String, rule: Rule)] {
        var found: [(text: String, rule: Rule)] = []
        for index in nodes.indices where Int32(index) != ancestor {
            guard let rule = nodes[index].rule else { continue }
            var current = nodes[index].parent
            while current > Self.root, current != ancestor { current = nodes[Int(current)].parent }
            if current == ancestor { found.append((text(at: Int32(index)), rule)) }
        }
        return found
    }

    private func labelRange(_ node: Node) -> Range<Int> {
        Int(node.labelStart)..<Int(node.labelStart + node.labelCount)
    }

    /// FNV-1a over the label, seeded with the parent.
    @inline(__always)
    private static func hash(parent: Int32, label: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(UInt32(bitPattern: parent))
        for byte in label {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash ^ (hash >> 29)
    }
}
