import AssociationFetchCore
import Foundation
import NetworkTestSupport
import RemoteRules
import Testing
import WebFenceNetwork

/// spec/navigation-rules.md §3, "fetching is bounded (time, size)" and "a failed, late or
/// malformed fetch changes nothing", with the real ``BoundedHTTPClient`` against a local HTTPS
/// server. Every refusal starts from a stored version 5 and checks that it is still in force and
/// on disk.
@Suite("§3 bounded fetch over HTTPS", .timeLimit(.minutes(1)))
struct BoundedFetchTests {
    /// Runs `body` with a client on `fixture` whose config URL is served by a local HTTPS server
    /// answering `reply`, through a bounded client that trusts the server's test CA.
    func withServer<T: Sendable>(
        _ fixture: Fixture,
        _ reply: Reply,
        timeout: Duration = .seconds(30),  // long unless the test is about it: other tests share the threads
        maximumBodySize: Int = RuleFetcher.defaultMaximumBodySize,
        _ body: (RemoteRuleSetClient, ServerLog) async throws -> T
    ) async throws -> T {
        let ca = try TestCA(name: "WebFence Remote Rules Test CA")
        let roots = TrustRoots.only([.pem(Array(try ca.pem.utf8))])
        return try await withTestServer(leaf: try ca.issueLeaf(dnsName: "localhost"), route: { _ in reply }) {
            server, group in
            let http = BoundedHTTPClient(
                configuration: .init(
                    userAgent: "webfence-test", timeout: timeout, maximumBodySize: maximumBodySize, trustRoots: roots),
                eventLoopGroup: group)
            let client = fixture.client(fetcher: RuleFetcher(client: http), url: "\(server.origin)/rules.signed.json")
            return try await body(client, server.log)
        }
    }

    @Test("§3 last known good: an update fetched over HTTPS is stored, and a new launch starts with it")
    func successfulUpdatePersists() async throws {
        let fixture = Fixture()
        try fixture.storeVersion5()
        let update = try envelope(version: 6)
        try await withServer(fixture, .json(update)) { client, log in
            let result = await client.update()
            #expect(result == .updated(version: 6, keyID: publisher.verifyingKey.keyID), "\(result)")
            #expect(log.requests.map(\.uri) == ["/rules.signed.json"])
            try expectInForce(client, version: 6, source: .lastKnownGood, reason: .updated)
        }
        #expect(fixture.store.load() == update)
        try expectInForce(fixture.client(), version: 6, source: .lastKnownGood, reason: .stored)
    }

    @Test("§3 a failed fetch changes nothing: the server closes the connection mid-body")
    func cutOffMidBody() async throws {
        let fixture = Fixture()
        let stored = try fixture.storeVersion5()
        let update = Array(try envelope(version: 6).utf8)
        let reply = Reply.cutOff(
            status: 200, declaredLength: update.count, body: Array(update.prefix(update.count / 2)))
        try await withServer(fixture, reply) { client, _ in
            let result = await client.update()
            // The close itself ends the fetch, long before the 30 s limit.
            guard case .fetchFailed(let failure) = result, !isTimeout(failure) else {
                Issue.record("expected remote.fetchFailed from the closed connection, got \(result)")
                return
            }
            try expectVersion5Unchanged(client, stored: stored)
        }
    }

    @Test("§3 a late fetch changes nothing: fewer bytes than Content-Length, and the connection left open")
    func shortBodyConnectionOpen() async throws {
        let fixture = Fixture()
        let stored = try fixture.storeVersion5()
        let update = Array(try envelope(version: 6).utf8)
        let reply = Reply.full(
            status: 200, headers: [("Content-Length", String(update.count))], body: Array(update.dropLast(10)))
        // 3 s: under load, a debug build's TLS handshake alone can pass 1 s, and the limit would
        // then strike before the response (another phase than the one this test is about).
        try await withServer(fixture, reply, timeout: .seconds(3)) { client, _ in
            let result = await client.update()
            #expect(result == .fetchFailed(.timeout(limit: .seconds(3), phase: .receivingBody)), "\(result)")
            try expectVersion5Unchanged(client, stored: stored)
        }
    }

    @Test("§3 fetching is bounded in size: a declared body over the limit is not read")
    func declaredBodyOverLimit() async throws {
        let fixture = Fixture()
        let stored = try fixture.storeVersion5()
        // A valid, newer, signed config: only its size is wrong.
        let update = try envelope(version: 6, alsoAllow: (0..<40).map { "host\($0).v6.example" })
        let limit = 512
        #expect(update.utf8.count > limit)
        try await withServer(fixture, .json(update), maximumBodySize: limit) { client, _ in
            let result = await client.update()
            #expect(
                result == .fetchFailed(.bodyTooLarge(limit: limit, declaredLength: update.utf8.count, received: 0)),
                "\(result)")
            try expectVersion5Unchanged(client, stored: stored)
        }
    }

    @Test("§3 fetching is bounded in size: an endless body is stopped at the limit")
    func endlessBody() async throws {
        let fixture = Fixture()
        let stored = try fixture.storeVersion5()
        let reply = Reply.endless(status: 200, chunkSize: 16_384)
        try await withServer(fixture, reply, maximumBodySize: 65_536) { client, _ in
            let result = await client.update()
            guard case .fetchFailed(.bodyTooLarge(let limit, nil, let received)) = result else {
                Issue.record("expected a body-too-large failure, got \(result)")
                return
            }
            #expect(limit == 65_536)
            #expect(received > limit)
            try expectVersion5Unchanged(client, stored: stored)
        }
    }

    @Test("§3 fetching is bounded in time: a server that accepts and never answers ends at the limit")
    func serverNeverAnswers() async throws {
        let fixture = Fixture()
        let stored = try fixture.storeVersion5()
        try await withServer(fixture, .silence, timeout: .seconds(1)) { client, log in
            let clock = ContinuousClock()
            let start = clock.now
            let result = await client.update()
            let elapsed = clock.now - start
            // The server would wait an hour: ended by the limit, so not before it.
            #expect(elapsed >= .milliseconds(900), "took \(elapsed)")
            #expect(result == .fetchFailed(.timeout(limit: .seconds(1), phase: .beforeResponse)), "\(result)")
            #expect(log.requests.count == 1, "the request reached the server, which kept silent")
            try expectVersion5Unchanged(client, stored: stored)
        }
    }

    @Test("§3 a failed fetch changes nothing: a redirect to a valid config is not followed")
    func redirectNotFollowed() async throws {
        let fixture = Fixture()
        let stored = try fixture.storeVersion5()
        let update = try envelope(version: 6)
        let reply = Reply.full(status: 302, headers: [("Location", "/elsewhere.json")], body: Array(update.utf8))
        try await withServer(fixture, reply) { client, log in
            let result = await client.update()
            #expect(result == .status(302), "\(result)")
            #expect(log.requests.count == 1)
            try expectVersion5Unchanged(client, stored: stored)
        }
    }

    @Test("§3 signed: a forged config served over valid TLS is refused")
    func forgeryOverHTTPS() async throws {
        let fixture = Fixture()
        let stored = try fixture.storeVersion5()
        let forged = try envelope(version: 9, alsoAllow: ["evil.example"], key: stranger)
        try await withServer(fixture, .json(forged)) { client, _ in
            let result = await client.update()
            #expect(result.code == "signed.unknownKey", "\(result)")
            try expectVersion5Unchanged(client, stored: stored)
        }
    }
}

private func isTimeout(_ failure: HTTPFetchFailure) -> Bool {
    if case .timeout = failure { return true }
    return false
}
