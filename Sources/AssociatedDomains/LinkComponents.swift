import WebAddress

/// The parts of a URL that rules match, prepared once per decision (spec §3): the path normalised,
/// the query and fragment as written (absent → empty), read in place from the URL without copying,
/// and their percent-decoded forms made only when a rule with `percentEncoded: false` asks.
struct LinkComponents {
    /// As written: `%20` is three characters, `é` is the six characters `%C3%A9`.
    let path: UnsafeBufferPointer<UInt8>
    let query: UnsafeBufferPointer<UInt8>
    let fragment: UnsafeBufferPointer<UInt8>
    /// The path's character after the leading `/` (0 for `/`), as is and case-folded: compared
    /// with each rule's `pathKey`.
    let pathKey: UInt8
    let foldedPathKey: UInt8

    private var decoded: Decoded?

    /// The components percent-decoded into Unicode scalars (`percentEncoded: false`): `%2F` becomes
    /// a `/` (and so a separator), and bytes that are not UTF-8 become U+FFFD.
    struct Decoded {
        let path: [UInt32]
        let query: [UInt32]
        let fragment: [UInt32]
    }

    /// Calls `body` with the components of `url`; they are valid only inside `body`.
    static func with<Result>(_ url: WebURL, _ body: (inout LinkComponents) -> Result) -> Result {
        func components(_ href: UnsafeBufferPointer<UInt8>) -> Result {
            func slice(_ range: Range<Int>?) -> UnsafeBufferPointer<UInt8> {
                guard let range else { return UnsafeBufferPointer(start: nil, count: 0) }
                return UnsafeBufferPointer(rebasing: href[range])
            }
            let path = slice(url.utf8Range(of: .path))
            let query = slice(url.utf8Range(of: .query))
            let fragment = slice(url.utf8Range(of: .fragment))
            if PathNormalisation.isNormalised(path) {
                var link = LinkComponents(path: path, query: query, fragment: fragment)
                return body(&link)
            }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: path.count + 2) { buffer in
                let count = PathNormalisation.normalise(path, into: buffer)
                var link = LinkComponents(
                    path: UnsafeBufferPointer(rebasing: buffer[..<count]), query: query, fragment: fragment)
                return body(&link)
            }
        }
        // A parsed URL's href is always a native string, so the bytes are read in place.
        if let result = url.href.utf8.withContiguousStorageIfAvailable(components) { return result }
        return Array(url.href.utf8).withUnsafeBufferPointer(components)
    }

    private init(
        path: UnsafeBufferPointer<UInt8>, query: UnsafeBufferPointer<UInt8>, fragment: UnsafeBufferPointer<UInt8>
    ) {
        self.path = path
        self.query = query
        self.fragment = fragment
        pathKey = path.count > 1 ? path[1] : 0
        foldedPathKey = pathKey >= 0x41 && pathKey <= 0x5A ? pathKey | 0x20 : pathKey
    }

    mutating func decodedComponents() -> Decoded {
        if let decoded { return decoded }
        let made = Decoded(
            path: PathNormalisation.path(Self.decode(path)), query: Self.decode(query), fragment: Self.decode(fragment))
        decoded = made
        return made
    }

    static func decode(_ bytes: some Collection<UInt8>) -> [UInt32] {
        String(decoding: PercentEncoding.decode(bytes), as: UTF8.self).unicodeScalars.map(\.value)
    }

    /// The query's items, split on `&`, each at its first `=`: an item with no `=` has the value
    /// `""`. Names and values as written.
    static func queryItems(_ query: UnsafeBufferPointer<UInt8>) -> QueryItems { QueryItems(query: query) }

    /// The items of a query, found as they are read (no array: a decision allocates nothing).
    struct QueryItems: Sequence, IteratorProtocol {
        typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>
        let query: UnsafeBufferPointer<UInt8>
        private var position = 0
        private var done: Bool

        init(query: UnsafeBufferPointer<UInt8>) {
            self.query = query
            done = query.isEmpty
        }

        mutating func next() -> (name: Bytes, value: Bytes)? {
            guard !done else { return nil }
            let end = query[position...].firstIndex(of: 0x26) ?? query.endIndex
            let item = query[position..<end]
            if end == query.endIndex { done = true } else { position = end + 1 }
            guard let split = item.firstIndex(of: 0x3D) else { return (item, item[item.endIndex...]) }
            return (item[..<split], item[(split + 1)...])
        }
    }
}
