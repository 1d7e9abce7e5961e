import Testing
import WebFence
import WebFenceAPI

/// The cache of compiled inputs the server shares between requests.
@Suite("webfence serve: compiled inputs kept between requests")
struct CompiledCacheTests {
    struct Refused: Error {}

    @Test("an input is compiled once; a failure is not kept; a full cache starts again")
    func cache() {
        let cache = CompiledCache<Int>(capacity: 2)
        var compiled = 0
        func value(_ key: String, fails: Bool = false) -> Int? {
            try? cache.value(for: .string(key)) { () -> Result<Int, Refused> in
                compiled += 1
                return fails ? .failure(Refused()) : .success(key.count)
            }.get()
        }
        #expect(value("a") == 1)
        #expect(value("a") == 1)
        #expect(compiled == 1)
        #expect(value("bad", fails: true) == nil)
        #expect(value("bad", fails: true) == nil)
        #expect(compiled == 3)
        #expect(value("bb") == 2)
        #expect(value("ccc") == 3)  // the cache was full: it starts again with "ccc"
        #expect(value("a") == 1)
        #expect(compiled == 6)
    }
}
