import Scenarios
import Testing

/// The `openUniversalLink` step (interfaces §1): the entitlement, the app ID and the site's file,
/// checked in the order a device checks them (associated-domains.md §1, §3).
@Suite("Simulator: openUniversalLink")
struct UniversalLinkOpeningTests {
    private func open(
        _ url: String, entitlements: String, sites: String, options: SimulationOptions = .init()
    ) throws -> StepOutcome {
        let text = #"""
            {"name": "test", "app": {"entitlements": \#(entitlements), "sites": \#(sites)},
             "steps": [{"openUniversalLink": {"url": "\#(url)"}}]}
            """#
        return try Scenario.parse(text).run(options: options).steps[0].outcome
    }

    private let appID = #""application-identifier": "ABCDE12345.com.example.app""#
    private let everything =
        #"{"aasa": {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "*"}]}]}}}"#

    @Test("without an application-identifier no file can name the app: the browser opens (noAppID)")
    func noAppID() throws {
        let outcome = try open(
            "https://example.com/a",
            entitlements: #"{"com.apple.developer.associated-domains": ["applinks:example.com"]}"#,
            sites: #"{"example.com": \#(everything)}"#)
        #expect(outcome["opens"] == .string("browser"))
        #expect(outcome["reason"] == .string("noAppID"))
    }

    @Test("an IDN site is found whether the scenario spells it in Unicode or in its ASCII form")
    func idnSite() throws {
        for site in ["Bücher.example", "xn--bcher-kva.example"] {
            let outcome = try open(
                "https://bücher.example/a",
                entitlements: #"{\#(appID), "com.apple.developer.associated-domains": ["applinks:bücher.example"]}"#,
                sites: #"{"\#(site)": \#(everything)}"#)
            #expect(outcome["opens"] == .string("app"), "site spelt \(site)")
            #expect(outcome["reason"] == .string("rule"))
        }
    }

    @Test("applinks:*.example.com covers example.com only with the wildcardCoversBaseDomain option (D28)")
    func wildcardBaseDomain() throws {
        let entitlements = #"{\#(appID), "com.apple.developer.associated-domains": ["applinks:*.example.com"]}"#
        let sites = #"{"example.com": \#(everything)}"#
        let strict = try open("https://example.com/a", entitlements: entitlements, sites: sites)
        #expect(strict["reason"] == .string("notInEntitlement"))
        let lenient = try open(
            "https://example.com/a", entitlements: entitlements, sites: sites,
            options: SimulationOptions(wildcardCoversBaseDomain: true))
        #expect(lenient["opens"] == .string("app"))
    }
}
