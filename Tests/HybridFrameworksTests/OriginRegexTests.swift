import Foundation
import Testing

@testable import HybridFrameworks

/// The regular-expression subset of flutter_inappwebview's allow lists (spec §13c–§13d).
struct OriginRegexTests {
    static func matches(_ pattern: String, _ text: String) -> Bool? {
        guard case .regex(let regex) = OriginRegex.read(pattern) else { return nil }
        return regex.findsMatch(in: text)
    }

    @Test(
        "matches as both dialects do, unanchored",
        arguments: [
            ("https://example.com", "https://example.com.evil.net", true),
            ("https://example.com", "https://exampleXcom", true),
            ("https://example.com", "http://example.com", false),
            ("^https://example\\.com$", "https://example.com", true),
            ("^https://example\\.com$", "https://exampleXcom", false),
            ("^https://example\\.com$", "https://example.com:8443", false),
            ("https://*.example.com", "https://example.com", true),
            ("https://*.example.com", "https://xexample.com", true),
            ("https://*.example.com", "https://a.example.com", false),
            ("^https://([a-z0-9-]+\\.)*example\\.com$", "https://a.b.example.com", true),
            ("^https://([a-z0-9-]+\\.)*example\\.com$", "https://evilexample.com", false),
            ("^https://(www|app)\\.example\\.com(:\\d+)?$", "https://app.example.com:8443", true),
            ("^https://(www|app)\\.example\\.com(:\\d+)?$", "https://api.example.com", false),
            ("^https?://[^/]+\\.example\\.com$", "http://a.example.com", true),
            ("a{2,3}b", "xaab", true),
            ("^a{2,3}b", "ab", false),
            ("^(?:a|b)+?$", "abba", true),
            ("\\w+\\s", "abc", false),
            ("[\\d-]", "-", true),
            ("l", "null", true),
            ("", "anything", true),
            ("x|", "y", true),
            ("(a*)*b", String(repeating: "a", count: 5_000), false),
        ])
    func matching(_ pattern: String, _ text: String, _ expected: Bool) {
        #expect(Self.matches(pattern, text) == expected)
    }

    @Test(
        "syntax errors in both dialects",
        arguments: ["*", "*.example.com", "+a", "a|?", "(a", "a)", "[a", "[z-a]", "a{3,2}", "a\\", "(*)"])
    func syntaxErrors(_ pattern: String) {
        #expect(Self.kind(of: pattern) == "syntaxError", "\(pattern) read as \(OriginRegex.read(pattern))")
    }

    @Test(
        "outside the subset both dialects agree on: refused",
        arguments: [
            "(?=a)", "(?i)a", "(?<n>a)", "\\1", "\\b", "\\p{L}", "\\x41", "a*+", "a**", "[[a]]", "[a&&b]", "[:alpha:]",
            "a{", "}", "]", "[]", "[^]", "^*", "$?", "a{101}", "[\\w-z]", "\\Qa\\E", "😀", "[!--]", "[+--]", "[!--x]",
            "[a-c-e]",
        ])
    func outside(_ pattern: String) {
        #expect(Self.kind(of: pattern) == "outsideSubset", "\(pattern) read as \(OriginRegex.read(pattern))")
    }

    /// How `pattern` reads: `regex`, `syntaxError` or `outsideSubset`.
    static func kind(of pattern: String) -> String {
        switch OriginRegex.read(pattern) {
        case .regex: "regex"
        case .syntaxError: "syntaxError"
        case .outsideSubset: "outsideSubset"
        }
    }

    @Test(
        "a JavaScript string literal's value: escapes eaten, \\\\ kept, syntax errors found",
        arguments: [
            ("a\\.b", JavaScriptStringLiteral.Outcome.value("a.b")),
            ("a\\\\.b", .value("a\\.b")),
            ("it's", .value("it's")),
            ("\\x41\\u0042", .value("AB")),
            ("a\\\nb", .value("ab")),
            ("a\\", .syntaxError("the final backslash escapes the literal's closing quote")),
            ("a\\'", .syntaxError("a quote after a backslash ends the string literal early")),
            ("a\nb", .syntaxError("a line break ends the string literal before its closing quote")),
            ("\\xZZ", .syntaxError("\\x is not followed by 2 hexadecimal digits")),
            ("\\1", .outsideSubset("the legacy escape \\1 (an octal or a digit escape)")),
            ("\\u{41}", .outsideSubset("the escape \\u{…}")),
        ])
    func literal(_ entry: String, _ expected: JavaScriptStringLiteral.Outcome) {
        #expect(JavaScriptStringLiteral.value(ofPasted: entry) == expected)
    }

    @Test("any text reads without a crash, and a match costs the text × the program, not more")
    func anyText() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab.*+?|()[]{}^$\\-,0123456789dws:=!<&")
        for _ in 0..<5_000 {
            let length = Int.random(in: 0..<16, using: &generator)
            let pattern = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            if case .regex(let regex) = OriginRegex.read(pattern) { _ = regex.findsMatch(in: "https://ab.a:1") }
        }
    }
}

/// ICU as the oracle: Foundation's regular expressions are ICU's on every platform, the engine
/// flutter_inappwebview's native check uses. Random expressions in the evaluated subset must match
/// what ICU matches, and what WebFence calls a syntax error ICU must refuse.
struct OriginRegexICUOracleTests {
    static let origins = [
        "https://example.com", "https://a.example.com", "https://example.com.evil.net", "http://example.com:8080",
        "https://xexample.com", "null", "capacitor://localhost", "https://app-1.example.co.uk", "",
    ]

    @Test("20,000 random expressions: the same answers as ICU on nine origins, the same syntax errors")
    func differential() throws {
        var generator = SeededGenerator(seed: 0x5EED)
        let pieces = [
            "a", "e", "x", ".", "\\.", "com", "example", "https", "://", ":", "/", "-", "*", "+", "?", "|", "(", ")",
            "(?:", "[", "]", "[a-z]", "[^.]", "\\d", "\\w", "\\s", "{2}", "{1,3}", "{0,}", "^", "$", "l", "null",
            "[.-]", "\\",
        ]
        var compared = 0
        for _ in 0..<20_000 {
            let count = Int.random(in: 1...6, using: &generator)
            let pattern = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let icu = try? NSRegularExpression(pattern: pattern)
            switch OriginRegex.read(pattern) {
            case .syntaxError(let reason):
                #expect(icu == nil, "\(pattern): WebFence says \(reason), ICU compiles it")
            case .regex(let regex):
                guard let icu else {
                    Issue.record("\(pattern): ICU refuses what WebFence evaluates")
                    continue
                }
                for origin in Self.origins {
                    let range = NSRange(origin.startIndex..., in: origin)
                    let expected = icu.firstMatch(in: origin, range: range) != nil
                    #expect(regex.findsMatch(in: origin) == expected, "\(pattern) on \(origin)")
                }
                compared += 1
            case .outsideSubset: continue
            }
        }
        #expect(compared > 2_000)
    }
}

/// A small deterministic generator (SplitMix64), so a failing expression is found again.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
