import NavigationRules
import Testing
import WebAddress

/// spec/navigation-rules.md §2: what each kind of rule matches, and what happens to the rest.
@Suite("§2 the rule language")
struct RuleLanguageTests {
    func decide(_ rules: String, _ url: String, frame: NavigationFrame = .main) throws -> NavigationDecision {
        try NavigationRuleSet(json: rules).decide(try WebURL(url), frame: frame)
    }

    func action(_ rules: String, _ url: String, frame: NavigationFrame = .main) throws -> NavigationDecision.Action {
        try decide(rules, url, frame: frame).action
    }

    @Test("§2: `example.com` allows the host and every subdomain, on a label boundary (seed 003)")
    func domainAndSubdomains() throws {
        let rules = #"{"allow": ["example.com"]}"#
        for url in ["https://example.com/", "https://login.example.com/", "https://a.b.c.example.com/x?y#z"] {
            #expect(try action(rules, url) == .allow, "\(url)")
        }
        for url in ["https://notexample.com/", "https://example.co/", "https://com/", "https://example.com.au/"] {
            #expect(try action(rules, url) == .cancel, "\(url)")
        }
    }

    @Test("§2: seed 003's list, done right: login and api subdomains pass, notexample.com does not")
    func seed003() throws {
        let rules = try NavigationRuleSet(allow: ["example.com", "auth.example.com"])
        #expect(rules.decide(try WebURL("https://login.example.com/")).action == .allow)
        #expect(rules.decide(try WebURL("https://api.example.com/")).action == .allow)
        #expect(rules.decide(try WebURL("https://auth.example.com/")).ruleText == "auth.example.com")
        #expect(rules.decide(try WebURL("https://notexample.com/")).action == .cancel)
    }

    @Test("§2: `=host` allows exactly that host")
    func exactHost() throws {
        let rules = #"{"allow": ["=login.example.org"]}"#
        #expect(try action(rules, "https://login.example.org/") == .allow)
        #expect(try action(rules, "https://example.org/") == .cancel)
        #expect(try action(rules, "https://a.login.example.org/") == .cancel)
    }

    @Test("§2: `*.host` allows subdomains only, not the apex")
    func subdomainsOnly() throws {
        let rules = #"{"allow": ["*.cdn.example.net"]}"#
        #expect(try action(rules, "https://a.cdn.example.net/") == .allow)
        #expect(try action(rules, "https://a.b.cdn.example.net/") == .allow)
        #expect(try action(rules, "https://cdn.example.net/") == .cancel)
        #expect(try action(rules, "https://xcdn.example.net/") == .cancel)
    }

    @Test("§2: an IP literal allows exactly that address, however the URL writes it")
    func addresses() throws {
        let rules =
            #"{"allow": [{"host": "192.0.2.1", "schemes": ["http"]}, {"host": "[2001:db8::1]", "schemes": ["http"]}]}"#
        #expect(try action(rules, "http://192.0.2.1/") == .allow)
        #expect(try action(rules, "http://3221225985/") == .allow)
        #expect(try action(rules, "http://0xc0.0.2.1/") == .allow)
        #expect(try action(rules, "http://[2001:DB8:0::1]/") == .allow)
        #expect(try action(rules, "http://192.0.2.2/") == .cancel)
        #expect(try action(rules, "http://a.192.0.2.1.example/") == .cancel)
    }

    @Test("§2: schemes default to https only; an object rule widens them")
    func schemes() throws {
        let narrow = try decide(#"{"allow": ["example.com"]}"#, "http://example.com/")
        #expect(narrow.action == .cancel)
        #expect(narrow.nearMiss?.contains("the scheme is http") == true)
        #expect(try action(#"{"allow": ["example.com"]}"#, "wss://example.com/") == .cancel)
        let wide = #"{"allow": [{"host": "example.com", "schemes": ["http", "https", "wss"]}]}"#
        #expect(try action(wide, "http://example.com/") == .allow)
        #expect(try action(wide, "wss://example.com/") == .allow)
        #expect(try action(wide, "ws://example.com/") == .cancel)
    }

    @Test("§2: ports default to the scheme's default port; an object rule lists others")
    func ports() throws {
        #expect(try action(#"{"allow": ["example.com"]}"#, "https://example.com:443/") == .allow)
        #expect(try action(#"{"allow": ["example.com"]}"#, "https://example.com:8443/") == .cancel)
        let listed = #"{"allow": [{"host": "api.example.com", "ports": [443, 8443]}]}"#
        #expect(try action(listed, "https://api.example.com/") == .allow)
        #expect(try action(listed, "https://api.example.com:8443/") == .allow)
        #expect(try action(listed, "https://api.example.com:8080/") == .cancel)
    }

    @Test("§2: path prefixes match on a segment boundary, after the parser's dot-segment removal")
    func paths() throws {
        let rules = #"{"allow": [{"host": "api.example.com", "paths": ["/v1/", "/docs"]}]}"#
        for url in [
            "https://api.example.com/v1/", "https://api.example.com/v1/users", "https://api.example.com/docs",
            "https://api.example.com/docs/a", "https://api.example.com/x/../v1/y",
        ] {
            #expect(try action(rules, url) == .allow, "\(url)")
        }
        for url in [
            "https://api.example.com/v1", "https://api.example.com/v2/", "https://api.example.com/docsx",
            "https://api.example.com/v1/../admin", "https://api.example.com/v1/%2e%2e/admin",
            "https://api.example.com/v1/..%2fadmin", "https://api.example.com/v1/..%5Cadmin",
            "https://api.example.com/V1/",
        ] {
            #expect(try action(rules, url) == .cancel, "\(url)")
        }
    }

    @Test(
        "§2: an allow rule's path prefix refuses what a server could read as outside it (D41)",
        arguments: [
            "https://api.example.com/v1/..;/admin", "https://api.example.com/v1/.;/x", "https://api.example.com/v1/a;b",
            "https://api.example.com/v1/%252e%252e%252fadmin", "https://api.example.com/v1/..%00/admin",
            "https://api.example.com/v1/%2E%2E%2Fadmin", "https://api.example.com/v1/..%5cadmin",
        ])
    func allowPathsAreStrict(url: String) throws {
        #expect(try action(#"{"allow": [{"host": "api.example.com", "paths": ["/v1/"]}]}"#, url) == .cancel)
    }

    @Test(
        "§2: an exception's path prefix covers whatever a lenient server reads as under it (D41)",
        arguments: [
            "https://example.com/admin/x", "https://example.com/admin", "https://example.com/ADMIN/x",
            "https://example.com/%61dmin/x", "https://example.com/%2561dmin/x", "https://example.com//admin/x",
            "https://example.com/admin;jsessionid=1/x", "https://example.com/admin%2fx",
            "https://example.com/x/%2e%2e/admin/y",
            "https://example.com/public/..%2fadmin/y", "https://example.com/admin%5Cx",
        ])
    func exceptionPathsAreWide(url: String) throws {
        let rules = #"{"allow": ["example.com"], "deny": [{"host": "example.com", "paths": ["/admin/"]}]}"#
        let decision = try decide(rules, url)
        #expect(decision.action == .cancel, "\(url) → \(decision)")
        #expect(decision.reason == .denyRule)
        #expect(try action(rules, "https://example.com/administrator") == .allow)
        #expect(try action(rules, "https://example.com/public/admin") == .allow)
    }

    @Test("§2: exceptions win over allow rules, even more specific ones")
    func exceptionsWin() throws {
        let rules = #"{"allow": ["example.com", "=ads.example.com"], "deny": ["ads.example.com"]}"#
        let denied = try decide(rules, "https://ads.example.com/")
        #expect(denied.action == .cancel)
        #expect(denied.reason == .denyRule)
        #expect(denied.rulePointer == "/deny/0")
        #expect(try action(rules, "https://x.ads.example.com/") == .cancel)
        #expect(try action(rules, "https://www.example.com/") == .allow)
    }

    @Test("§2: an exception without fields covers every scheme, port and path (D40)")
    func exceptionsAreWide() throws {
        let rules =
            #"{"allow": [{"host": "example.com", "schemes": ["http", "https"], "ports": [80, 443, 8080]}], "deny": ["ads.example.com"]}"#
        for url in ["http://ads.example.com/", "https://ads.example.com:8080/x"] {
            #expect(try action(rules, url) == .cancel, "\(url)")
        }
        let narrow = #"{"allow": ["example.com"], "deny": [{"host": "example.com", "paths": ["/admin"]}]}"#
        #expect(try action(narrow, "https://example.com/admin/x") == .cancel)
        #expect(try action(narrow, "https://example.com/public") == .allow)
    }

    @Test(
        "§2: about:blank, about:srcdoc, data:, blob:, javascript:, file: are denied unless named",
        arguments: [
            ("about:blank", "about:blank"), ("about:blank", "about:blank#top"), ("about:srcdoc", "about:srcdoc"),
            ("data:", "data:text/html,hi"), ("blob:", "blob:https://example.com/1"),
            ("javascript:", "javascript:void(0)"),
            ("file:", "file:///tmp/x.html"),
        ])
    func nonNetworkSchemes(entry: String, url: String) throws {
        let without = try decide(#"{"allow": ["example.com"], "otherwise": "openExternally"}"#, url)
        #expect(without.action == .cancel)
        #expect(without.reason == .nonNetworkScheme)
        let with = try decide(#"{"allow": ["example.com"], "allowSchemes": ["\#(entry)"]}"#, url)
        #expect(with.action == .allow)
        #expect(with.reason == .allowedScheme)
        #expect(with.rulePointer == "/allowSchemes/0")
    }

    @Test("§2: about:blank is not about:blankx, and naming about:blank does not allow about:srcdoc")
    func aboutIsExact() throws {
        let rules = #"{"allowSchemes": ["about:blank"]}"#
        #expect(try action(rules, "about:blank?x") == .allow)
        #expect(try action(rules, "about:blankx") == .cancel)
        #expect(try action(rules, "about:srcdoc") == .cancel)
        #expect(try action(rules, "about:BLANK") == .cancel)
    }

    @Test("§2: other schemes (mailto:, myapp:) go where unmatched URLs go, unless allowSchemes names them")
    func customSchemes() throws {
        #expect(try action(#"{"otherwise": "openExternally"}"#, "mailto:a@example.com") == .openExternally)
        #expect(try action(#"{}"#, "mailto:a@example.com") == .cancel)
        #expect(try action(#"{"allowSchemes": ["myapp:"]}"#, "myapp://callback?x=1") == .allow)
    }

    @Test("§2: what matches nothing is cancelled by default, or opened externally; never in a subframe (D42)")
    func otherwise() throws {
        let cancel = try decide(#"{"allow": ["example.com"]}"#, "https://other.org/")
        #expect(cancel.action == .cancel)
        #expect(cancel.reason == .otherwise)
        #expect(cancel.rulePointer == "/otherwise")
        let external = #"{"allow": ["example.com"], "otherwise": "openExternally"}"#
        #expect(try action(external, "https://other.org/") == .openExternally)
        let sub = try decide(external, "https://other.org/", frame: .sub)
        #expect(sub.action == .cancel)
        #expect(sub.reason == .otherwiseSubframe)
    }

    @Test("§2: every decision says which rule decided and on which host")
    func explanations() throws {
        let rules = #"{"allow": ["example.com", "*.cdn.example.net"]}"#
        let decision = try decide(rules, "https://img.cdn.example.net/a.png")
        #expect(decision.rulePointer == "/allow/1")
        #expect(decision.ruleText == "*.cdn.example.net")
        #expect(decision.host == "img.cdn.example.net")
        #expect(decision.explanation.contains("/allow/1"))
        let miss = try decide(rules, "https://evil.com\\@example.com/")
        #expect(miss.explanation.contains("host evil.com"))
    }

    @Test("§2: the most specific allow rule is the one reported")
    func mostSpecific() throws {
        let decision = try decide(#"{"allow": ["example.com", "=a.example.com"]}"#, "https://a.example.com/")
        #expect(decision.rulePointer == "/allow/1")
    }

    @Test("§2: hosts in rules are read as the URL parser reads hosts (case, IDNA, trailing dot)")
    func normalisedRules() throws {
        let rules = try NavigationRuleSet(json: #"{"allow": ["Bücher.DE", "EXAMPLE.com.", "=ＷＷＷ.example.org"]}"#)
        #expect(rules.rules.map(\.host.description) == ["xn--bcher-kva.de", "example.com", "=www.example.org"])
        #expect(rules.decide(try WebURL("https://www.bücher.de/")).action == .allow)
        #expect(rules.findings.filter { $0.code == "rules.host.notCanonical" }.count == 3)
    }

    @Test("a single host pattern matches domains and addresses, never an opaque host")
    func patternMatches() throws {
        let pattern = HostPattern.domainAndSubdomains("example.com")
        #expect(pattern.matches(try #require(try WebURL("https://a.EXAMPLE.com./").host)))
        #expect(!pattern.matches(try #require(try WebURL("javascript://example.com/%0aalert(1)").host)))
        #expect(!pattern.matches(try #require(try WebURL("myapp://a.example.com/").host)))
        #expect(HostPattern.address("[::1]").matches(try #require(try WebURL("http://[0::1]/").host)))
        #expect(!HostPattern.address("127.0.0.1").matches(try #require(try WebURL("http://127.0.0.1.example/").host)))
    }
}
