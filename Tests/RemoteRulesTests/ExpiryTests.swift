import Foundation
import RemoteRules
import Testing

/// spec/navigation-rules.md §3, "a config may carry an expiry": rules that expire while in force
/// give way, at the next read, to the bundled default, and never to nothing.
@Suite("§3 expiry while in force")
struct ExpiryTests {
    @Test("§3 expiry: the last known good expiring later falls back to the bundled default")
    func lastKnownGoodExpires() throws {
        let fixture = Fixture()
        try fixture.storeVersion5(expires: launchTime + 3600)
        let client = fixture.client()
        try expectInForce(client, version: 5, source: .lastKnownGood, reason: .stored)

        fixture.clock.advance(by: 3599)
        try expectInForce(client, version: 5, source: .lastKnownGood, reason: .stored)
        fixture.clock.advance(by: 1)
        try expectInForce(client, version: 1, source: .bundled, reason: .storedExpired)
        #expect(client.current.explanation.contains("expired"), "\(client.current)")
    }

    @Test("§3 expiry: an update expiring later falls back to the bundled default, not to the older stored copy")
    func updateExpires() async throws {
        let fixture = Fixture()
        try fixture.storeVersion5()
        let client = fixture.client(fetcher: .serving(try envelope(version: 6, expires: launchTime + 60)))
        #expect(await client.update().isUpdated)
        try expectInForce(client, version: 6, source: .lastKnownGood, reason: .updated)
        fixture.clock.advance(by: 60)
        try expectInForce(client, version: 1, source: .bundled, reason: .storedExpired)
    }

    @Test("§3 never fails open: the last known good and the bundled default both expired cancel everything")
    func bothExpire() throws {
        let fixture = Fixture()
        try fixture.storeVersion5(expires: launchTime + 60)
        let client = fixture.client(bundled: ruleSetJSON(version: 1, expires: launchTime + 120))
        fixture.clock.advance(by: 60)
        try expectInForce(client, version: 1, source: .bundled, reason: .storedExpired)
        fixture.clock.advance(by: 60)
        try expectInForce(client, version: 0, source: .cancelEverything, reason: .bundledExpired)
        #expect(try action(client.current, allowedURL(1)) == .cancel)
        #expect(try action(client.current, allowedURL(5)) == .cancel)
    }

    @Test("§3 versions only go up: after the last known good expires, an older config is still a replay")
    func expiredVersionStillSetsTheFloor() async throws {
        let fixture = Fixture()
        try fixture.storeVersion5(expires: launchTime + 60)
        fixture.clock.advance(by: 61)
        // Relaunched after the expiry: the expired copy is not used, but its version still counts.
        let older = try envelope(version: 4, alsoAllow: ["evil.example"], expires: launchTime + 86_400)
        let client = fixture.client(fetcher: .serving(older))
        try expectInForce(client, version: 1, source: .bundled, reason: .storedExpired)
        #expect(await client.update() == .notNewer(version: 4, floor: 5))
        try expectInForce(client, version: 1, source: .bundled, reason: .storedExpired)
    }

    @Test("§3 expiry: a newer update after the fallback is accepted")
    func updateAfterFallback() async throws {
        let fixture = Fixture()
        try fixture.storeVersion5(expires: launchTime + 60)
        let client = fixture.client(fetcher: .serving(try envelope(version: 6, expires: launchTime + 86_400)))
        fixture.clock.advance(by: 120)
        try expectInForce(client, version: 1, source: .bundled, reason: .storedExpired)
        #expect(await client.update().isUpdated)
        try expectInForce(client, version: 6, source: .lastKnownGood, reason: .updated)
    }
}
