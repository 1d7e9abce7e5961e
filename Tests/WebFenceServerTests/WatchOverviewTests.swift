import AssociatedDomains
import Foundation
import GRDB
import Logging
import Testing

@testable import WebFenceWatch

/// The watch's overview at the size issue 31 names: 1,000 domains with 100 versions on each route,
/// read by the summary query (no body), each route's current version, last change and count right.
/// How long it takes is measured in docs/performance.md, not here.
@Suite("webfence serve --watch: the overview of a long history")
struct WatchOverviewTests {
    /// A store at a new path holding `domains` × 2 routes × `versions` versions, each version made
    /// current by a change in turn (the last to version `versions - 1`), written as the first schema
    /// had them and summarised as its migration does.
    static func history(domains: Int, versions: Int) throws -> (SQLiteWatchStore, [LinkDomain]) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("overview-\(UUID()).sqlite").path
        let store = try SQLiteWatchStore(path: path)
        try store.queue.write { db in
            let version = try db.makeStatement(
                sql: """
                    INSERT INTO version (domain, route, contentHash, status, outcome, headers, body, firstSeen, lastSeen)
                    VALUES (?, ?, ?, 200, 'received', '', ?, ?, ?)
                    """)
            let change = try db.makeStatement(
                sql: "INSERT INTO change (domain, route, versionID, at) VALUES (?, ?, ?, ?)")
            let body = Data(repeating: 0x7B, count: 2_000)
            for domain in 0..<domains {
                for route in ["cdn", "direct"] {
                    for index in 0..<versions {
                        let time = Double(index)
                        try version.execute(arguments: [
                            "d\(domain).example", route, "hash-\(index)", body.prefix(index + 1), time, time + 0.5,
                        ])
                        try change.execute(arguments: ["d\(domain).example", route, db.lastInsertedRowID, time])
                    }
                }
            }
            // As a store of the first schema is brought up to date: the summary made from the history.
            try db.execute(sql: SQLiteWatchStore.routeStateFromHistory)
        }
        return (store, (0..<domains).map { LinkDomain("d\($0).example")! })
    }

    @Test("1,000 domains × 100 versions: every route's count, current version and change from one query")
    func thousandByHundred() async throws {
        let (store, domains) = try Self.history(domains: 1_000, versions: 100)
        defer { try? FileManager.default.removeItem(atPath: store.path) }
        let summaries = try await store.summaries()
        #expect(summaries.count == 2_000)
        #expect(summaries.allSatisfy { $0.versionCount == 100 && $0.contentHash == "hash-99" && $0.bodySize == 100 })
        #expect(summaries.allSatisfy { $0.lastChanged == Date(timeIntervalSince1970: 99) })
        let watch = AssociationWatch(
            domains: domains + [LinkDomain("never.example")!], store: store, fetcher: .init(), interval: .seconds(60))
        let overview = try await watch.overview()
        #expect(overview.count == 1_001)
        #expect(overview.first?.cdnMatchesServer == true)
        #expect(overview.last?.routes.allSatisfy { $0.summary == nil } == true, "a domain never fetched")
    }
}

extension WatchOverviewTests {
    @Test("a store of the first schema, opened, gets its summary rows from its history")
    func migration() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("first-\(UUID()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let queue = try DatabaseQueue(path: path)
            try SQLiteWatchStore.migrator.migrate(queue, upTo: "v1")
            try await queue.write { db in
                for (index, hash) in ["a", "b", "a"].enumerated() {
                    let known = try Int64.fetchOne(
                        db, sql: "SELECT id FROM version WHERE contentHash = ?", arguments: [hash])
                    if known == nil {
                        try db.execute(
                            sql: """
                                INSERT INTO version (domain, route, contentHash, status, outcome, headers, body, firstSeen, lastSeen)
                                VALUES ('old.example', 'direct', ?, 200, 'received', '', NULL, ?, ?)
                                """,
                            arguments: [hash, Double(index), Double(index)])
                    }
                    let id = known ?? db.lastInsertedRowID
                    try db.execute(
                        sql: "INSERT INTO change (domain, route, versionID, at) VALUES ('old.example', 'direct', ?, ?)",
                        arguments: [id, Double(index)])
                }
            }
        }
        let store = try SQLiteWatchStore(path: path)
        let summary = try #require(try await store.summaries().first)
        #expect(try await store.summaries().count == 1)
        #expect(summary.contentHash == "a" && summary.versionCount == 2 && summary.bodySize == 0)
        #expect(summary.lastChanged == Date(timeIntervalSince1970: 2))
        // The next record keeps the summary: the same answer is no change, a new one is.
        let observation = WatchObservation(status: 200, outcome: "received", headers: [], body: Array("c".utf8))
        #expect(
            try await store.record(
                observation, domain: "old.example", route: .direct, at: Date(timeIntervalSince1970: 3))
                == .changed)
        #expect(
            try await store.record(
                observation, domain: "old.example", route: .direct, at: Date(timeIntervalSince1970: 4))
                == .unchanged)
        let after = try #require(try await store.summaries().first)
        #expect(after.versionCount == 3 && after.bodySize == 1 && after.lastChanged == Date(timeIntervalSince1970: 3))
        #expect(after.lastSeen == Date(timeIntervalSince1970: 4))
    }
}
