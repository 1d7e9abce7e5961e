import Testing

@testable import WebAddress

/// The Public Suffix List algorithm (publicsuffix.org/list) and WebFence's documented decisions
/// for odd inputs (docs/public-suffix-list.md).
@Suite("Public Suffix List")
struct PublicSuffixListTests {
    let list = PublicSuffixList.bundled

    @Test("a normal rule: the registrable domain is the public suffix plus one label")
    func normalRule() throws {
        let match = try #require(list.match("www.shop.example.co.uk"))
        #expect(match.publicSuffix == "co.uk")
        #expect(match.registrableDomain == "example.co.uk")
        #expect(match.rule == "co.uk")
        #expect(match.section == .icann)
    }

    @Test("the rules below a domain, as the list writes them; a host under none keeps the domain's registrable domain")
    func rulesBelowADomain() throws {
        #expect(list.rules(below: "ck") == ["!www.ck", "*.ck"])
        #expect(list.rules(below: "example.com") == [])
        #expect(list.rules(below: "not-a-listed-name.invalid") == [])
        let below = list.rules(below: "amazonaws.com")
        #expect(below.contains("s3.amazonaws.com"))
        // What the rules are for: a host at or below one has another registrable domain.
        #expect(list.registrableDomain(of: "bucket.s3.amazonaws.com") == "bucket.s3.amazonaws.com")
        #expect(list.registrableDomain(of: "www.amazonaws.com") == "amazonaws.com")
        #expect(!below.contains { "www.amazonaws.com".hasSuffix("." + $0) || $0 == "www.amazonaws.com" })
    }

    @Test("a wildcard rule makes every label under it a public suffix (*.ck)")
    func wildcardRule() throws {
        let match = try #require(list.match("a.b.test.ck"))
        #expect(match.publicSuffix == "test.ck")
        #expect(match.registrableDomain == "b.test.ck")
        #expect(match.rule == "*.ck")
    }

    @Test("an exception rule beats the wildcard and its public suffix drops the leftmost label (!www.ck)")
    func exceptionRule() throws {
        let match = try #require(list.match("www.www.ck"))
        #expect(match.publicSuffix == "ck")
        #expect(match.registrableDomain == "www.ck")
        #expect(match.rule == "!www.ck")
    }

    @Test("the private section counts, and the answer names it (github.io)")
    func privateSection() throws {
        let match = try #require(list.match("attacker.github.io"))
        #expect(match.registrableDomain == "attacker.github.io")
        #expect(match.section == .private)
        #expect(list.registrableDomain(of: "victim.github.io") != list.registrableDomain(of: "attacker.github.io"))
    }

    @Test("no rule matches: the implicit * rule makes the last label the public suffix")
    func implicitRule() throws {
        let match = try #require(list.match("b.example.unlisted-tld"))
        #expect(match.publicSuffix == "unlisted-tld")
        #expect(match.registrableDomain == "example.unlisted-tld")
        #expect(match.rule == "*")
        #expect(match.section == nil)
    }

    @Test("a public suffix itself has no registrable domain", arguments: ["com", "co.uk", "github.io", "test.ck"])
    func publicSuffixItself(_ host: String) {
        #expect(list.match(host)?.registrableDomain == nil)
        #expect(list.registrableDomain(of: host) == nil)
    }

    @Test("single labels have no registrable domain", arguments: ["localhost", "testdomain1", "intranet"])
    func singleLabel(_ host: String) {
        #expect(list.registrableDomain(of: host) == nil)
    }

    @Test(
        "IP addresses have no registrable domain, in every form the URL parser accepts",
        arguments: ["127.0.0.1", "1.2.3.4", "0x7f.1", "2130706433", "[::1]", "[2001:db8::1]"])
    func ipAddresses(_ host: String) throws {
        #expect(list.registrableDomain(of: host) == nil)
        let url = try WebURL("https://\(host)/")
        #expect(list.registrableDomain(of: try #require(url.host)) == nil)
    }

    @Test("IDN hosts are matched in ASCII and answered in the form given")
    func idnHosts() {
        #expect(list.registrableDomain(of: "www.食狮.公司.cn") == "食狮.公司.cn")
        #expect(list.registrableDomain(of: "www.xn--85x722f.xn--55qx5d.cn") == "xn--85x722f.xn--55qx5d.cn")
        #expect(list.registrableDomain(of: "ＷＷＷ.Example.COM") == "example.com")
        #expect(list.registrableDomain(of: "www.example。com") == "example.com")
    }

    @Test("a trailing dot is ignored for the lookup and kept in the answer (decision D2)")
    func trailingDot() {
        #expect(list.registrableDomain(of: "www.example.com.") == "example.com.")
        #expect(list.match("www.example.co.uk.")?.publicSuffix == "co.uk.")
        #expect(list.registrableDomain(of: "com.") == nil)
        #expect(list.registrableDomain(of: "example.com..") == nil)
    }

    @Test(
        "a host with an empty label has no registrable domain",
        arguments: [".example.com", "a..example.com", ".", "..", ""])
    func emptyLabels(_ host: String) {
        #expect(list.registrableDomain(of: host) == nil)
    }

    @Test(
        "text that is not a valid host has no answer; text is never percent-decoded",
        arguments: ["exa mple.com", "a%b.com", "xn--a.com", "ex%61mple.com"])
    func invalidHosts(_ host: String) {
        #expect(list.match(host) == nil)
    }

    @Test("opaque and empty hosts of URLs have no registrable domain")
    func nonDomainHosts() throws {
        #expect(list.registrableDomain(of: try #require(WebURL("in-app-browser://apple.com/x").host)) == nil)
        #expect(list.registrableDomain(of: try #require(WebURL("file:///etc/hosts").host)) == nil)
    }

    @Test("the URL's host is looked up as the browser parsed it, not as written")
    func urlHosts() throws {
        let url = try WebURL("https://evil.com\\@trusted.com/")
        #expect(list.registrableDomain(of: try #require(url.host)) == "evil.com")
    }

    @Test("a list built from text: sections, comments, Unicode rules")
    func customList() throws {
        let custom = PublicSuffixList(
            icann: "// a comment\n\nexample\n*.wild.example\n!keep.wild.example\n公司.cn\n",
            private: "apps.example.net")
        #expect(custom.registrableDomain(of: "a.b.example") == "b.example")
        #expect(custom.registrableDomain(of: "a.b.wild.example") == "a.b.wild.example")
        #expect(custom.registrableDomain(of: "x.keep.wild.example") == "keep.wild.example")
        #expect(custom.match("x.y.xn--55qx5d.cn")?.rule == "xn--55qx5d.cn")
        #expect(custom.match("tenant.apps.example.net")?.section == .private)
    }

    @Test("a wildcard counts only as a rule's leftmost label, the only place the list uses one")
    func wildcardOnlyLeftmost() {
        let custom = PublicSuffixList(icann: "example\nb.*.example\n")
        #expect(custom.match("a.b.c.example")?.rule == "example")
        #expect(custom.registrableDomain(of: "a.b.c.example") == "c.example")
    }

    @Test("deep hosts: the registrable domain of a host with more labels than any rule")
    func deepHosts() {
        let host = (1...40).map { "l\($0)" }.joined(separator: ".") + ".example.co.uk"
        #expect(list.registrableDomain(of: host) == "example.co.uk")
    }

    @Test("every rule of the bundled list compiles: 6,949 ICANN and 3,448 private")
    func everyRuleCompiles() {
        #expect(PublicSuffixList.bundled.ruleCount == 6_949 + 3_448)
    }

    @Test("the bundled list says when it was published")
    func bundledVersion() {
        #expect(PublicSuffixList.bundledVersion.date.hasPrefix("20"))
        #expect(PublicSuffixList.bundledVersion.commit.count == 40)
    }
}
