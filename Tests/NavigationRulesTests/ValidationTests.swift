import Foundation
import NavigationRules
import Testing

/// spec/navigation-rules.md §2: rules that would allow more than anyone meant are refused when the
/// rule set loads, with the reason; one refused rule refuses the whole set.
@Suite("§2 validation at load time")
struct ValidationTests {
    @Test(
        "§2: refused rules, each with its reason",
        arguments: [
            ("*.com", "rules.host.bareTLD"),
            ("co.uk", "rules.host.publicSuffix"),
            ("*.co.uk", "rules.host.publicSuffix"),
            ("github.io", "rules.host.publicSuffix"),
            ("=github.io", "rules.host.publicSuffix"),
            ("com", "rules.host.bareTLD"),
            ("localhost", "rules.host.bareTLD"),
            ("*example.com", "rules.host.wildcardInLabel"),
            ("ex*ample.com", "rules.host.wildcardInLabel"),
            ("example.*", "rules.host.wildcardInLabel"),
            ("*.*.example.com", "rules.host.wildcardInLabel"),
            ("*", "rules.host.wildcardInLabel"),
            ("https://example.com", "rules.host.hasScheme"),
            ("//example.com", "rules.host.hasScheme"),
            ("example.com:8443", "rules.host.hasPort"),
            ("example.com/path", "rules.host.hasPath"),
            ("example.com\\path", "rules.host.hasPath"),
            ("user@example.com", "rules.host.hasUserinfo"),
            ("=127.0.0.1", "rules.host.wildcardAddress"),
            ("*.127.0.0.1", "rules.host.wildcardAddress"),
            ("exa mple.com", "rules.host.notAHost"),
            ("xn--a.com", "rules.host.notAHost"),
            ("example..com", "rules.host.emptyLabel"),
            ("%2a.example.com", "rules.host.percentEncoded"),
            ("%3dexample.org", "rules.host.percentEncoded"),
            ("ex%61mple.com", "rules.host.percentEncoded"),
            ("＊.example.com", "rules.host.wildcardInLabel"),
            ("＝example.org", "rules.host.wildcardInLabel"),
            ("", "rules.host.empty"),
            ("=", "rules.host.empty"),
        ])
    func refusedHosts(text: String, code: String) {
        let json = #"{"allow": ["example.org", "\#(text.replacingOccurrences(of: "\\", with: "\\\\"))"]}"#
        #expect(throws: RuleSetError.self) { try NavigationRuleSet(json: json) }
        let findings = NavigationRuleSet.lint(json: json)
        #expect(findings.map(\.code) == [code], "\(text): \(findings)")
        #expect(findings.first?.pointer == "/allow/1")
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.message.isEmpty == false)
    }

    @Test(
        "§2: refused fields and lists",
        arguments: [
            (#"{"allow": [{"host": "example.com", "schemes": ["ftp"]}]}"#, "rules.schemes", "/allow/0/schemes/0"),
            (#"{"allow": [{"host": "example.com", "schemes": []}]}"#, "rules.schemes", "/allow/0/schemes"),
            (#"{"allow": [{"host": "example.com", "ports": [0]}]}"#, "rules.ports", "/allow/0/ports/0"),
            (#"{"allow": [{"host": "example.com", "ports": [70000]}]}"#, "rules.ports", "/allow/0/ports/0"),
            (#"{"allow": [{"host": "example.com", "paths": ["v1"]}]}"#, "rules.paths", "/allow/0/paths/0"),
            (#"{"allow": [{"host": "example.com", "paths": ["/a?b"]}]}"#, "rules.paths", "/allow/0/paths/0"),
            (#"{"allow": [{"host": "example.com", "path": ["/a"]}]}"#, "rules.key.unknown", "/allow/0/path"),
            (#"{"allow": [{"schemes": ["https"]}]}"#, "rules.host.missing", "/allow/0/host"),
            (#"{"allow": [42]}"#, "rules.type", "/allow/0"),
            (#"{"allow": "example.com"}"#, "rules.type", "/allow"),
            (#"{"allowSchemes": ["https:"]}"#, "rules.allowSchemes.network", "/allowSchemes/0"),
            (#"{"allowSchemes": ["about:"]}"#, "rules.allowSchemes", "/allowSchemes/0"),
            (#"{"allowSchemes": ["data"]}"#, "rules.allowSchemes", "/allowSchemes/0"),
            (#"{"otherwise": "allow"}"#, "rules.otherwise", "/otherwise"),
            (#"{"version": -1}"#, "rules.version", "/version"),
            (#"{"version": "7"}"#, "rules.version", "/version"),
            (#"{"expires": "next week"}"#, "rules.expires", "/expires"),
            (#"{"alow": ["example.com"]}"#, "rules.key.unknown", "/alow"),
            (#"["example.com"]"#, "rules.type", ""),
            (#"{"allow": ["example.com",]}"#, "rules.json", ""),
        ])
    func refusedFields(json: String, code: String, pointer: String) {
        #expect(throws: RuleSetError.self) { try NavigationRuleSet(json: json) }
        let errors = NavigationRuleSet.lint(json: json).filter { $0.severity == .error }
        #expect(errors.map(\.code) == [code], "\(json): \(errors)")
        #expect(errors.first?.pointer == pointer)
    }

    @Test("§2: one refused rule refuses the whole set, and lint lists every refusal")
    func wholeSetRefused() {
        let json = #"{"allow": ["example.com", "*.com", "co.uk"], "deny": ["ads.example.*"]}"#
        do {
            _ = try NavigationRuleSet(json: json)
            Issue.record("a rule set with refused rules loaded")
        } catch {
            #expect(error.errors.map(\.pointer) == ["/allow/1", "/allow/2", "/deny/0"])
        }
    }

    @Test("§2: warnings do not refuse: cleartext, javascript:, blob:, duplicates, covered rules")
    func warnings() throws {
        let rules = try NavigationRuleSet(
            json: #"""
                {"allow": ["example.com", {"host": "example.com", "schemes": ["http", "https"]}, "example.com"],
                 "allowSchemes": ["javascript:", "blob:"]}
                """#)
        #expect(
            Set(rules.findings.map(\.code)) == [
                "rules.cleartext", "rules.covered", "rules.duplicate", "rules.allowSchemes.javascript",
                "rules.allowSchemes.blob",
            ])
        #expect(rules.findings.allSatisfy { $0.severity == .warning })
    }

    @Test("§3: version and expiry are read; an expired rule set says so")
    func versionAndExpiry() throws {
        let rules = try NavigationRuleSet(json: #"{"version": 7, "expires": "2026-12-31T00:00:00Z"}"#)
        #expect(rules.version == 7)
        #expect(rules.isExpired(at: try Date("2027-01-01T00:00:00Z", strategy: .iso8601)))
        #expect(!rules.isExpired(at: try Date("2026-12-30T00:00:00Z", strategy: .iso8601)))
    }
}

@Suite("lint: rules another rule already covers")
struct CoveredRuleTests {
    @Test(
        "a rule inside a broader rule's reach is a warning naming the broader rule",
        arguments: [
            (#"{"allow": ["example.com", "=a.example.com"]}"#, "/allow/1", "/allow/0"),
            (#"{"allow": ["example.com", "*.example.com"]}"#, "/allow/1", "/allow/0"),
            (#"{"allow": ["*.example.com", "=a.b.example.com"]}"#, "/allow/1", "/allow/0"),
            (#"{"allow": ["example.com", {"host": "api.example.com", "paths": ["/v1/"]}]}"#, "/allow/1", "/allow/0"),
            (
                #"{"allow": [{"host": "example.com", "schemes": ["http", "https"]}, "example.com"]}"#, "/allow/1",
                "/allow/0"
            ),
            (#"{"deny": ["ads.example.com", "=x.ads.example.com"]}"#, "/deny/1", "/deny/0"),
        ])
    func covered(json: String, pointer: String, by wider: String) throws {
        let findings = try NavigationRuleSet(json: json).findings.filter { $0.code == "rules.covered" }
        #expect(findings.map(\.pointer) == [pointer])
        #expect(findings.first?.message.hasPrefix(wider) == true)
    }

    @Test(
        "rules that add something are not reported",
        arguments: [
            #"{"allow": ["example.com", {"host": "api.example.com", "ports": [8443]}]}"#,
            #"{"allow": ["example.com", {"host": "api.example.com", "schemes": ["wss"]}]}"#,
            #"{"allow": ["*.example.com", "=example.com"]}"#,
            #"{"allow": ["=example.com", "=www.example.com"]}"#,
            #"{"allow": ["example.com"], "deny": ["ads.example.com"]}"#,
        ])
    func notCovered(json: String) throws {
        #expect(try NavigationRuleSet(json: json).findings.filter { $0.code == "rules.covered" }.isEmpty)
    }
}
