import AssociatedDomains
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NetworkTestSupport
import Testing
import WebFenceNetwork

@testable import WebFenceWatch

/// Replicas sharing one store (issue 31), against local HTTPS sites whose files change during the
/// test: each domain is fetched once an interval between them and each version recorded once; a
/// replica killed mid-fetch leaves its domain to the other when its lease runs out, and a late
/// record of the dead one is refused; a restart finds everything. On PostgreSQL, and on SQLite
/// (two connections to one file, as two processes on one machine would have).
@Suite("The watch on several replicas", .timeLimit(.minutes(2)))
struct WatchReplicaTests {
    static let third =
        #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/cart/*"}]}]}}"#

    /// The sites' files, one a domain; a stalled site accepts a request and never answers it.
    final class Sites: Sendable {
        let files: NIOLockedValueBox<[String]>
        let stalled = NIOLockedValueBox(false)

        init(count: Int) { files = NIOLockedValueBox(Array(repeating: WatchTests.first, count: count)) }

        func reply(_ index: Int) -> Reply {
            stalled.withLockedValue { $0 } ? .silence : .json(files.withLockedValue { $0[index] })
        }

        func change(_ index: Int, to file: String) { files.withLockedValue { $0[index] = file } }
    }

    /// A clock the test moves by hand, shared by the replicas.
    final class Clock: Sendable {
        let time = NIOLockedValueBox(Date(timeIntervalSince1970: 1_800_000_000))
        var now: @Sendable () -> Date { { self.time.withLockedValue { $0 } } }
        func advance(_ seconds: Double) { time.withLockedValue { $0 += seconds } }
    }

    @Test(
        "Each domain fetched once an interval between two replicas; a killed one's domain taken over",
        arguments: WatchStoreKind.available)
    func replicas(kind: WatchStoreKind) async throws {
        let trust = try FetchRouteTests.Trust()
        let database = try await kind.freshDatabase()
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let sites = Sites(count: 4)
        var servers: [TestHTTPSServer] = []
        for index in 0..<4 {
            servers.append(try await TestHTTPSServer.start(group: group, leaf: trust.leaf) { _ in sites.reply(index) })
        }
        // Apple's CDN: the first file for every domain, never stalled.
        let cdn = try await TestHTTPSServer.start(group: group, leaf: trust.leaf) { _ in .json(WatchTests.first) }
        do {
            try await Self.scenario(
                database: database, sites: sites, servers: servers, fetcher: trust.fetcher(cdn: cdn.origin))
        } catch {
            Issue.record(error)
        }
        for server in servers + [cdn] { await server.stop() }
        try await group.shutdownGracefully()
        try? FileManager.default.removeItem(atPath: trust.caFile)
        await database.remove()
    }

    static func scenario(
        database: TestWatchDatabase, sites: Sites, servers: [TestHTTPSServer], fetcher: AssociationFileFetcher
    ) async throws {
        let domains = try servers.map { try #require(LinkDomain("localhost:\($0.port)")) }
        let clock = Clock()
        func replica() async throws -> AssociationWatch {
            AssociationWatch(
                domains: domains, store: try await database.open(), fetcher: fetcher, interval: .seconds(3600),
                leaseLength: .seconds(60))
        }
        let (a, b) = (try await replica(), try await replica())
        func bothRounds() async -> [String] {
            async let first = a.checkAll(now: clock.now)
            async let second = b.checkAll(now: clock.now)
            let (x, y) = await (first, second)
            #expect(Set(x).isDisjoint(with: y), "a route changed for both replicas: \(x) \(y)")
            return (x + y).sorted()
        }

        // The first round: every route fetched once between them, one version each.
        #expect(await bothRounds().count == 8)
        #expect(a.counts.current.fetches + b.counts.current.fetches == 8)
        #expect(await bothRounds().isEmpty, "nothing due again within the interval")
        #expect(a.counts.current.fetches + b.counts.current.fetches == 8)

        // Two files change; an interval later each change is recorded once.
        for index in [1, 2] { sites.change(index, to: WatchTests.second) }
        clock.advance(3600)
        #expect(await bothRounds() == ["\(domains[1]) direct", "\(domains[2]) direct"].sorted())
        #expect(a.counts.current.fetches + b.counts.current.fetches == 16)
        for domain in domains {
            let versions = try await a.store.versions(domain: domain.description, route: .direct)
            #expect(versions.count == (domain == domains[1] || domain == domains[2] ? 2 : 1))
        }

        // Replica a stops while it fetches (the site takes the request and never answers): it gives
        // the domain back, due at once, and b records the site's new file.
        clock.advance(3600)
        sites.stalled.withLockedValue { $0 = true }
        let before = servers.map(\.log.requests.count)
        let stopping = Task { await a.checkAll(now: clock.now) }
        let stalledAt = await Self.firstRequest(on: servers, after: before)
        stopping.cancel()
        _ = await stopping.value
        let held = try #require(stalledAt.map { domains[$0] }, "replica a fetched nothing")
        sites.stalled.withLockedValue { $0 = false }
        let index = try #require(domains.firstIndex(of: held))
        sites.change(index, to: Self.third)
        #expect(await Self.eventually { try await b.store.nextClaim(among: [held.description]) == clock.now() })
        #expect(await b.checkAll(now: clock.now) == ["\(held) direct"])

        // Replica a dies holding a domain (claimed, never released): b leaves it until the lease ends.
        clock.advance(3600)
        let names = domains.map(\.description)
        let taken = try #require(
            try await a.store.claim(among: names, holder: a.holder, at: clock.now(), for: .seconds(60)))
        (a.store as? PostgresWatchStore)?.close()
        let takenIndex = try #require(names.firstIndex(of: taken))
        let changes = sites.files.withLockedValue { $0[takenIndex] } != WatchTests.first
        sites.change(takenIndex, to: WatchTests.first)
        let others = await b.checkAll(now: clock.now)
        #expect(!others.contains { $0.hasPrefix("\(taken) ") }, "\(others)")
        #expect(try await b.store.nextClaim(among: [taken]) == clock.now() + 60)
        clock.advance(61)
        #expect(await b.checkAll(now: clock.now) == (changes ? ["\(taken) direct"] : []))

        // What a would have written late is refused: the domain passed to b since.
        let late = WatchObservation(status: 200, outcome: "received", headers: [], body: Array("{}".utf8))
        #expect(
            try await b.store.record(late, domain: taken, route: .direct, at: clock.now(), holder: a.holder)
                == .leaseLost)

        // A restart (a new connection) finds every version and change.
        let restarted = try await database.open()
        #expect(
            try await restarted.summaries().sorted(by: Self.order)
                == (try await b.store.summaries()).sorted(by: Self.order))
        for domain in domains {
            let versions = try await restarted.versions(domain: domain.description, route: .direct)
            #expect(Set(versions.map(\.contentHash)).count == versions.count, "a version recorded twice")
        }
    }

    /// Whether `condition` holds within 10 s (polled every 10 ms).
    static func eventually(_ condition: @Sendable () async throws -> Bool) async -> Bool {
        let end = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < end {
            if (try? await condition()) == true { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    static func order(_ x: WatchRouteSummary, _ y: WatchRouteSummary) -> Bool {
        (x.domain, x.route) < (y.domain, y.route)
    }

    /// The index of the first server that receives a request after `before` (the counts then).
    static func firstRequest(on servers: [TestHTTPSServer], after before: [Int]) async -> Int? {
        let clock = ContinuousClock()
        let end = clock.now + .seconds(10)
        while clock.now < end {
            if let index = servers.indices.first(where: { servers[$0].log.requests.count > before[$0] }) {
                return index
            }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return nil
    }
}
