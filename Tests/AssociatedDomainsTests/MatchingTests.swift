import AssociatedDomains
import Testing
import WebAddress

/// Spec §3: how a URL is matched.
@Suite("§3 matching")
struct MatchingTests {
    // MARK: - Path normalisation

    @Test(
        "§3 path normalisation: the spec's consequences",
        arguments: [
            ("/buy/*", "/buy", true), ("/buy/*", "/buy/", true), ("/buy/*", "/buy/42/x", true),
            ("/buy/*", "/buyer", false),
            ("/buy", "/buy/", true), ("/buy", "/buy", true), ("abc", "/abc", true),
            ("/a/*/c", "/a/c", false), ("/a/*/c", "/a/b/c", true), ("/a/*/c", "/a/b/x/c", true),
            ("/id/????", "/id/481", false), ("/id/????", "/id/4815", true),
            ("", "/", true), ("", "/x", false), ("*", "/anything/at/all", true), ("/", "/", true), ("/", "/x", false),
            ("//a//b", "/a/b", true), ("/a/**", "/a/b/c", true), ("**", "/x", true),
            ("*.pdf", "/docs/a.pdf", true), ("*.pdf", "/docs/a.pdfx", false),
            ("/a", "//a//", true), ("/a/", "/a", true), ("?", "/", true), ("?", "/x", false),
            ("/?*", "/", false), ("/?*", "/x", true),
        ])
    func pathNormalisation(_ pattern: String, _ path: String, _ matches: Bool) throws {
        let outcome = try outcome(components: ##"[{"/": \##(quoted(pattern))}]"##, "https://example.com\(path)")
        #expect(outcome == (matches ? .match : .noMatch), "\(pattern) against \(path)")
    }

    @Test("§3 * crosses / and matches zero characters; ? is exactly one; ?* is one or more")
    func wildcards() throws {
        #expect(try outcome(components: ##"[{"/": "/a*z"}]"##, "https://example.com/a/b/c/z") == .match)
        #expect(try outcome(components: ##"[{"/": "/a*z"}]"##, "https://example.com/az") == .match)
        #expect(try outcome(components: ##"[{"/": "/a?z"}]"##, "https://example.com/a/z") == .match)
        #expect(try outcome(components: ##"[{"/": "/a?z"}]"##, "https://example.com/az") == .noMatch)
        #expect(try outcome(components: ##"[{"#": "?*"}]"##, "https://example.com/") == .noMatch)
        #expect(try outcome(components: ##"[{"#": "?*"}]"##, "https://example.com/#x") == .match)
    }

    @Test("§3 no escapes: a backslash is a literal character")
    func noEscapes() throws {
        #expect(try outcome(components: ##"[{"#": "a\\*"}]"##, "https://example.com/#a*") == .noMatch)
        #expect(try outcome(components: ##"[{"#": "a\\*"}]"##, "https://example.com/#a\\bc") == .match)
        #expect(try outcome(components: ##"[{"#": "a\\?"}]"##, "https://example.com/#a\\x") == .match)
    }

    // MARK: - Query

    @Test(
        "§3 a string ? matches the entire query",
        arguments: [
            ("a=1", "?a=1", true), ("a=1", "?a=1&b=2", false), ("*", "", true), ("", "", true), ("", "?", true),
            ("?*", "", false), ("?*", "?x", true), ("a=*", "?a=1&b=2", true), ("*", "?anything", true),
        ])
    func wholeQuery(_ pattern: String, _ query: String, _ matches: Bool) throws {
        let outcome = try outcome(components: ##"[{"?": \##(quoted(pattern))}]"##, "https://example.com/p\(query)")
        #expect(outcome == (matches ? .match : .noMatch), "\(pattern) against \(query)")
    }

    @Test(
        "§3 a ? object constrains only the names it lists; every occurrence must match; absent or no = is \"\"",
        arguments: [
            (##"{"a": "1"}"##, "?a=1&b=2", true),
            (##"{"a": "1"}"##, "?b=2&a=1", true),
            (##"{"a": "1"}"##, "?a=1&a=2", false),
            (##"{"a": "?"}"##, "?a=1&a=2", true),
            (##"{"a": ""}"##, "", true),
            (##"{"a": ""}"##, "?a", true),
            (##"{"a": ""}"##, "?a=", true),
            (##"{"a": "?*"}"##, "", false),
            (##"{"a": "?*"}"##, "?b=1", false),
            (##"{"a": "*"}"##, "", true),
            (##"{"a": "1", "b": "2"}"##, "?b=2&a=1", true),
            (##"{"a": "1", "b": "2"}"##, "?a=1", false),
            (##"{}"##, "?anything", true),
            (##"{"a": "x=y"}"##, "?a=x=y", true),
        ])
    func queryItems(_ pattern: String, _ query: String, _ matches: Bool) throws {
        let outcome = try outcome(components: ##"[{"?": \##(pattern)}]"##, "https://example.com/p\(query)")
        #expect(outcome == (matches ? .match : .noMatch), "\(pattern) against \(query)")
    }

    @Test("§2 a ? object with any non-string value is ignored: the rule matches any query")
    func queryObjectWithNonString() throws {
        #expect(try outcome(components: ##"[{"?": {"a": "1", "b": 2}}]"##, "https://example.com/p?a=9") == .match)
        #expect(try outcome(components: ##"[{"?": {"a": null}}]"##, "https://example.com/p") == .match)
    }

    // MARK: - Fragment

    @Test("§3 the fragment is matched without #, an absent fragment is \"\"")
    func fragment() throws {
        #expect(try outcome(components: ##"[{"#": "top"}]"##, "https://example.com/#top") == .match)
        #expect(try outcome(components: ##"[{"#": "#top"}]"##, "https://example.com/#top") == .noMatch)
        #expect(try outcome(components: ##"[{"#": ""}]"##, "https://example.com/") == .match)
        #expect(try outcome(components: ##"[{"#": ""}]"##, "https://example.com/#") == .match)
    }

    @Test("§3 {\"#\":\"*\",\"exclude\":true} blocks every URL; ?* blocks only URLs with a fragment")
    func fragmentTrap() throws {
        let trap = ##"[{"#": "*", "exclude": true}, {"/": "*"}]"##
        #expect(try outcome(components: trap, "https://example.com/buy") == .exclude)
        #expect(try outcome(components: trap, "https://example.com/buy#x") == .exclude)
        let meant = ##"[{"#": "?*", "exclude": true}, {"/": "*"}]"##
        #expect(try outcome(components: meant, "https://example.com/buy") == .match)
        #expect(try outcome(components: meant, "https://example.com/buy#x") == .exclude)
    }

    // MARK: - Order, exclude, empty rules

    @Test("§3 the first matching rule decides; no fall-through after an exclude")
    func firstRuleDecides() throws {
        let rules = ##"[{"/": "/a/*", "exclude": true}, {"/": "/a/b"}]"##
        #expect(try outcome(components: rules, "https://example.com/a/b") == .exclude)
        let reversed = ##"[{"/": "/a/b"}, {"/": "/a/*", "exclude": true}]"##
        #expect(try outcome(components: reversed, "https://example.com/a/b") == .match)
    }

    @Test("§2 an empty rule {} matches every URL")
    func emptyRule() throws {
        #expect(try outcome(components: "[{}]", "https://example.com/any/path?q=1#f") == .match)
    }

    @Test("§2 an empty components array matches nothing")
    func emptyComponents() throws {
        let file = try read(##"{"applinks":{"details":[{"appIDs":["\##(appID)"],"components":[]}]}}"##).file
        #expect(try decide(file, "https://example.com/").reason == .noRules)
    }

    // MARK: - Host, scheme, app ID

    @Test("§3 the URL's host must equal the domain, case-insensitively")
    func hostMustEqualDomain() throws {
        let file = try read(##"{"applinks":{"details":[{"appIDs":["\##(appID)"],"components":[{}]}]}}"##).file
        #expect(try decide(file, "https://EXAMPLE.com/").outcome == .match)
        #expect(try decide(file, "https://example.com/", domain: "Example.COM").outcome == .match)
        #expect(try decide(file, "https://www.example.com/").reason == .hostMismatch)
        #expect(try decide(file, "https://evil.test/").reason == .hostMismatch)
        #expect(try decide(file, "https://example.com.evil.test/").reason == .hostMismatch)
        #expect(try decide(file, "ftp://example.com/").reason == .notHTTP)
        #expect(try decide(file, "http://example.com/").outcome == .match)
        // D35: the port is not compared; the file is per host.
        #expect(try decide(file, "https://example.com:8443/").outcome == .match)
        #expect(try decide(file, "https://example.com/", domain: "example.com:8443").outcome == .match)
    }

    @Test("§3 an internationalised domain compares in punycode")
    func idnDomain() throws {
        let file = try read(##"{"applinks":{"details":[{"appIDs":["\##(appID)"],"components":[{}]}]}}"##).file
        #expect(try decide(file, "https://xn--bcher-kva.example/", domain: "bücher.example").outcome == .match)
    }

    @Test("§2 an app ID not in the file: no match, whatever the URL")
    func appIDNotListed() throws {
        let file = try read(##"{"applinks":{"details":[{"appIDs":["\##(appID)"],"components":[{}]}]}}"##).file
        #expect(try decide(file, "https://example.com/", app: "ZZZZZ99999.com.other").reason == .appIDNotListed)
        #expect(try decide(file, "https://example.com/", app: "abcde12345.com.example.app").reason == .appIDNotListed)
    }

    // MARK: - Explanation

    @Test("§5 the explanation names the deciding rule and why each earlier rule failed")
    func explanation() throws {
        let file = try Examples.file("seed-004-components.json")
        let decision = try decide(file, "https://example.com/help/a?articleNumber=12", explain: true)
        #expect(decision.outcome == .noMatch)
        #expect(decision.misses.map(\.component) == ["fragment", "path", "path", "query item articleNumber"])
        #expect(decision.misses[1].pattern == "/buy/*" && decision.misses[1].value == "/help/a/")
        #expect(decision.misses[3].pattern == "????" && decision.misses[3].value == "12")
        let matched = try decide(file, "https://example.com/buy/1", explain: true)
        #expect(matched.rule?.pointer == "/applinks/details/0/components/1")
        #expect(matched.rule?.text.hasPrefix(##"{"/":"/buy/*""##) == true)
        #expect(matched.misses.count == 1 && matched.misses[0].value == "")
        let quiet = try decide(file, "https://example.com/help/a?articleNumber=12")
        #expect(quiet.misses.isEmpty, "misses are only gathered when asked for")
    }

    @Test("§5 an absent query item is explained as absent")
    func explainAbsentItem() throws {
        let file = try Examples.file("seed-004-components.json")
        let decision = try decide(file, "https://example.com/help/a", explain: true)
        #expect(decision.misses.last?.component == "query item articleNumber (absent)")
    }
}

/// A JSON string literal for `text`.
func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
}
