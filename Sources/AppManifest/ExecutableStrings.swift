/// Which of a few literal strings an app's main executable holds: how a framework whose settings
/// and code are compiled in (PWABuilder's shell) is told from its own code by a later change.
/// The file is read in chunks, never whole.
public enum ExecutableStrings {
    /// The strings looked for: the template's page-initiated test (`"syntheticClickType"`, a KVC
    /// key of `WebView.swift`) and its universal-link script (`"location.href = '"`, in
    /// `SceneDelegate.swift`). Both are longer than 15 bytes, so Swift stores them as C strings.
    public static let markers = ["syntheticClickType", "location.href = '"]

    /// The executables searched: those of the frameworks whose code is compiled in (PWABuilder's
    /// `PRODUCT_NAME`). Others are not read twice.
    public static let executableNames: Set<String> = ["PWAShell"]

    /// The bytes read at a time.
    static let chunkSize = 1 << 20

    /// The markers `source` holds.
    public static func find(in source: some ByteSource) throws(AppManifestError) -> Set<String> {
        try find(markers, in: source)
    }

    /// Which of `markers` `source` holds, read a chunk at a time.
    public static func find(_ markers: [String], in source: some ByteSource) throws(AppManifestError) -> Set<String> {
        let patterns = markers.map { Array($0.utf8) }
        let overlap = (patterns.map(\.count).max() ?? 1) - 1
        var found: Set<String> = []
        var offset = 0
        var carried: [UInt8] = []
        while offset < source.size, found.count < markers.count {
            let count = min(chunkSize, source.size - offset)
            let window = carried + (try source.bytes(at: offset, count: count))
            for (index, pattern) in patterns.enumerated() where !found.contains(markers[index]) {
                if contains(window, pattern) { found.insert(markers[index]) }
            }
            carried = Array(window.suffix(overlap))
            offset += count
        }
        return found
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= haystack.count else { return needle.isEmpty }
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
