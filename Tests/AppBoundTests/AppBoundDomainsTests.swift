import AppBound
import Testing

/// §1: reading `WKAppBoundDomains`.
@Suite("§1 reading WKAppBoundDomains")
struct AppBoundDomainsTests {
    static let webKitTestList = [
        "test:", ":", "test:", "testDomain1", "apple.com", "sub.domain.webkit.org/road/to/nowhere/", "webkit.org",
        "localhost:8000", "localhost/road/to/nowhere/", "file:///some/file", "127.0.0.1", "", "   ",
        "https://sub.domain.webkit.org", "https://www.apple.com/", "https://webkit.org",
        "https://www.apple.com/iphone/",
        "http://www.example.com/", "http://bar.com/", "http://foo.com/", "app-bound-custom-scheme:",
        "should-not-be-included:",
    ]

    @Test("the worked example gives exactly the 8 domains and 2 schemes")
    func workedExample() {
        let list = AppBoundDomains(entries: Self.webKitTestList)
        #expect(
            Set(list.domains)
                == [
                    "127.0.0.1", "apple.com", "bar.com", "example.com", "foo.com", "localhost", "testdomain1",
                    "webkit.org",
                ])
        #expect(Set(list.schemes) == ["app-bound-custom-scheme", "test"])
        #expect(list.entries.last?.outcome == .pastCapacity)
    }

    @Test(
        "name:port entries parse as a scheme with no host and are dropped",
        arguments: ["localhost:8000", "example.com:8443"])
    func namePortDropped(_ entry: String) {
        let list = AppBoundDomains(entries: [entry])
        #expect(list.domains.isEmpty && list.schemes.isEmpty)
        guard case .dropped(.noHost) = list.entries[0].outcome else {
            Issue.record("expected a dropped entry, got \(list.entries[0].outcome)")
            return
        }
        #expect(list.diagnostics.count == 1)
    }

    @Test("*.example.com becomes example.com")
    func wildcardBecomesDomain() {
        #expect(AppBoundDomains(entries: ["*.example.com"]).domains == ["example.com"])
    }

    @Test("path, port, query and scheme of a URL entry are ignored; the host is reduced to its registrable domain")
    func reducedToRegistrableDomain() {
        let list = AppBoundDomains(entries: [
            "https://www.apple.com/iphone/", "sub.domain.webkit.org/road/", "http://a.b.co.uk:8080/?q",
        ])
        #expect(list.domains == ["apple.com", "webkit.org", "b.co.uk"])
    }

    @Test("hosts with no registrable domain are kept whole and lowercase: single labels, localhost, IP addresses")
    func keptWhole() {
        #expect(
            AppBoundDomains(entries: ["testDomain1", "localhost", "127.0.0.1", "[::1]"]).domains
                == ["testdomain1", "localhost", "127.0.0.1", "[::1]"])
    }

    @Test("a scheme is kept verbatim; a lone colon is not a scheme; an uppercase scheme is flagged as never matching")
    func schemes() {
        let list = AppBoundDomains(entries: ["MyScheme:", ":", "https:"])
        #expect(list.schemes == ["MyScheme", "https"])
        #expect(list.containsScheme("https") && !list.containsScheme("myscheme"))
        #expect(list.diagnostics.contains { $0.contains("never matches") })
        guard case .dropped = list.entries[1].outcome else {
            Issue.record("a lone colon should be dropped")
            return
        }
    }

    @Test(
        "the cap: once 10 distinct domains plus schemes are accepted, reading stops; duplicates and drops use no slot")
    func capacity() {
        let entries = (1...9).map { "d\($0).example" } + ["d1.example", "", "scheme:", "d10.example", "late:"]
        let list = AppBoundDomains(entries: entries)
        #expect(list.domains.count + list.schemes.count == 10)
        #expect(list.schemes == ["scheme"])
        #expect(!list.domains.contains("d10.example"))
        #expect(list.entries.suffix(2).allSatisfy { $0.outcome == .pastCapacity })
        #expect(list.diagnostics.filter { $0.contains("slots were already used") }.count == 2)
    }

    @Test(
        "empty, blank and hostless entries are dropped with the reason",
        arguments: ["", "   ", "file:///some/file", "https://"])
    func dropped(_ entry: String) {
        let list = AppBoundDomains(entries: [entry])
        #expect(list.domains.isEmpty)
        #expect(list.diagnostics.first?.contains("is dropped") == true)
    }
}
