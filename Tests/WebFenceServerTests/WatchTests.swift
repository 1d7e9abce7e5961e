import AssociatedDomains
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOConcurrencyHelpers
import NetworkTestSupport
import StrictJSON
import Testing
import WebFenceNetwork

@testable import WebFenceServer
@testable import WebFenceWatch

/// `webfence serve --watch`: against a local HTTPS server whose file changes during the test, each
/// version is stored once, the change is shown, and nothing is lost when the service restarts; a
/// damaged database is reported and left as it is.
@Suite("webfence serve: the watch", .timeLimit(.minutes(1)))
struct WatchTests {
    static let first =
        #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/help/*"}]}]}}"#
    static let second =
        #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/shop/*"}]}]}}"#

    /// A database path in a fresh folder, removed by the caller.
    static func databasePath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("webfence-watch-\(UUID()).sqlite").path
    }

    /// A server whose CDN route serves `cdn` and direct route `direct`, each changeable.
    final class Files: Sendable {
        let cdn = NIOLockedValueBox(WatchTests.first)
        let direct = NIOLockedValueBox(WatchTests.first)
    }

    static func server(_ trust: FetchRouteTests.Trust, domains: [LinkDomain], path: String, cdn: String) throws
        -> WebFenceServer
    {
        WebFenceServer(
            .init(allowPrivateNetworks: true), fetcher: trust.fetcher(cdn: cdn),
            watching: .init(
                domains: domains, store: try SQLiteWatchStore(path: path), interval: .seconds(3600),
                logger: Logger(label: "test")))
    }

    /// A clock for the watch that moves on an interval (an hour) after each round, so that every
    /// round finds each domain due again.
    final class Hours: Sendable {
        let current = NIOLockedValueBox(Date())

        /// One round of `watch` at the clock's time, then the clock an hour on.
        func round(_ watch: AssociationWatch) async -> [String] {
            let changed = await watch.checkAll(now: { self.current.withLockedValue { $0 } })
            current.withLockedValue { $0 += 3600 }
            return changed
        }
    }

    static func page(_ server: WebFenceServer, _ uri: String) async throws -> (HTTPResponse.Status, String) {
        try await server.application(logger: Logger(label: "test")).test(.router) { client in
            try await client.execute(uri: uri, method: .get) { ($0.status, String(buffer: $0.body)) }
        }
    }

    @Test("Each version stored once, the change shown with its lines, nothing lost across a restart")
    func versionsAndRestart() async throws {
        let trust = try FetchRouteTests.Trust()
        let path = Self.databasePath()
        defer {
            try? FileManager.default.removeItem(atPath: trust.caFile)
            try? FileManager.default.removeItem(atPath: path)
        }
        let files = Files()
        try await withTestServer(
            leaf: trust.leaf,
            route: { head in
                .json(
                    head.uri.hasPrefix("/a/v1/")
                        ? files.cdn.withLockedValue { $0 } : files.direct.withLockedValue { $0 })
            }
        ) { origin, _ in
            let domain = try #require(LinkDomain("localhost:\(origin.port)"))
            // Two rounds with the same file: one version per route, one change each.
            var server = try Self.server(trust, domains: [domain], path: path, cdn: origin.origin)
            var watch = try #require(server.watch)
            let hours = Hours()
            #expect(await hours.round(watch).count == 2)
            #expect(await watch.checkAll().isEmpty, "not due again within the interval")
            #expect(await hours.round(watch).isEmpty)
            // The server's file changes; the CDN still serves the old one.
            files.direct.withLockedValue { $0 = Self.second }
            #expect(await hours.round(watch) == ["\(domain) direct"])
            var state = try #require(try await watch.state().first)
            #expect(state.routes.map(\.versions.count) == [1, 2])
            #expect(state.cdnMatchesServer == false)

            // A restart: a new store on the same file keeps everything.
            server = try Self.server(trust, domains: [domain], path: path, cdn: origin.origin)
            watch = try #require(server.watch)
            state = try #require(try await watch.state().first)
            #expect(state.routes.map(\.versions.count) == [1, 2])
            #expect(try await watch.store.changes(domain: domain.description, route: .direct).count == 2)
            // The CDN catches up: its second version, and the two routes match again.
            files.cdn.withLockedValue { $0 = Self.second }
            #expect(await hours.round(watch) == ["\(domain) cdn"])
            // Back to the first file on the server: a change, but no new version.
            files.direct.withLockedValue { $0 = Self.first }
            #expect(await hours.round(watch) == ["\(domain) direct"])
            state = try #require(try await watch.state().first)
            #expect(state.routes.map(\.versions.count) == [2, 2])
            #expect(try await watch.store.changes(domain: domain.description, route: .direct).count == 3)
            // The overview's summary query says what the full state says, without the bodies.
            let summary = try #require(try await watch.overview().first)
            #expect(summary.cdnMatchesServer == state.cdnMatchesServer)
            for (full, row) in zip(state.routes, summary.routes) {
                #expect(row.route == full.route)
                #expect(row.summary?.versionID == full.current?.id)
                #expect(row.summary?.versionCount == full.versions.count)
                #expect(row.summary?.lastChanged == full.lastChanged)
                #expect(row.summary?.lastSeen == full.current?.lastSeen)
                #expect(row.summary?.bodySize == full.current?.body?.count)
            }

            let (status, overview) = try await Self.page(server, "/watch")
            #expect(status == .ok)
            #expect(overview.contains("localhost:\(origin.port)"))
            #expect(overview.contains("<strong class=\"verdict bad\">different</strong>"))
            let (_, detail) = try await Self.page(server, "/watch/domain?name=localhost:\(origin.port)")
            // The CDN's route went from /help/ to /shop/; the server's went there and back.
            #expect(detail.contains("&quot;/&quot;: &quot;/help/*&quot;</del>"))
            #expect(detail.contains("&quot;/&quot;: &quot;/shop/*&quot;</ins>"))
            #expect(detail.contains("<del>-   "))
            #expect(detail.contains("The CDN's copy against the server's"))
            let (missing, _) = try await Self.page(server, "/watch/domain?name=elsewhere.example")
            #expect(missing == .notFound)
            // The page is made on the decision pool (D127): with every place taken it is a 503 at once.
            let pool = DecisionPool(threads: 1, waiting: 0)
            let (started, release) = (NIOLockedValueBox(false), NIOLockedValueBox(false))
            async let held = pool.decide(bodySize: .max) { () -> Int in
                started.withLockedValue { $0 = true }
                while !release.withLockedValue({ $0 }) { usleep(1_000) }
                return 1
            }
            while !started.withLockedValue({ $0 }) { try await Task.sleep(for: .milliseconds(1)) }
            let (busy, busyPage) = await WatchPage.domain(watch, name: "localhost:\(origin.port)", pool: pool)
            release.withLockedValue { $0 = true }
            #expect(try await held.get() == 1)
            #expect(busy == .serviceUnavailable)
            #expect(busyPage.rendered.contains("every place for deciding is taken"))
            let (_, json) = try await Self.page(server, "/v1/watch")
            ResponseLog.record(method: "get", path: "/v1/watch", status: 200, body: json)
            let answer = try JSONParser.parse(json)
            #expect(answer["watching"] == .bool(true))
            guard case .array(let domains)? = answer["domains"], case .array(let routes)? = domains.first?["routes"]
            else {
                Issue.record("no domains in \(json)")
                return
            }
            #expect(domains.first?["cdnMatchesServer"] == .bool(false))
            #expect(routes.map { $0["versions"] } == [.int(2), .int(2)])
        }
    }

    @Test("A damaged database is reported and left byte for byte as it was")
    func damagedDatabase() throws {
        let path = Self.databasePath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let garbage = Data("this is not a SQLite database, but it is someone's file\n".utf8) + Data(count: 4096)
        try garbage.write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try SQLiteWatchStore(path: path)
        } throws: { error in
            guard case .damaged(let reported, _)? = error as? WatchStoreError else { return false }
            return reported == path
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }

    @Test("Without --watch the page says how to start one, and /v1/watch says nothing is watched")
    func noWatch() async throws {
        let (_, html) = try await Self.page(WebFenceServer(), "/watch")
        #expect(html.contains("--watch FILE"))
        let (_, json) = try await Self.page(WebFenceServer(), "/v1/watch")
        ResponseLog.record(method: "get", path: "/v1/watch", status: 200, body: json)
        #expect(try JSONParser.parse(json)["watching"] == .bool(false))
    }

    @Test("A watch file: one domain a line, comments and blanks skipped, each once; a bad line named")
    func watchList() throws {
        let domains = try WatchList.parse("# staging\nexample.com\n\n  shop.example:8443 \r\nexample.com\n")
        #expect(domains.map(\.description) == ["example.com", "shop.example:8443"])
        #expect(
            throws: WatchList.Problem(
                line: 2, message: "\"https://x.example/\" is not a domain: give a host such as example.com")
        ) {
            try WatchList.parse("a.example\nhttps://x.example/\n")
        }
        #expect(throws: WatchList.Problem(line: 0, message: "the file names no domain")) {
            try WatchList.parse("# none\n")
        }
    }

    @Test("Lines compared: shared lines kept, removed and added ones in order")
    func lineDiff() {
        #expect(
            LineDiff.compare("a\nb\nc", "a\nc\nd") == [.same("a"), .removed("b"), .same("c"), .added("d")])
        #expect(LineDiff.compare("", "") == [.same("")])
        #expect(LineDiff.compare(String(repeating: "x\n", count: 5_000), "x") == nil)
    }
}
