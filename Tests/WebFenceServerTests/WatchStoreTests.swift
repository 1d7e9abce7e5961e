import Foundation
import NIOCore
import NIOPosix
import Testing

@testable import WebFenceWatch

/// What every ``WatchStore`` answers the same way, run on each store this run has: versions kept
/// once, changes when the answer differs from the one before, one summary row a route, and the
/// schedule's leases (one holder a domain, due times, a lease that runs out taken over, a record
/// under a lost lease refused).
@Suite("The watch's stores: versions, changes, summaries and leases", .timeLimit(.minutes(1)))
struct WatchStoreTests {
    static func at(_ seconds: Double) -> Date { Date(timeIntervalSince1970: seconds) }

    static func observation(_ body: String?, status: Int = 200) -> WatchObservation {
        WatchObservation(
            status: status, outcome: body == nil ? "failed" : "received",
            headers: [.init(name: "Content-Type", value: "application/json")], body: body.map { Array($0.utf8) })
    }

    @Test(
        "A version is stored once; a change whenever the answer differs from the one before",
        arguments: WatchStoreKind.available)
    func versionsAndChanges(kind: WatchStoreKind) async throws {
        let database = try await kind.freshDatabase()
        do {
            let store = try await database.open()
            let (a, b) = (Self.observation("{\"a\": 1}"), Self.observation("{\"b\": 2}"))
            #expect(try await store.record(a, domain: "x.example", route: .direct, at: Self.at(10)) == .changed)
            #expect(try await store.record(a, domain: "x.example", route: .direct, at: Self.at(20)) == .unchanged)
            #expect(try await store.record(b, domain: "x.example", route: .direct, at: Self.at(30)) == .changed)
            #expect(try await store.record(a, domain: "x.example", route: .direct, at: Self.at(40)) == .changed)
            #expect(
                try await store.record(
                    Self.observation(nil, status: 0), domain: "x.example", route: .cdn, at: Self.at(50)) == .changed)

            let versions = try await store.versions(domain: "x.example", route: .direct)
            #expect(versions.map(\.body) == [b.body, a.body], "the newest first, each once")
            #expect(versions.last?.firstSeen == Self.at(10) && versions.last?.lastSeen == Self.at(40))
            #expect(versions.first?.headers == "Content-Type: application/json")
            #expect(versions.first?.contentHash == b.contentHash)
            let changes = try await store.changes(domain: "x.example", route: .direct)
            #expect(changes.map(\.at) == [Self.at(40), Self.at(30), Self.at(10)])
            #expect(changes.map(\.versionID) == [versions[1].id, versions[0].id, versions[1].id])

            let summaries = try await store.summaries().sorted { $0.route < $1.route }
            #expect(summaries.map(\.route) == ["cdn", "direct"])
            #expect(summaries[0].status == 0 && summaries[0].outcome == "failed" && summaries[0].bodySize == 0)
            #expect(summaries[1].versionID == versions[1].id && summaries[1].versionCount == 2)
            #expect(summaries[1].lastChanged == Self.at(40) && summaries[1].lastSeen == Self.at(40))
            #expect(summaries[1].bodySize == 8 && summaries[1].contentHash == a.contentHash)
            #expect(try await store.versions(domain: "y.example", route: .direct).isEmpty)
        }
        await database.remove()
    }

    @Test(
        "Leases: one holder a domain, the longest due first, a lease that ran out taken over",
        arguments: WatchStoreKind.available)
    func leases(kind: WatchStoreKind) async throws {
        let database = try await kind.freshDatabase()
        do {
            let store = try await database.open()
            let domains = ["a.example", "b.example", "c.example"]
            try await store.schedule(domains, dueAt: Self.at(100))
            try await store.schedule(["a.example"], dueAt: Self.at(50))  // already scheduled: keeps 100
            #expect(try await store.nextClaim(among: domains) == Self.at(100))
            #expect(
                try await store.claim(among: domains, holder: "one", at: Self.at(99), for: .seconds(60)) == nil,
                "none due yet")
            #expect(
                try await store.claim(among: domains, holder: "one", at: Self.at(100), for: .seconds(60)) == "a.example"
            )
            #expect(
                try await store.claim(among: domains, holder: "two", at: Self.at(101), for: .seconds(60)) == "b.example"
            )
            #expect(
                try await store.claim(among: domains, holder: "one", at: Self.at(102), for: .seconds(60)) == "c.example"
            )
            #expect(
                try await store.claim(among: domains, holder: "two", at: Self.at(103), for: .seconds(60)) == nil,
                "all held")
            #expect(
                try await store.claim(among: ["b.example"], holder: "one", at: Self.at(120), for: .seconds(60)) == nil)

            // "one" finishes a.example: due an interval later; "two" may not release what it does not hold.
            try await store.release("a.example", holder: "one", nextDue: Self.at(3_700))
            try await store.release("c.example", holder: "two", nextDue: Self.at(9_999))
            // "two" dies holding b.example: at its lease's end another watcher takes it.
            #expect(try await store.nextClaim(among: domains) == Self.at(161))
            #expect(try await store.claim(among: domains, holder: "three", at: Self.at(160), for: .seconds(60)) == nil)
            #expect(
                try await store.claim(among: domains, holder: "three", at: Self.at(161), for: .seconds(60))
                    == "b.example")
            // c.example's lease (to 162) ran out too, still due at 100: the longest due goes first.
            #expect(
                try await store.claim(among: domains, holder: "three", at: Self.at(162), for: .seconds(60))
                    == "c.example")

            // The watcher whose lease passed on records nothing; the new holder does.
            let file = Self.observation("{}")
            #expect(
                try await store.record(file, domain: "b.example", route: .direct, at: Self.at(163), holder: "two")
                    == .leaseLost)
            #expect(
                try await store.record(file, domain: "b.example", route: .direct, at: Self.at(163), holder: "three")
                    == .changed)
            #expect(
                try await store.record(file, domain: "b.example", route: .cdn, at: Self.at(999), holder: "three")
                    == .changed, "a fetch that outlasted its lease records while nobody else claimed the domain")
            #expect(try await store.versions(domain: "b.example", route: .direct).count == 1)
            #expect(try await store.versions(domain: "b.example", route: .cdn).count == 1)
            #expect(try await store.nextClaim(among: ["nowhere.example"]) == nil)
        }
        await database.remove()
    }

    @Test("A restart, a new connection, finds everything recorded", arguments: WatchStoreKind.available)
    func restart(kind: WatchStoreKind) async throws {
        let database = try await kind.freshDatabase()
        do {
            let first = try await database.open()
            try await first.record(Self.observation("{}"), domain: "x.example", route: .cdn, at: Self.at(1))
            try await first.schedule(["x.example"], dueAt: Self.at(5))
            let second = try await database.open()
            #expect(try await second.summaries() == (try await first.summaries()))
            #expect(try await second.versions(domain: "x.example", route: .cdn).count == 1)
            #expect(try await second.nextClaim(among: ["x.example"]) == Self.at(5))
        }
        await database.remove()
    }
}

extension WatchStoreTests {
    @Test("A database URL it cannot use is named with the reason, and its password is never shown")
    func badLocations() throws {
        for (url, location, reason) in [
            ("mysql://u:s3cret@h/db", "the database URL", "expected postgres://user@host:port/database"),
            ("postgres://:s3cret@h/db", "postgres://@h/db", "name the database's user: postgres://user@host/database"),
            ("postgres://u:s3cret@h", "postgres://u@h/", "name the database: postgres://user@host/database"),
            (
                "postgres://u:s3cret@h/db?sslmode=prefer", "postgres://u@h/db",
                "sslmode prefer: use require (the default) or disable"
            ),
        ] {
            #expect(throws: WatchStoreError.badLocation(location, reason: reason), "\(url)") {
                try PostgresWatchStore.configuration(url)
            }
            #expect(!WatchStoreError.badLocation(location, reason: reason).description.contains("s3cret"))
        }
        let (configuration, location) = try PostgresWatchStore.configuration(
            "POSTGRESQL://watcher:s3cret@db.internal:6543/watch")
        #expect(location == "postgres://watcher@db.internal:6543/watch")
        #expect(configuration.password == "s3cret" && configuration.port == 6543 && configuration.database == "watch")
        #expect(
            PostgresWatchStore.usesTLS("postgres://w@h/d")
                && !PostgresWatchStore.usesTLS("postgres://w@h/d?sslmode=disable"))
    }

    @Test("A refused connection is reported as refused, at once")
    func refused() async throws {
        // Port 1 on the loopback: nothing listens; the reason says refused, not a time limit.
        await #expect {
            _ = try await PostgresWatchStore.open(
                "postgres://watcher@127.0.0.1:1/watch?sslmode=disable", timeLimit: .seconds(5))
        } throws: { error in
            guard case .unavailable(let location, let reason)? = error as? WatchStoreError else { return false }
            return location == "postgres://watcher@127.0.0.1:1/watch" && reason.lowercased().contains("refused")
        }
    }

    @Test("A server that accepts and never answers is reported after the time limit, not waited for")
    func silent() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        // Accepts connections and reads nothing from them, answers nothing.
        let listener = try await ServerBootstrap(group: group).childChannelInitializer {
            $0.eventLoop.makeSucceededVoidFuture()
        }
        .bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(listener.localAddress?.port)
        await #expect(
            throws: WatchStoreError.unavailable(
                location: "postgres://watcher@127.0.0.1:\(port)/watch", reason: "no answer within 2 s")
        ) {
            _ = try await PostgresWatchStore.open(
                "postgres://watcher@127.0.0.1:\(port)/watch?sslmode=disable", timeLimit: .seconds(2))
        }
        try await listener.close()
        try await group.shutdownGracefully()
    }

    @Test("A time limit holds for work that ignores cancellation, and the caller's cancellation ends the wait")
    func timeLimit() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        // A future that nothing completes: `get()` ignores the task's cancellation, as a query does.
        let never = group.next().makePromise(of: Int.self)
        await #expect(throws: TimeLimit.Exceeded.self) {
            _ = try await TimeLimit.run(.milliseconds(200)) { try await never.futureResult.get() }
        }
        #expect(try await TimeLimit.run(.seconds(5)) { 42 } == 42)
        let waiting = Task { try await TimeLimit.run(.seconds(60)) { try await never.futureResult.get() } }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { _ = try await waiting.value }
        never.succeed(0)
        try await group.shutdownGracefully()
    }
}

extension WatchStoreTests {
    @Test(
        "A wrong password stops the start with the server's reason, at once, and is not shown",
        .enabled(if: WatchStoreKind.postgresURL != nil, "set WEBFENCE_TEST_POSTGRES; .ci/run does"))
    func wrongPassword() async throws {
        let given = try #require(WatchStoreKind.postgresURL)
        var parts = try #require(URLComponents(string: given))
        let wrong = "not-the-password-\(UUID().uuidString.prefix(8))"
        parts.password = wrong
        let url = try #require(parts.string)
        await #expect {
            _ = try await PostgresWatchStore.open(url, timeLimit: .seconds(20))
        } throws: { error in
            guard case .unavailable(_, let reason)? = error as? WatchStoreError else { return false }
            return reason.contains("password authentication failed")
                && !String(describing: error).contains(wrong)
        }
    }
}
