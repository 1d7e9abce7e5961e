import Foundation
import Testing
import WebFenceNetwork

@testable import NavigationRules
@testable import RemoteRules

/// spec/navigation-rules.md §3 with the network faked: "a failed, late or malformed fetch changes
/// nothing", "versions only go up", and an accepted update is the last known good from then on.
/// Every refusal starts from a stored version 5 and checks that it is still in force and on disk.
@Suite("§3 updates: accepted only when signed, newer and stored")
struct UpdateTests {
    @Test("§3 last known good: a successful update is in force at once, and a new launch starts with it")
    func successfulUpdatePersists() async throws {
        let fixture = Fixture()
        try fixture.storeVersion5()
        let update = try envelope(version: 6)
        let client = fixture.client(fetcher: .serving(update))
        let result = await client.update()
        #expect(result == .updated(version: 6, keyID: publisher.verifyingKey.keyID))
        #expect(result.code == "remote.updated")
        try expectInForce(client, version: 6, source: .lastKnownGood, reason: .updated)
        #expect(fixture.store.load() == update)

        let relaunched = fixture.client()
        try expectInForce(relaunched, version: 6, source: .lastKnownGood, reason: .stored)
    }

    /// Envelopes that must be refused for what their signature says, each built from a version 6
    /// that would allow the attacker's host.
    enum Forgery: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case payloadAlteredAfterSigning = "the signed rule set altered after signing"
        case untrustedKeyClaimingTrustedID = "signed by an untrusted key that names a trusted key's ID"
        case untrustedKey = "signed by an untrusted key"
        case unknownKeyID = "a trusted signature under an unknown key ID"
        case unsignedRuleSet = "a bare rule set, unsigned"
        case signatureRemoved = "the signature removed"
        case signedInvalidRuleSet = "a trusted signature over a rule set that does not load"

        var testDescription: String { rawValue }

        var code: String {
            switch self {
            case .payloadAlteredAfterSigning, .untrustedKeyClaimingTrustedID: "signed.badSignature"
            case .untrustedKey, .unknownKeyID: "signed.unknownKey"
            case .unsignedRuleSet, .signatureRemoved: "signed.malformed"
            case .signedInvalidRuleSet: "signed.invalidRuleSet"
            }
        }

        func envelopeText() throws -> String {
            let evil = ruleSetJSON(version: 6, alsoAllow: ["evil.example"])
            switch self {
            case .payloadAlteredAfterSigning:
                return try edit(try envelope(version: 6)) { $0["ruleSet"] = Data(evil.utf8).base64EncodedString() }
            case .untrustedKeyClaimingTrustedID:
                let forged = try SignedRuleSet.sign(evil, with: stranger)
                return try edit(forged) { $0["keyID"] = publisher.verifyingKey.keyID }
            case .untrustedKey:
                return try SignedRuleSet.sign(evil, with: stranger)
            case .unknownKeyID:
                return try edit(try SignedRuleSet.sign(evil, with: publisher)) { $0["keyID"] = "0000000000000000" }
            case .unsignedRuleSet:
                return evil
            case .signatureRemoved:
                return try edit(try SignedRuleSet.sign(evil, with: publisher)) { $0["signature"] = nil }
            case .signedInvalidRuleSet:
                // `sign` refuses to vouch for such a file; a careless publisher's own tool might not.
                let invalid = #"{"version": 6, "allow": ["*.example"]}"#
                let signature = try publisher.signature(for: Array(invalid.utf8))
                return try edit(try envelope(version: 6)) {
                    $0["ruleSet"] = Data(invalid.utf8).base64EncodedString()
                    $0["signature"] = signature.base64EncodedString()
                }
            }
        }
    }

    @Test(
        "§3 signed: a config that is not signed by a trusted key is refused and changes nothing",
        arguments: Forgery.allCases)
    func forgeriesAreRefused(_ forgery: Forgery) async throws {
        let fixture = Fixture()
        let stored = try fixture.storeVersion5()
        let client = fixture.client(fetcher: .serving(try forgery.envelopeText()))
        let result = await client.update()
        #expect(result.code == forgery.code, "\(result)")
        #expect(!result.isUpdated)
        try expectVersion5Unchanged(client, stored: stored)
    }

    @Test(
        "§3 versions only go up: an older version, an equal version and the stored copy itself are refused",
        arguments: [4, 5])
    func replayIsRefused(version: Int) async throws {
        let fixture = Fixture()
        let stored = try fixture.storeVersion5()
        let replay = try envelope(version: version, alsoAllow: ["evil.example"], expires: launchTime + 86_400)
        for text in [replay, stored] {
            let client = fixture.client(fetcher: .serving(text))
            let result = await client.update()
            #expect(result.code == "remote.notNewer", "\(result)")
            #expect(result == .notNewer(version: text == stored ? 5 : version, floor: 5))
            try expectVersion5Unchanged(client, stored: stored)
        }
    }

    @Test("§3 versions only go up: losing the stored copy does not lower the bar for a replay")
    func replayAfterTheCopyIsLost() async throws {
        let fixture = Fixture()
        try fixture.storeVersion5()
        let client = fixture.client(fetcher: .serving(try envelope(version: 7)))
        #expect(await client.update().isUpdated)
        #expect(fixture.store.loadHighestVersion() == 7)
        // The copy is deleted (or altered, or its key is no longer trusted): the bundled default is
        // in force, yet an older signed config served again is still a replay.
        try FileManager.default.removeItem(atPath: fixture.store.path)
        let relaunched = fixture.client(fetcher: .serving(try envelope(version: 6)))
        try expectInForce(relaunched, version: 1, source: .bundled)
        #expect(await relaunched.update() == .notNewer(version: 6, floor: 7))
        try expectInForce(relaunched, version: 1, source: .bundled)
    }

    @Test("§3 versions only go up: an update just accepted cannot be replayed")
    func acceptedUpdateCannotBeReplayed() async throws {
        let fixture = Fixture()
        try fixture.storeVersion5()
        let update = try envelope(version: 6)
        let client = fixture.client(fetcher: .serving(update))
        #expect(await client.update().isUpdated)
        #expect(await client.update() == .notNewer(version: 6, floor: 6))
        try expectInForce(client, version: 6, source: .lastKnownGood, reason: .updated)
    }

    @Test("§3 expiry: a config that has already expired by the app's clock is refused")
    func expiredConfigIsRefused() async throws {
        let fixture = Fixture()
        let stored = try fixture.storeVersion5()
        let expired = try envelope(version: 6, alsoAllow: ["evil.example"], expires: launchTime - 1)
        let client = fixture.client(fetcher: .serving(expired))
        let result = await client.update()
        #expect(result.code == "signed.expired", "\(result)")
        try expectVersion5Unchanged(client, stored: stored)
    }

    @Test(
        "§3 a failed fetch changes nothing: an answer other than 200 is refused, whatever its body",
        arguments: [301, 304, 404, 500, 503])
    func non200IsRefused(status: Int) async throws {
        let fixture = Fixture()
        let stored = try fixture.storeVersion5()
        let client = fixture.client(fetcher: .serving(try envelope(version: 6), status: status))
        let result = await client.update()
        #expect(result == .status(status))
        #expect(result.code == "remote.status")
        try expectVersion5Unchanged(client, stored: stored)
    }

    @Test("§3 a failed fetch changes nothing: no connection")
    func transportFailure() async throws {
        let fixture = Fixture()
        let stored = try fixture.storeVersion5()
        let client = fixture.client(fetcher: .unreachable)
        let result = await client.update()
        #expect(result.code == "remote.fetchFailed", "\(result)")
        try expectVersion5Unchanged(client, stored: stored)
    }

    @Test("§3 a malformed fetch changes nothing: a body that is not UTF-8 is refused")
    func bodyNotUTF8() async throws {
        let fixture = Fixture()
        let stored = try fixture.storeVersion5()
        var bytes = Array(try envelope(version: 6).utf8)
        bytes.insert(0xFF, at: 1)
        let client = fixture.client(fetcher: .serving(bytes: bytes))
        let result = await client.update()
        #expect(result == .refused(.malformed("the body is not UTF-8")))
        try expectVersion5Unchanged(client, stored: stored)
    }

    @Test("§3 last known good: an update that cannot be stored is not used")
    func storeFailureChangesNothing() async throws {
        let fixture = Fixture()
        try fixture.storeVersion5()
        let client = fixture.client(fetcher: .serving(try envelope(version: 6, alsoAllow: ["evil.example"])))
        // The directory becomes a file: every save fails, as on a full or read-only disk.
        try FileManager.default.removeItem(atPath: fixture.directory)
        try Data("not a directory".utf8).write(to: URL(fileURLWithPath: fixture.directory))
        let result = await client.update()
        #expect(result.code == "remote.storeFailed", "\(result)")
        try expectInForce(client, version: 5, source: .lastKnownGood, reason: .stored)
    }

    @Test("§3 versions only go up: concurrent updates end with the highest version, in force and on disk alike")
    func concurrentUpdates() async throws {
        let fixture = Fixture()
        try fixture.storeVersion5()
        let client = fixture.client()
        let envelopes = try (6...25).map { ($0, try envelope(version: $0)) }
        let readers = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for (_, text) in envelopes.shuffled() {
                group.addTask { _ = client.accept(text) }
            }
            for _ in 0..<4 {
                group.addTask {
                    // A reader never sees the version go down.
                    var last = 0
                    for _ in 0..<200 {
                        let version = client.current.version
                        if version < last { readers.withLock { $0 += 1 } }
                        last = version
                    }
                }
            }
        }
        #expect(readers.withLock { $0 } == 0, "a reader saw the version go down")
        try expectInForce(client, version: 25, source: .lastKnownGood, reason: .updated)
        #expect(fixture.store.load() == envelopes.last?.1)
        #expect(fixture.temporaryFiles.isEmpty)
    }

    @Test("§3 result codes are stable")
    func resultCodes() {
        let failure = RuleStoreError(.rename, path: "/x", errno: 28)
        #expect(RuleUpdateResult.updated(version: 2, keyID: "k").code == "remote.updated")
        #expect(RuleUpdateResult.fetchFailed(.cancelled).code == "remote.fetchFailed")
        #expect(RuleUpdateResult.status(404).code == "remote.status")
        #expect(RuleUpdateResult.refused(.badSignature("k")).code == "signed.badSignature")
        #expect(RuleUpdateResult.notNewer(version: 1, floor: 1).code == "remote.notNewer")
        #expect(RuleUpdateResult.storeFailed(failure).code == "remote.storeFailed")
        #expect(RuleUpdateResult.storeFailed(failure).description.contains("unchanged"))
    }
}

/// The envelope's members, changed by `change` and written back as JSON.
private func edit(_ envelope: String, _ change: (inout [String: String]) -> Void) throws -> String {
    var members = try #require(try JSONSerialization.jsonObject(with: Data(envelope.utf8)) as? [String: String])
    change(&members)
    return String(decoding: try JSONSerialization.data(withJSONObject: members, options: [.sortedKeys]), as: UTF8.self)
}
