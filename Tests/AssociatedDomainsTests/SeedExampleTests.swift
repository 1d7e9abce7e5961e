import AssociatedDomains
import Testing
import WebAddress

/// Seed 004, "Supporting Associated Domains in Your App": every example it gives.
@Suite("seed 004 examples")
struct SeedExampleTests {
    @Test("the components example as published is invalid JSON (a comma is missing before the fourth rule)")
    func publishedExampleIsInvalid() throws {
        guard
            case .failure(.invalidJSON(let error)) = AssociationFile.read(
                try Examples.bytes("seed-004-as-published.json"))
        else {
            Issue.record("the published example should not parse")
            return
        }
        #expect(error.line == 21 && error.column == 16, "\(error)")
    }

    @Test(
        "the components example, comma restored",
        arguments: [
            ("https://example.com/buy/42", UniversalLinkDecision.Outcome.match, 1),
            ("https://example.com/buy", .match, 1),
            ("https://example.com/buy/42#no_universal_links", .exclude, 0),
            ("https://example.com/help/website/faq", .exclude, 2),
            ("https://example.com/help/article?articleNumber=1234", .match, 3),
            ("https://example.com/help/article?articleNumber=123", .noMatch, nil),
            ("https://example.com/help/article", .noMatch, nil),
            ("https://example.com/buyer", .noMatch, nil),
            ("https://example.com/", .noMatch, nil),
        ] as [(String, UniversalLinkDecision.Outcome, Int?)])
    func componentsExample(_ url: String, _ expected: UniversalLinkDecision.Outcome, _ rule: Int?) throws {
        let file = try Examples.file("seed-004-components.json")
        for app in ["ABCDE12345.com.example.app", "ABCDE12345.com.example.app2"] {
            let decision = try decide(file, url, app: app)
            #expect(decision.outcome == expected, "\(app) \(url): \(decision)")
            #expect(decision.rule?.index == rule)
        }
    }

    @Test("the components example: webcredentials lists only the first app")
    func componentsExampleWebCredentials() throws {
        let matcher = UniversalLinkMatcher(try Examples.file("seed-004-components.json"))
        let url = try WebURL("https://example.com/")
        let domain = try #require(LinkDomain("example.com"))
        #expect(matcher.decide(service: "webcredentials", url, domain: domain, appID: appID).outcome == .match)
        #expect(
            matcher.decide(service: "webcredentials", url, domain: domain, appID: "ABCDE12345.com.example.app2").reason
                == .appIDNotListed)
        #expect(matcher.services == ["applinks", "webcredentials"])
    }

    @Test(
        "the iOS 12 paths example: NOT excludes, order decides",
        arguments: [
            ("https://example.com/buy/1", UniversalLinkDecision.Outcome.match),
            ("https://example.com/help/website/x", .exclude),
            ("https://example.com/help/x?anything=1#frag", .match),
            ("https://example.com/other", .noMatch),
        ])
    func legacyExample(_ url: String, _ expected: UniversalLinkDecision.Outcome) throws {
        let (file, findings) = try read(bytes: Examples.bytes("seed-004-legacy.json"))
        #expect(try decide(file, url).outcome == expected)
        #expect(try decide(file, url, app: "ABCDE12345.com.example.app2").outcome == expected)
        #expect(codes(findings).contains("aasa.applinks.apps"))
    }

    @Test("both paths and components in one entry: components wins")
    func pathsAndComponents() throws {
        let (file, findings) = try read(
            ##"{"applinks":{"details":[{"appID":"ABCDE12345.com.example.app","paths":["/old/*"],"components":[{"/":"/new/*"}]}]}}"##
        )
        #expect(try decide(file, "https://example.com/new/1").outcome == .match)
        #expect(try decide(file, "https://example.com/old/1").outcome == .noMatch)
        #expect(codes(findings).contains("aasa.details.pathsIgnored"))
    }

    @Test("the file names the app's ID: <team or app ID prefix>.<bundle ID>")
    func appIDFormat() throws {
        let (_, findings) = try read(
            ##"{"applinks":{"details":[{"appIDs":["com.example.app","ABCDE12345.com.example.app"],"components":[]}]}}"##
        )
        #expect(findings.filter { $0.code.hasPrefix("aasa.appID.") }.map(\.pointer) == ["/applinks/details/0/appIDs/0"])
        #expect(findings.contains { $0.code == "aasa.appID.noTeamID" })
    }
}
