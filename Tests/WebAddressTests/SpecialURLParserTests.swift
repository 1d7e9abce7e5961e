import Testing
import WebAddressConformance

@testable import WebAddress

/// The one-pass parser (`SpecialURLParser`) against the state machine it shortcuts: the same URL in
/// every field and offset, or the same error. The `url` fuzz target makes the same comparison on
/// arbitrary input.
@Suite("One-pass parser = state machine")
struct SpecialURLParserTests {
    static func same(_ input: String, base: String?) -> String? {
        let baseURL = base.flatMap { try? WebURL($0) }
        if base != nil, baseURL == nil { return nil }
        let fast = URLParser.parse(input, base: baseURL)
        let reference = URLParser.parse(input, base: baseURL, stateMachineOnly: true)
        switch (fast, reference) {
        case (.success(let a), .success(let b)):
            if a.href == b.href, a.offsets == b.offsets, a.hostKind == b.hostKind, a.port == b.port { return nil }
            return "one pass \(a.href) \(a.offsets) \(a.hostKind); state machine \(b.href) \(b.offsets) \(b.hostKind)"
        case (.failure(let a), .failure(let b)):
            return a == b ? nil : "one pass \(a.code), state machine \(b.code)"
        default:
            return "one pass \(fast), state machine \(reference)"
        }
    }

    @Test("every urltestdata.json case")
    func corpus() {
        for testCase in URLTestCase.all {
            let difference = Self.same(testCase.input, base: testCase.base)
            #expect(difference == nil, "\(testCase): \(difference ?? "")")
        }
    }

    @Test(
        "the shapes it takes, and the ones it leaves to the state machine",
        arguments: [
            ("https://EXAMPLE.com:443/a/./b/../c?q=1 2#f g", nil),
            ("HTTPS://user:p@ss@host.example:8080/%7e/", nil),
            ("https://:@host/", nil),
            ("https://user@/", nil),
            ("https://host:99999/", nil),
            ("https://host:12a/", nil),
            ("https://host:/", nil),
            ("https:///host/", nil),
            ("https:\\\\host\\a\\..\\b", nil),
            ("https://ho\tst/pa\nth", nil),
            ("https://0x7f.1/", nil),
            ("https://1.2.3.4.5/", nil),
            ("https://[::1]:80/", nil),
            ("https://xn--mnchen-3ya.de/", nil),
            ("https://Bücher.example/", nil),
            ("https://exa%41mple.com/", nil),
            ("wss://h/..", nil),
            ("ftp://h:21/", nil),
            ("h2tp://host/", nil),
            ("file:///etc/passwd", nil),
            ("../a/%2e%2E/b?x#y", "https://example.com/d/e/f"),
            ("//other.example/p", "https://example.com/d/"),
            ("\\\\other.example\\p", "https://example.com/d/"),
            ("/abs", "https://u:p@example.com:8443/d/"),
            ("?q", "https://example.com/d/e?old#frag"),
            ("#f", "https://example.com/d/e?old#frag"),
            ("", "https://example.com/d/e?old#frag"),
            ("a", "mailto:x"),
            ("a", "file:///d/e"),
            ("mailto:Someone@Example.com?subject=Hi there#x", nil),
            ("data:text/plain,a b  ?q", nil),
            ("javascript:alert(1) ", nil),
            ("about:blank", nil),
            ("MyApp://Open/Item/../42?ref=push 'x'#f", nil),
            ("myapp:///path", nil),
            ("myapp://", nil),
            ("myapp://user@/x", nil),
            ("myapp://:80/x", nil),
            ("myapp://h:99/x\\y", nil),
            ("myapp://h a/", nil),
            ("myapp:/path", nil),
            ("myapp:path", nil),
            ("file:///Users/me/Documents/a%20b.pdf", nil),
            ("FILE:///a/b/../../../c", nil),
            ("file:///C:/x", nil),
            ("file:///a/C|/..", nil),
            ("file://localhost/x", nil),
            ("file:////x", nil),
        ])
    func shapes(_ input: String, _ base: String?) {
        let difference = Self.same(input, base: base)
        #expect(difference == nil, "\(difference ?? "")")
    }
}

/// Long inputs in the shapes that once made the state machine quadratic (every `.` segment copied
/// the whole buffer): they must parse, and to the same URL as the one-pass parser where it applies.
@Suite("Long inputs")
struct LongInputTests {
    static let length = 200_000

    @Test(
        "dot segments by the hundred thousand",
        arguments: [
            "file:///C:/" + String(repeating: "a", count: length) + String(repeating: "/.", count: length / 2),
            "https://h/\t" + String(repeating: "a", count: length) + String(repeating: "/.", count: length / 2),
            "https://h/\t" + String(repeating: "a/", count: length / 4) + String(repeating: "../", count: length / 6),
            "https://h/" + String(repeating: "a/", count: length / 4) + String(repeating: "../", count: length / 6),
        ])
    func dotSegments(_ input: String) throws {
        let url = try WebURL(input)
        #expect(url.pathname.hasPrefix("/"))
        let reference = URLParser.parse(input, base: nil, stateMachineOnly: true)
        #expect((try? reference.get())?.href == url.href)
    }
}
