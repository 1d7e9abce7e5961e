import Foundation
import NavigationRules
import Testing
import WebAddress

@testable import RemoteRules

/// spec/navigation-rules.md §3: which rules are in force when the app starts, and why.
@Suite("§3 the rules in force at launch")
struct LaunchTests {
    @Test("§3 bundled default: with nothing stored, the bundled default is in force")
    func nothingStored() throws {
        let fixture = Fixture()
        let client = fixture.client()
        try expectInForce(client, version: 1, source: .bundled, reason: .nothingStored)
        #expect(client.current.keyID == nil)
    }

    @Test("§3 last known good: a stored copy that verifies, has not expired and is newer than the bundled one is used")
    func storedCopyIsUsed() throws {
        let fixture = Fixture()
        try fixture.storeVersion5(expires: launchTime + 3600)
        let client = fixture.client()
        try expectInForce(client, version: 5, source: .lastKnownGood, reason: .stored)
        #expect(client.current.keyID == publisher.verifyingKey.keyID)
    }

    @Test("§3 last known good: a stored copy of the bundled default's own version is used (version ≥ bundled)")
    func storedCopyOfEqualVersion() throws {
        let fixture = Fixture()
        try fixture.store.save(try envelope(version: 1, alsoAllow: ["stored.example"]))
        let client = fixture.client()
        try expectInForce(client, version: 1, source: .lastKnownGood, reason: .stored)
        #expect(try action(client.current, "https://stored.example/") == .allow)
    }

    @Test("§3 versions only go up: a bundled default newer than the stored copy (an app update) wins")
    func bundledDefaultNewerThanStoredCopy() async throws {
        let fixture = Fixture()
        let stored = try fixture.storeVersion5()
        let client = fixture.client(bundled: ruleSetJSON(version: 8), fetcher: .serving(try envelope(version: 7)))
        try expectInForce(client, version: 8, source: .bundled, reason: .bundledNewer)
        // The stored copy stays as it was, and a remote config between the two is an old one now.
        #expect(fixture.store.load() == stored)
        let result = await client.update()
        #expect(result == .notNewer(version: 7, floor: 8))
        try expectInForce(client, version: 8, source: .bundled, reason: .bundledNewer)
    }

    @Test("§3 last known good: a stored copy that verifies is used even when the bundled default does not load")
    func storedCopyWithInvalidBundled() throws {
        let fixture = Fixture()
        try fixture.storeVersion5()
        let client = fixture.client(bundled: "{")
        try expectInForce(client, version: 5, source: .lastKnownGood, reason: .stored)
    }

    @Test("§3 expiry: a stored copy that expired before launch is not used")
    func storedCopyExpiredBeforeLaunch() throws {
        let fixture = Fixture()
        try fixture.storeVersion5(expires: launchTime - 1)
        let client = fixture.client()
        try expectInForce(client, version: 1, source: .bundled, reason: .storedExpired)
    }

    @Test("§3 never fails open: a bundled default that does not load and nothing stored cancel everything")
    func bundledInvalidNothingStored() throws {
        let fixture = Fixture()
        let client = fixture.client(bundled: #"{"version": 1, "allow": ["*.com"]}"#)
        try expectInForce(client, version: 0, source: .cancelEverything, reason: .bundledInvalid)
        #expect(try action(client.current, allowedURL(1)) == .cancel)
        #expect(try action(client.current, "https://example.com/") == .cancel)
    }

    @Test("§3 never fails open: a bundled default that is not JSON and nothing stored cancel everything")
    func bundledNotJSON() throws {
        let fixture = Fixture()
        let client = fixture.client(bundled: "")
        try expectInForce(client, version: 0, source: .cancelEverything, reason: .bundledInvalid)
    }

    @Test("§3 never fails open: an expired bundled default and nothing stored cancel everything")
    func bundledExpiredNothingStored() throws {
        let fixture = Fixture()
        let client = fixture.client(bundled: ruleSetJSON(version: 1, expires: launchTime - 60))
        try expectInForce(client, version: 0, source: .cancelEverything, reason: .bundledExpired)
        #expect(try action(client.current, allowedURL(1)) == .cancel)
    }

    @Test("§3 never fails open: a damaged stored copy and an invalid bundled default cancel everything")
    func damagedStoredCopyAndInvalidBundled() throws {
        let fixture = Fixture()
        try fixture.store.save(#"{"format": "webfence.rules.signed.v1"}"#)
        let client = fixture.client(bundled: "{")
        try expectInForce(client, version: 0, source: .cancelEverything, reason: .bundledInvalid)
        #expect(client.current.explanation.contains("signed.malformed"))
    }

    @Test("§3 never fails open: the cancel-everything rule set cancels every kind of URL")
    func cancelEverythingCancels() throws {
        let rules = RemoteRuleSetClient.cancelEverything
        for url in ["https://example.com/", "http://127.0.0.1/", "about:blank", "data:text/html,x", "myapp://x"] {
            #expect(rules.decide(try WebURL(url)).action == .cancel, "\(url)")
        }
        for frame in [NavigationFrame.main, .sub] {
            #expect(rules.decide(try WebURL("https://example.com/"), frame: frame).action == .cancel)
        }
        #expect(rules.expires == nil)
    }

    @Test("§3 last known good: every choice carries a reason with a stable code")
    func reasonCodes() {
        #expect(
            RulesInForce.Reason.allCases.map(\.code).allSatisfy { $0.hasPrefix("rules.") || $0.hasPrefix("remote.") })
        #expect(Set(RulesInForce.Reason.allCases.map(\.code)).count == RulesInForce.Reason.allCases.count)
    }
}
