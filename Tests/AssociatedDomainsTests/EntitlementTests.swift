import AssociatedDomains
import Testing

/// Spec §1: the entitlement `com.apple.developer.associated-domains`.
@Suite("§1 the associated-domains entitlement")
struct EntitlementTests {
    func entitlement(_ values: String..., isBrowser: Bool = false) -> AssociatedDomainsEntitlement {
        AssociatedDomainsEntitlement(values: values, isBrowser: isBrowser)
    }

    func onlyCode(_ value: String, isBrowser: Bool = false) -> [String] {
        codes(AssociatedDomainsEntitlement(values: [value], isBrowser: isBrowser).findings)
    }

    @Test("§1 <service>:<domain>, every service", arguments: AssociatedDomain.Service.allCases)
    func services(_ service: AssociatedDomain.Service) throws {
        let read = entitlement("\(service.rawValue):example.com")
        let domain = try #require(read.domains.first)
        #expect(domain.service == service && domain.host == "example.com" && !domain.isWildcard && domain.port == nil)
        #expect(codes(read.findings) == (service == .authsrv ? ["entitlement.service.authsrv"] : []))
    }

    @Test("§1 an unknown service, or no colon, is an error")
    func badService() {
        #expect(onlyCode("weblinks:example.com") == ["entitlement.service.unknown"])
        #expect(onlyCode("example.com") == ["entitlement.format"])
    }

    @Test(
        "§1 no path, query other than mode, fragment or trailing slash",
        arguments: [
            "applinks:example.com/", "applinks:example.com/path", "applinks:example.com#x",
        ])
    func noPath(_ value: String) {
        #expect(onlyCode(value) == ["entitlement.path"])
        #expect(AssociatedDomainsEntitlement(values: [value]).domains.isEmpty)
    }

    @Test("§1 only ?mode= may follow the domain")
    func onlyMode() {
        #expect(onlyCode("applinks:example.com?x=1") == ["entitlement.query"])
    }

    @Test("§1 modes: split on +, case-insensitive, unknown words ignored; any mode fetches directly")
    func modes() throws {
        let read = entitlement(
            "applinks:a.example?mode=developer", "applinks:b.example?mode=Managed",
            "applinks:c.example?mode=developer+managed",
            "applinks:d.example?mode=developer+beta", "applinks:e.example")
        #expect(read.domains.map(\.modes) == [[.developer], [.managed], [.developer, .managed], [.developer], []])
        #expect(read.domains.map(\.fetchesDirectly) == [true, true, true, true, false])
        #expect(codes(read.findings) == ["entitlement.mode.unknown"])
    }

    @Test("§1 a wildcard covers subdomains at any depth on a label boundary, not the base domain by default")
    func wildcard() throws {
        let domain = try #require(entitlement("applinks:*.example.com").domains.first)
        #expect(domain.isWildcard && domain.host == "example.com")
        #expect(domain.covers("shop.example.com"))
        #expect(domain.covers("a.b.example.com"))
        #expect(!domain.covers("badexample.com"))
        #expect(!domain.covers("example.com"))
        #expect(domain.covers("example.com", wildcardCoversBaseDomain: true))
        #expect(domain.fileHost == "example.com", "the file for *.example.com is fetched from example.com")
    }

    @Test("§1 no wildcard for appclips")
    func wildcardAppClips() {
        #expect(onlyCode("appclips:*.example.com") == ["entitlement.wildcard.appclips"])
    }

    @Test("§1 when several entries match a host, the longest wins")
    func longestWins() {
        let read = entitlement("applinks:*.example.com", "applinks:shop.example.com", "applinks:*.shop.example.com")
        #expect(
            read.entries(for: .applinks, covering: "shop.example.com").map(\.text) == [
                "applinks:shop.example.com", "applinks:*.example.com",
            ])
        #expect(
            read.entries(for: .applinks, covering: "a.shop.example.com").first?.text == "applinks:*.shop.example.com")
        #expect(read.entries(for: .webcredentials, covering: "shop.example.com").isEmpty)
    }

    @Test(
        "§1 host rules",
        arguments: [
            ("applinks:Example.com", "entitlement.host.uppercase"),
            ("applinks:.example.com", "entitlement.host.leadingDot"),
            ("applinks:a..example.com", "entitlement.host.emptyLabel"),
            ("applinks:example", "entitlement.host.noDot"),
            ("applinks:com.", "entitlement.host.tld"),
            ("applinks:exa mple.com", "entitlement.host.characters"),
            ("applinks:", "entitlement.host.empty"),
            ("applinks:192.0.2.1", "entitlement.host.ipAddress"),
            ("applinks:localhost", "entitlement.host.localhost"),
            ("applinks:localhost?mode=managed", "entitlement.host.localhost"),
        ])
    func hostRules(_ value: String, _ code: String) {
        #expect(onlyCode(value) == [code])
    }

    @Test("§1 IP addresses with a mode, and localhost with developer mode, are accepted")
    func ipAndLocalhostWithMode() {
        #expect(entitlement("applinks:192.0.2.1?mode=managed").domains.count == 1)
        #expect(entitlement("applinks:[::1]?mode=developer").domains.count == 1)
        #expect(entitlement("applinks:localhost?mode=developer").domains.count == 1)
    }

    @Test("§1 a port parses (1–65535) but is warned about")
    func ports() throws {
        let read = entitlement("applinks:example.com:8443")
        #expect(read.domains.first?.port == 8443 && read.domains.first?.fileHost == "example.com:8443")
        #expect(codes(read.findings) == ["entitlement.port"])
        #expect(onlyCode("applinks:example.com:0") == ["entitlement.port.invalid"])
        #expect(onlyCode("applinks:example.com:65536") == ["entitlement.port.invalid"])
        #expect(onlyCode("applinks:example.com:x") == ["entitlement.port.invalid"])
    }

    @Test("§1 a non-ASCII host is converted to punycode with a warning")
    func idn() throws {
        let read = entitlement("applinks:bücher.example")
        #expect(read.domains.first?.host == "xn--bcher-kva.example")
        #expect(codes(read.findings) == ["entitlement.host.idn"])
    }

    @Test("§1 a browser with applinks: noted, and the entry kept (shipping browsers hold both, D89)")
    func browser() {
        #expect(onlyCode("applinks:example.com", isBrowser: true) == ["entitlement.browser.applinks"])
        let read = entitlement("applinks:vpn.example.com", isBrowser: true)
        #expect(read.findings.map(\.severity) == [.note])
        #expect(read.domains.map(\.host) == ["vpn.example.com"])
        #expect(onlyCode("webcredentials:example.com", isBrowser: true) == [])
        #expect(onlyCode("applinks:example.com", isBrowser: false) == [])
    }

    @Test("§1 keep the list to about 20–30 domains")
    func tooMany() {
        let values = (0..<31).map { "applinks:d\($0).example.com" }
        #expect(codes(AssociatedDomainsEntitlement(values: values).findings) == ["entitlement.tooMany"])
        #expect(AssociatedDomainsEntitlement(values: Array(values.prefix(30))).findings.isEmpty)
    }

    @Test("§1 a repeated entry is reported once")
    func duplicate() {
        #expect(
            codes(entitlement("applinks:example.com", "applinks:example.com").findings) == ["entitlement.duplicate"])
    }

    @Test("every finding carries the entry's index as its pointer")
    func pointers() {
        let read = entitlement("applinks:example.com", "bad")
        #expect(read.findings.map(\.pointer) == ["/1"])
    }
}
