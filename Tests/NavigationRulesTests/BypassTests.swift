import NavigationRules
import Testing
import WebAddress

/// spec/navigation-rules.md §1: every bypass class, tried against a rule set of each kind. Each URL
/// looks as if it goes to example.com (or 127.0.0.1) and does not: none may be allowed.
@Suite("§1 bypass classes against every kind of rule")
struct BypassTests {
    /// One rule set per kind of rule, all trusting example.com (or the loopback address).
    static let ruleSets: [(String, String)] = [
        ("host and subdomains", #"{"allow": ["example.com"]}"#),
        ("exact host", #"{"allow": ["=example.com", "=www.example.com"]}"#),
        ("subdomains only", #"{"allow": ["*.example.com"]}"#),
        (
            "object rule",
            #"{"allow": [{"host": "example.com", "schemes": ["https", "http"], "ports": [443, 80, 8443], "paths": ["/"]}]}"#
        ),
        (
            "IP literals",
            #"{"allow": [{"host": "127.0.0.1", "schemes": ["http", "https"]}, {"host": "::1", "schemes": ["http", "https"]}]}"#
        ),
        ("with an exception", #"{"allow": ["example.com"], "deny": ["evil.example.com"]}"#),
        ("openExternally", #"{"allow": ["example.com"], "otherwise": "openExternally"}"#),
    ]

    /// (bypass class, URL). Every URL's real destination is not a trusted host.
    static let attempts: [(String, String)] = [
        ("suffix without a label boundary", "https://notexample.com/"),
        ("suffix without a label boundary", "https://evilexample.com/"),
        ("prefix without a label boundary", "https://example.com.evil.com/"),
        ("prefix without a label boundary", "https://example.comevil.com/"),
        ("prefix without a label boundary", "https://www.example.com-evil.com/"),
        ("userinfo", "https://example.com@evil.com/"),
        ("userinfo", "https://example.com:443@evil.com/"),
        ("userinfo", "https://www.example.com%40evil.com@evil.com/"),
        ("backslash", "https://evil.com\\@example.com/"),
        ("backslash", "https://evil.com\\\\example.com/"),
        ("backslash", "https:\\\\evil.com\\www.example.com"),
        ("percent-encoded dot", "https://example%2ecom.evil.com/"),
        ("percent-encoded dot", "https://www.example%2Ecom%2eevil.com/"),
        ("percent-encoded host character", "https://evil%2ecom/example.com"),
        ("percent-encoded host character", "https://%65vil.com/"),
        ("trailing dot", "https://evil.com./"),
        ("trailing dot", "https://example.com.evil.com./"),
        ("case", "https://EVIL.COM/EXAMPLE.COM"),
        ("case", "https://Example.Com.Evil.Com/"),
        ("full-width characters", "https://ｅｘａｍｐｌｅ．ｃｏｍ．ｅｖｉｌ．ｃｏｍ/"),
        ("full-width characters", "https://example。com.evil.com/"),
        ("IDNA mapping", "https://ex\u{00AD}ample.com.evil.com/"),
        ("numeric IPv4", "https://0x7f.1.evil.com/"),
        ("numeric IPv4", "https://2130706434/"),
        ("numeric IPv4", "http://0x7f.0.0.2/"),
        ("numeric IPv4", "http://017700000002/"),
        ("IPv6", "http://[::ffff:127.0.0.1]/"),
        ("IPv6", "http://[::2]/"),
        ("IPv6", "http://[::ffff:7f00:1]/"),
        ("spaces and controls", "  https://evil.com/example.com  "),
        ("spaces and controls", "\thttps://ev\nil.com/"),
        ("spaces and controls", "https://evil.com\t.example.com.x/"),
        ("javascript:", "javascript://example.com/%0Aalert(1)"),
        ("javascript:", "javascript:alert('example.com')"),
        ("data:", "data:text/html,<a href=https://example.com>"),
        ("blob:", "blob:https://example.com/7d3e0c1a-0000-4000-8000-000000000000"),
        ("file:", "file://example.com/etc/passwd"),
        ("file:", "file:///example.com"),
        ("custom scheme", "myapp://example.com/"),
        ("custom scheme", "example.com://example.com/"),
        ("other network scheme", "ftp://example.com/"),
        ("about:", "about:blank#example.com"),
        ("about:", "about:srcdoc"),
    ]

    static let cases = ruleSets.flatMap { set in attempts.map { (set.0, set.1, $0.0, $0.1) } }

    @Test("§1: no bypass gets through", arguments: cases)
    func noBypass(kind: String, rules: String, bypass: String, input: String) throws {
        let ruleSet = try NavigationRuleSet(json: rules)
        guard case .success(let url) = WebURL.parse(input) else { return }  // the engine would not load it at all
        for frame in [NavigationFrame.main, .sub] {
            let decision = ruleSet.decide(url, frame: frame)
            #expect(decision.action != .allow, "\(bypass): \(input) → \(decision)")
        }
    }

    /// The same rule sets still allow what they name, so the table above proves something.
    @Test(
        "§1: the trusted hosts themselves still load",
        arguments: [
            (
                "host and subdomains", #"{"allow": ["example.com"]}"#,
                [
                    "https://example.com/", "https://login.example.com/a", "https://EXAMPLE.com./",
                    "https://ｅｘａｍｐｌｅ.com/", "https://evil.com@example.com/",
                ]
            ),
            ("exact host", #"{"allow": ["=example.com"]}"#, ["https://example.com/", "https://Example.COM/x"]),
            (
                "subdomains only", #"{"allow": ["*.example.com"]}"#,
                ["https://a.example.com/", "https://a.b.example.com/"]
            ),
            (
                "IP literals",
                #"{"allow": [{"host": "127.0.0.1", "schemes": ["http"]}, {"host": "::1", "schemes": ["http"]}]}"#,
                ["http://127.0.0.1/", "http://0x7f.1/", "http://2130706433/", "http://[0:0::1]/"]
            ),
        ])
    func controls(kind: String, rules: String, urls: [String]) throws {
        let ruleSet = try NavigationRuleSet(json: rules)
        for text in urls {
            let decision = ruleSet.decide(try WebURL(text))
            #expect(decision.action == .allow, "\(kind): \(text) → \(decision)")
        }
    }

    /// `HostPattern.matches` (a policy delegate's hosts) is a second implementation of the label
    /// boundary: it must refuse the same hosts, and an opaque host is never a match.
    @Test("§1: no bypass matches a single host pattern either", arguments: attempts)
    func noBypassOfOnePattern(bypass: String, input: String) throws {
        // A host pattern judges hosts: the scheme classes (ftp:, file: with the trusted host) are
        // the rule set's to refuse, above.
        guard case .success(let url) = WebURL.parse(input), let host = url.host,
            ["http", "https", "ws", "wss"].contains(url.scheme)
        else { return }
        for text in ["example.com", "=example.com", "*.example.com", "127.0.0.1", "::1", "www.example.com"] {
            guard case .success(let pattern) = HostPattern.parse(text) else {
                Issue.record("\(text) does not parse")
                continue
            }
            #expect(!pattern.matches(host), "\(bypass): \(input) matches \(text)")
        }
    }

    @Test("§1: the host judged is the one the engine loads, never the one Foundation's URL reports")
    func parserDifferential() throws {
        let ruleSet = try NavigationRuleSet(allow: ["trusted.com"])
        let decision = ruleSet.decide(try WebURL("https://evil.com\\@trusted.com/"))
        #expect(decision.action == .cancel)
        #expect(decision.host == "evil.com")
    }
}
