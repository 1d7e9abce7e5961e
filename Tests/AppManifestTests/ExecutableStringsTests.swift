import Testing

@testable import AppManifest

/// `ExecutableStrings`: the literals a compiled framework leaves in its executable, found in any
/// chunk, across a chunk boundary too, and nothing found where they are not.
struct ExecutableStringsTests {
    @Test("found anywhere: at the start, across a chunk boundary, at the end")
    func found() throws {
        let chunk = ExecutableStrings.chunkSize
        for offset in [0, chunk - 5, 2 * chunk - 1] {
            var bytes = [UInt8](repeating: 0x1f, count: 2 * chunk + 64)
            let marker = Array("syntheticClickType".utf8)
            bytes.replaceSubrange(offset..<(offset + marker.count), with: marker)
            #expect(try ExecutableStrings.find(in: MemoryBytes(bytes)) == ["syntheticClickType"], "at \(offset)")
        }
    }

    @Test("both markers, and none in an executable without them")
    func bothAndNone() throws {
        let both = Array("..location.href = '..syntheticClickType..".utf8)
        #expect(try ExecutableStrings.find(in: MemoryBytes(both)) == Set(ExecutableStrings.markers))
        #expect(try ExecutableStrings.find(in: MemoryBytes(Array("syntheticClick location.href".utf8))).isEmpty)
        #expect(try ExecutableStrings.find(in: MemoryBytes([])).isEmpty)
    }
}
