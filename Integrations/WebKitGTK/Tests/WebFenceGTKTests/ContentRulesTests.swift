import Foundation
import Testing

@testable import WebFenceGTK

/// The content rules that finish a frame-dependent verdict (D55) must block exactly the held URL:
/// a filter that matched more would refuse other pages, one that matched less would let it load.
@Suite struct ContentRulesTests {
    /// What WebKit's content-extension parser reads: JSON, with the filter as one string.
    private func filters(in json: String) throws -> [[String: Any]] {
        let list = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        return list.compactMap { $0["trigger"] as? [String: Any] }
    }

    @Test func eachHeldURLIsOneRuleForTheRefusedFrameKinds() throws {
        let json = ContentRules.json(blocking: [
            ("https://pay.example/checkout", topFrame: true, childFrame: false),
            ("https://a.example/\"quoted\"\\back", topFrame: false, childFrame: true),
            ("https://both.example/", topFrame: true, childFrame: true),
        ])
        let triggers = try filters(in: json)
        #expect(triggers.count == 3)
        #expect(triggers[0]["load-context"] as? [String] == ["top-frame"])
        #expect(triggers[1]["load-context"] as? [String] == ["child-frame"])
        #expect(triggers[2]["load-context"] as? [String] == ["top-frame", "child-frame"])
        #expect(
            triggers[1]["url-filter"] as? String
                == ContentRules.urlFilter(exactly: "https://a.example/\"quoted\"\\back"))
        for trigger in triggers {
            #expect(trigger["resource-type"] as? [String] == ["document"])
            #expect(trigger["url-filter-is-case-sensitive"] as? Bool == true)
        }
    }

    @Test func anEmptyListStillCompiles() throws {
        // WebKit refuses an empty rule list; a rule that can never match keeps it valid.
        let triggers = try filters(in: ContentRules.json(blocking: []))
        #expect(triggers.count == 1)
        #expect(triggers[0]["url-filter"] as? String == "^webfence-never:")
        // An entry refused in no frame adds nothing.
        #expect(try filters(in: ContentRules.json(blocking: [("https://x.example/", false, false)])).count == 1)
    }

    @Test func controlCharactersAreEscapedForJSON() throws {
        let url = "https://x.example/\u{1}\n\t"
        let triggers = try filters(in: ContentRules.json(blocking: [(url, true, false)]))
        #expect(triggers[0]["url-filter"] as? String == ContentRules.urlFilter(exactly: url))
    }

    /// A fuzz of the escaping with a fixed seed: for any ASCII text, the filter (read as a regular
    /// expression, of which WebKit's url-filter is a subset) matches the text and only the text.
    @Test func theFilterMatchesExactlyItsURL() throws {
        var generator = SplitMix64(seed: 0x5eed_7)
        let alphabet = (0x20...0x7e).map { Character(Unicode.Scalar($0)!) } + ["\t", "\n", "\r"]
        for round in 0..<3_000 {
            let length = Int(generator.next() % 40) + 1
            let text = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            let regex = try NSRegularExpression(pattern: ContentRules.urlFilter(exactly: text))
            #expect(Self.matchesWhole(regex, text), "round \(round): \(text.debugDescription)")
            // One character changed, one added, one removed: none matches.
            var changed = Array(text)
            let at = Int(generator.next() % UInt64(changed.count))
            changed[at] = changed[at] == "a" ? "b" : "a"
            #expect(!Self.matchesWhole(regex, String(changed)), "round \(round): \(text.debugDescription)")
            #expect(!Self.matchesWhole(regex, text + "x"))
            #expect(!Self.matchesWhole(regex, String(text.dropLast())) || text.count == 0)
        }
    }

    private static func matchesWhole(_ regex: NSRegularExpression, _ text: String) -> Bool {
        let range = NSRange(text.startIndex..., in: text)
        return regex.firstMatch(in: text, range: range).map { $0.range == range } ?? false
    }
}

/// A small deterministic generator: the same cases on every run and machine.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
