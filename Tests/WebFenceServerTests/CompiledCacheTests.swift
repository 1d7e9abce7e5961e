import AssociatedDomains
import StrictJSON
import Testing
import WebFenceCommandLine

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

extension CompiledCacheTests {
    @Test("precomposed and decomposed text are different inputs; a large input is not kept")
    func exactBytes() {
        let cache = CompiledCache<String>(capacity: 8)
        func value(_ key: JSONValue) -> String? {
            try? cache.value(for: key) { () -> Result<String, Refused> in .success(key.serialized()) }.get()
        }
        let precomposed = JSONValue.string("/caf\u{E9}")
        let decomposed = JSONValue.string("/cafe\u{301}")
        #expect(precomposed == decomposed)  // Swift's String equality: canonical equivalence
        #expect(value(precomposed) == precomposed.serialized())
        #expect(value(decomposed) == decomposed.serialized())
        var compiled = 0
        let large = JSONValue.string(String(repeating: "x", count: CompiledCache<String>.maximumInputSize + 1))
        for _ in 0..<2 {
            _ = cache.value(for: large) { () -> Result<String, Refused> in
                compiled += 1
                return .success("")
            }
        }
        #expect(compiled == 2)
    }
}

extension CompiledCacheTests {
    @Test(
        "inputs whose JSON texts differ are different keys (1 and 1.0, -0.0 and 0.0, member order); hits and misses counted"
    )
    func exactValues() {
        let cache = CompiledCache<Int>(capacity: 16)
        var compiled = 0
        func value(_ key: JSONValue) {
            _ = cache.value(for: key) { () -> Result<Int, Refused> in
                compiled += 1
                return .success(compiled)
            }
        }
        let keys: [JSONValue] = [
            .int(1), .double(1), .double(-0.0), .double(0), .string("1"), .array([.int(1)]),
            .object([.init("a", .int(1)), .init("b", .int(2))]), .object([.init("b", .int(2)), .init("a", .int(1))]),
            .array([.string("ab"), .string("c")]), .array([.string("a"), .string("bc")]),
        ]
        for key in keys { value(key) }
        #expect(compiled == keys.count)
        for key in keys { value(key) }
        #expect(compiled == keys.count, "each is found again")
        #expect(cache.counts.hits == keys.count && cache.counts.misses == keys.count)
    }
}

extension CompiledCacheTests {
    @Test("an input sent as text is kept by its bytes: the same text is found again, another spelling compiled again")
    func textKeys() throws {
        let cache = CompiledCache<Int>(capacity: 8)
        var compiled = 0
        func value(text: String) -> Int? {
            try? cache.value(forText: Array(text.utf8)[...]) { () -> Result<Int, Refused> in
                compiled += 1
                return .success(compiled)
            }.get()
        }
        #expect(value(text: #"{"a":[1,"b"]}"#) == 1)
        #expect(value(text: #"{"a":[1,"b"]}"#) == 1, "found again")
        #expect(value(text: #"{"a": [1, "b"]}"#) == 2)
        #expect(value(text: #"{"a":[1,"\u0062"]}"#) == 3, "other spacing and another escape are other texts")
        // A value's compact text is its key, so a value and the same compact text share an entry.
        let parsed = try JSONParser.parse(#"{"a": [1, "b"]}"#)
        #expect(try cache.value(for: parsed) { () -> Result<Int, Refused> in .success(99) }.get() == 1)
        #expect(compiled == 3)
        #expect(cache.counts.hits == 2 && cache.counts.misses == 3)
    }

    @Test("a value holding a number JSON cannot write is compiled every time: its text would be another value's")
    func nonFiniteNumbers() throws {
        let cache = CompiledCache<String>(capacity: 8)
        func value(_ key: JSONValue) -> String? {
            try? cache.value(for: key) { () -> Result<String, Refused> in .success("\(key)") }.get()
        }
        #expect(value(.null) == "\(JSONValue.null)")
        #expect(value(.double(.nan)) == "\(JSONValue.double(.nan))")
        #expect(value(.array([.double(.infinity)])) == "\(JSONValue.array([.double(.infinity)]))")
        #expect(value(.array([.null])) == "\(JSONValue.array([.null]))")
        #expect(cache.counts.hits == 0 && cache.counts.misses == 4)
    }
}

extension CompiledCacheTests {
    @Test(
        "a request's files are kept by their texts as sent: each text compiled once, the same answers as compiling every time"
    )
    func aasaFilesKeptByText() throws {
        let document = try JSONParser.document(ServerRouteTests.casesWithTwoFiles, duplicateKeys: .keepLast)
        guard case .array(let cases) = document.value else { throw Refused() }
        let cache = CompiledCache<UniversalLinkMatcher>(capacity: 8)
        let kept = AASAMatchAnswers(matchers: cache)
        let compiledEveryTime = AASAMatchAnswers()
        for round in 1...2 {
            for (index, input) in cases.enumerated() {
                let answer = kept.answer(to: input, aasa: document.member("aasa", ofElement: index), costLimit: .max)
                #expect(answer == compiledEveryTime.answer(to: input, costLimit: .max), "case \(index)")
            }
            // Five files as sent, two of them the same value as another written another way: five
            // texts compiled in the first round, and all found in the second.
            #expect(cache.counts.misses == 5 && cache.counts.hits == 5 * (round - 1), "round \(round)")
        }
    }
}
