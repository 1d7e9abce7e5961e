import AssociationFetchCore
import Crypto
import Foundation
import GRDB
import WebFenceNetwork

/// Every distinct answer each watched route has given, in SQLite (GRDB): a **version** is one
/// (status, outcome, content hash) of a domain's route, with its headers and body as first seen and
/// the times it was first and last seen; a **change** is the moment a route's answer became a
/// version other than the one before (so a file that goes back to an earlier copy is a change too).
///
/// The database is opened, checked (`PRAGMA quick_check`) and only then migrated: a damaged or
/// foreign file is reported with ``WatchStoreError/damaged(path:reason:)`` and left as it is,
/// never replaced. Every write is one transaction: a restart loses nothing that was recorded.
public final class WatchStore: Sendable {
    /// The database file.
    public let path: String
    let queue: DatabaseQueue

    /// Opens (or creates) the database at `path`.
    public init(path: String) throws(WatchStoreError) {
        self.path = path
        do {
            queue = try DatabaseQueue(path: path)
        } catch {
            throw .damaged(path: path, reason: Self.reason(error))
        }
        do {
            let check = try queue.read { try String.fetchAll($0, sql: "PRAGMA quick_check") }
            guard check == ["ok"] else {
                throw WatchStoreError.damaged(path: path, reason: check.joined(separator: "; "))
            }
            try Self.migrator.migrate(queue)
        } catch let error as WatchStoreError {
            throw error
        } catch {
            throw .damaged(path: path, reason: Self.reason(error))
        }
    }

    static func reason(_ error: any Error) -> String {
        (error as? DatabaseError).map { "\($0.message ?? "SQLite error \($0.resultCode.rawValue)")" }
            ?? String(describing: error)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE version (
                        id INTEGER PRIMARY KEY,
                        domain TEXT NOT NULL,
                        route TEXT NOT NULL,
                        contentHash TEXT NOT NULL,
                        status INTEGER NOT NULL,
                        outcome TEXT NOT NULL,
                        headers TEXT NOT NULL,
                        body BLOB,
                        firstSeen REAL NOT NULL,
                        lastSeen REAL NOT NULL,
                        UNIQUE (domain, route, contentHash, status, outcome)
                    );
                    CREATE TABLE change (
                        id INTEGER PRIMARY KEY,
                        domain TEXT NOT NULL,
                        route TEXT NOT NULL,
                        versionID INTEGER NOT NULL REFERENCES version(id),
                        at REAL NOT NULL
                    );
                    CREATE INDEX changeByRoute ON change (domain, route, id);
                    """)
        }
        // Each route's summary, kept by `record` in the same transaction, so that the overview reads
        // one row a route whatever its history (issue 31); filled from the history once.
        migrator.registerMigration("v2: routeState") { db in
            try db.execute(
                sql: """
                    CREATE TABLE routeState (
                        domain TEXT NOT NULL,
                        route TEXT NOT NULL,
                        versionID INTEGER NOT NULL REFERENCES version(id),
                        lastChanged REAL NOT NULL,
                        versionCount INTEGER NOT NULL,
                        PRIMARY KEY (domain, route)
                    );
                    """)
            try db.execute(sql: routeStateFromHistory)
        }
        return migrator
    }

    /// Fills `routeState` from the versions and changes (once, when a store of the first schema is
    /// opened): each route's latest change and its count of versions.
    static let routeStateFromHistory = """
        INSERT INTO routeState (domain, route, versionID, lastChanged, versionCount)
        SELECT c.domain, c.route, c.versionID, c.at,
            (SELECT COUNT(*) FROM version AS v WHERE v.domain = c.domain AND v.route = c.route)
        FROM change AS c WHERE c.id IN (SELECT MAX(id) FROM change GROUP BY domain, route)
        """

    /// What one fetch of a route answered.
    public struct Observation: Sendable, Hashable {
        /// The HTTP status; 0 when no response arrived.
        public let status: Int
        /// What the fetch came to (`received`, `denied`, ..., `failed`).
        public let outcome: String
        /// The headers that matter (the fetch report's `selectedHeaders`).
        public let headers: [HTTPHeaderField]
        /// The body, when one arrived whole.
        public let body: [UInt8]?

        /// An observation of `status`, `outcome`, `headers` and `body`.
        public init(status: Int, outcome: String, headers: [HTTPHeaderField], body: [UInt8]?) {
            (self.status, self.outcome, self.headers, self.body) = (status, outcome, headers, body)
        }

        /// What `report` answered.
        public init(_ report: AssociationFetchReport) {
            self.init(
                status: report.status ?? 0, outcome: report.outcome.rawValue, headers: report.selectedHeaders,
                body: report.body)
        }

        /// SHA-256 of the body (of no bytes when there is none), in hex.
        public var contentHash: String {
            SHA256.hash(data: body ?? []).map { String(format: "%02x", $0) }.joined()
        }
    }

    /// Records that `domain`'s `route` answered `observation` at `time`; true when that is a change.
    @discardableResult
    public func record(
        _ observation: Observation, domain: String, route: AssociationFileRequest.Route, at time: Date
    ) throws(WatchStoreError) -> Bool {
        do {
            return try queue.write { db -> Bool in
                let key: StatementArguments = [
                    domain, route.rawValue, observation.contentHash, observation.status, observation.outcome,
                ]
                let versionID: Int64
                let isNewVersion: Bool
                if let existing = try Int64.fetchOne(
                    db,
                    sql:
                        "SELECT id FROM version WHERE domain = ? AND route = ? AND contentHash = ? AND status = ? AND outcome = ?",
                    arguments: key)
                {
                    (versionID, isNewVersion) = (existing, false)
                    try db.execute(
                        sql: "UPDATE version SET lastSeen = ? WHERE id = ?",
                        arguments: [time.timeIntervalSince1970, existing])
                } else {
                    let headers = observation.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
                    try db.execute(
                        sql: """
                            INSERT INTO version (domain, route, contentHash, status, outcome, headers, body, firstSeen, lastSeen)
                            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                            """,
                        arguments: key + [
                            headers, observation.body.map { Data($0) }, time.timeIntervalSince1970,
                            time.timeIntervalSince1970,
                        ])
                    (versionID, isNewVersion) = (db.lastInsertedRowID, true)
                }
                let current = try Int64.fetchOne(
                    db, sql: "SELECT versionID FROM routeState WHERE domain = ? AND route = ?",
                    arguments: [domain, route.rawValue])
                guard current != versionID else { return false }
                try db.execute(
                    sql: "INSERT INTO change (domain, route, versionID, at) VALUES (?, ?, ?, ?)",
                    arguments: [domain, route.rawValue, versionID, time.timeIntervalSince1970])
                try db.execute(
                    sql: """
                        INSERT INTO routeState (domain, route, versionID, lastChanged, versionCount) VALUES (?, ?, ?, ?, 1)
                        ON CONFLICT (domain, route) DO UPDATE SET versionID = excluded.versionID,
                            lastChanged = excluded.lastChanged, versionCount = versionCount + ?
                        """,
                    arguments: [domain, route.rawValue, versionID, time.timeIntervalSince1970, isNewVersion ? 1 : 0])
                return true
            }
        } catch {
            throw .unwritable(path: path, reason: Self.reason(error))
        }
    }

    /// Every version of `domain`'s `route`, the newest first.
    public func versions(domain: String, route: AssociationFileRequest.Route) throws(WatchStoreError)
        -> [WatchedVersion]
    {
        do {
            return try queue.read { db in
                try Row.fetchAll(
                    db, sql: "SELECT * FROM version WHERE domain = ? AND route = ? ORDER BY firstSeen DESC, id DESC",
                    arguments: [domain, route.rawValue]
                ).map(WatchedVersion.init(row:))
            }
        } catch {
            throw .damaged(path: path, reason: Self.reason(error))
        }
    }

    /// Every change of `domain`'s `route`, the newest first: when, and to which version.
    public func changes(
        domain: String, route: AssociationFileRequest.Route
    ) throws(WatchStoreError) -> [(at: Date, versionID: Int64)] {
        do {
            return try queue.read { db in
                try Row.fetchAll(
                    db, sql: "SELECT at, versionID FROM change WHERE domain = ? AND route = ? ORDER BY id DESC",
                    arguments: [domain, route.rawValue]
                ).map { (Date(timeIntervalSince1970: $0["at"]), $0["versionID"]) }
            }
        } catch {
            throw .damaged(path: path, reason: Self.reason(error))
        }
    }
}

extension WatchStore {
    /// What a route answers now, without any body: the overview's row (`/watch`, `/v1/watch`).
    public struct RouteSummary: Sendable, Hashable {
        /// The domain, `host` or `host:port`.
        public let domain: String
        /// `cdn` or `direct`.
        public let route: String
        /// The current version's number, status, outcome and content hash.
        public let versionID: Int64
        /// The HTTP status of the answer now; 0 when no response arrived.
        public let status: Int
        /// What the fetch came to now.
        public let outcome: String
        /// SHA-256 of the current body, in hex.
        public let contentHash: String
        /// The current body's length in bytes; 0 when none arrived.
        public let bodySize: Int
        /// When the route last answered so.
        public let lastSeen: Date
        /// When its answer last became what it is now.
        public let lastChanged: Date
        /// How many distinct answers it has given.
        public let versionCount: Int
    }

    /// Each route's summary, for every route fetched at least once: one row a route of the
    /// `routeState` table that `record` keeps, with its current version's columns but not its body
    /// (SQLite's `length` of a blob reads its header), whatever the history's length.
    public func summaries() throws(WatchStoreError) -> [RouteSummary] {
        do {
            return try queue.read { db in
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT s.domain, s.route, s.lastChanged AS at, s.versionCount, v.id, v.status, v.outcome,
                            v.contentHash, v.lastSeen, COALESCE(length(v.body), 0) AS bodySize
                        FROM routeState AS s JOIN version AS v ON v.id = s.versionID
                        """
                ).map { row in
                    RouteSummary(
                        domain: row["domain"], route: row["route"], versionID: row["id"], status: row["status"],
                        outcome: row["outcome"], contentHash: row["contentHash"], bodySize: row["bodySize"],
                        lastSeen: Date(timeIntervalSince1970: row["lastSeen"]),
                        lastChanged: Date(timeIntervalSince1970: row["at"]), versionCount: row["versionCount"])
                }
            }
        } catch {
            throw .damaged(path: path, reason: Self.reason(error))
        }
    }
}

/// One distinct answer of a watched route.
public struct WatchedVersion: Sendable, Hashable, Identifiable {
    /// The version's number in the store.
    public let id: Int64
    /// The domain, `host` or `host:port`.
    public let domain: String
    /// `cdn` or `direct`.
    public let route: String
    /// SHA-256 of the body, in hex.
    public let contentHash: String
    /// The HTTP status; 0 when no response arrived.
    public let status: Int
    /// What the fetch came to.
    public let outcome: String
    /// The headers that matter, one `Name: value` a line, as first seen.
    public let headers: String
    /// The body, when one arrived.
    public let body: [UInt8]?
    /// When this answer was first seen.
    public let firstSeen: Date
    /// When it was last seen.
    public let lastSeen: Date

    init(row: Row) {
        id = row["id"]
        domain = row["domain"]
        route = row["route"]
        contentHash = row["contentHash"]
        status = row["status"]
        outcome = row["outcome"]
        headers = row["headers"]
        body = (row["body"] as Data?).map { [UInt8]($0) }
        firstSeen = Date(timeIntervalSince1970: row["firstSeen"])
        lastSeen = Date(timeIntervalSince1970: row["lastSeen"])
    }
}

/// Why the watch's database cannot be used. Never silently replaced: the file is left as it is.
public enum WatchStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is not a database, or SQLite's check found it damaged.
    case damaged(path: String, reason: String)
    /// A write failed (the disk is full, the file became read-only, ...).
    case unwritable(path: String, reason: String)

    /// The problem in words, with the file.
    public var description: String {
        switch self {
        case .damaged(let path, let reason):
            "\(path): the watch's database is damaged or not a database (\(reason)); it was left as it is: move it aside to start afresh"
        case .unwritable(let path, let reason): "\(path): the watch's database cannot be written (\(reason))"
        }
    }
}
