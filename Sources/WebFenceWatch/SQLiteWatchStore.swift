import AssociationFetchCore
import Foundation
import GRDB
import StrictJSON

/// The watch's store in one SQLite file (GRDB): the embedded default (`--watch-database FILE`).
///
/// The database is opened, checked (`PRAGMA quick_check`) and only then migrated: a damaged or
/// foreign file is reported with ``WatchStoreError/damaged(path:reason:)`` and left as it is,
/// never replaced. Every write is one transaction: a restart loses nothing that was recorded.
/// Several watchers on one machine may share the file (SQLite locks it); replicas on several
/// machines share a ``PostgresWatchStore``.
public final class SQLiteWatchStore: WatchStore {
    /// The database file.
    public let path: String
    let queue: DatabaseQueue

    /// The file's path.
    public var location: String { path }

    /// Opens (or creates) the database at `path`.
    public init(path: String) throws(WatchStoreError) {
        self.path = path
        // Another watcher on the same file (another process, or a second store in this one) holds
        // the lock for one short transaction at a time: wait for it rather than fail.
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
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
        // Each domain's schedule and lease (issue 31): when it is next due, and who fetches it until when.
        migrator.registerMigration("v3: lease") { db in
            try db.execute(
                sql: """
                    CREATE TABLE IF NOT EXISTS lease (
                        domain TEXT PRIMARY KEY,
                        holder TEXT,
                        leasedUntil REAL,
                        nextDue REAL NOT NULL
                    );
                    """)
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

    /// Records `observation`, in one transaction: its version (new, or its last-seen time moved on),
    /// and when the route's current version differs, a change and the route's new summary.
    public func record(
        _ observation: WatchObservation, domain: String, route: AssociationFileRequest.Route, at time: Date,
        holder: String?
    ) async throws(WatchStoreError) -> WatchRecording {
        let seconds = time.timeIntervalSince1970
        do {
            return try await queue.write { db -> WatchRecording in
                if let holder,
                    try Bool.fetchOne(
                        db, sql: "SELECT 1 FROM lease WHERE domain = ? AND holder = ?", arguments: [domain, holder])
                        == nil
                {
                    return .leaseLost
                }
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
                    try db.execute(sql: "UPDATE version SET lastSeen = ? WHERE id = ?", arguments: [seconds, existing])
                } else {
                    try db.execute(
                        sql: """
                            INSERT INTO version (domain, route, contentHash, status, outcome, headers, body, firstSeen, lastSeen)
                            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                            """,
                        arguments: key + [observation.headerText, observation.body.map { Data($0) }, seconds, seconds])
                    (versionID, isNewVersion) = (db.lastInsertedRowID, true)
                }
                let current = try Int64.fetchOne(
                    db, sql: "SELECT versionID FROM routeState WHERE domain = ? AND route = ?",
                    arguments: [domain, route.rawValue])
                guard current != versionID else { return .unchanged }
                try db.execute(
                    sql: "INSERT INTO change (domain, route, versionID, at) VALUES (?, ?, ?, ?)",
                    arguments: [domain, route.rawValue, versionID, seconds])
                try db.execute(
                    sql: """
                        INSERT INTO routeState (domain, route, versionID, lastChanged, versionCount) VALUES (?, ?, ?, ?, 1)
                        ON CONFLICT (domain, route) DO UPDATE SET versionID = excluded.versionID,
                            lastChanged = excluded.lastChanged, versionCount = versionCount + ?
                        """,
                    arguments: [domain, route.rawValue, versionID, seconds, isNewVersion ? 1 : 0])
                return .changed
            }
        } catch {
            throw .unwritable(path: path, reason: Self.reason(error))
        }
    }

    /// Every version of `domain`'s `route`, the newest first.
    public func versions(domain: String, route: AssociationFileRequest.Route) async throws(WatchStoreError)
        -> [WatchedVersion]
    {
        try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM version WHERE domain = ? AND route = ? ORDER BY firstSeen DESC, id DESC",
                arguments: [domain, route.rawValue]
            ).map(WatchedVersion.init(row:))
        }
    }

    /// Every change of `domain`'s `route`, the newest first.
    public func changes(domain: String, route: AssociationFileRequest.Route) async throws(WatchStoreError)
        -> [WatchChange]
    {
        try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT at, versionID FROM change WHERE domain = ? AND route = ? ORDER BY id DESC",
                arguments: [domain, route.rawValue]
            ).map { WatchChange(at: Date(timeIntervalSince1970: $0["at"]), versionID: $0["versionID"]) }
        }
    }

    /// One row a route of `routeState`, with its current version's columns but not its body
    /// (SQLite's `length` of a blob reads its header).
    public func summaries() async throws(WatchStoreError) -> [WatchRouteSummary] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT s.domain, s.route, s.lastChanged, s.versionCount, v.id, v.status, v.outcome,
                        v.contentHash, v.lastSeen, COALESCE(length(v.body), 0) AS bodySize
                    FROM routeState AS s JOIN version AS v ON v.id = s.versionID
                    """
            ).map(WatchRouteSummary.init(row:))
        }
    }

    /// Adds the domains not yet in `lease`, due at `time`.
    public func schedule(_ domains: [String], dueAt time: Date) async throws(WatchStoreError) {
        try await write { db in
            for domain in domains {
                try db.execute(
                    sql: "INSERT INTO lease (domain, nextDue) VALUES (?, ?) ON CONFLICT (domain) DO NOTHING",
                    arguments: [domain, time.timeIntervalSince1970])
            }
        }
    }

    /// One `UPDATE` of the longest-due domain free at `time` (SQLite runs it alone).
    public func claim(among domains: [String], holder: String, at time: Date, for length: Duration)
        async throws(WatchStoreError) -> String?
    {
        let now = time.timeIntervalSince1970
        return try await write { db in
            try String.fetchOne(
                db,
                sql: """
                    UPDATE lease SET holder = ?, leasedUntil = ? WHERE domain = (
                        SELECT domain FROM lease WHERE domain IN (SELECT value FROM json_each(?))
                            AND nextDue <= ? AND (leasedUntil IS NULL OR leasedUntil <= ?)
                        ORDER BY nextDue, domain LIMIT 1)
                    RETURNING domain
                    """,
                arguments: [holder, now + AssociationFetch.seconds(length), Self.jsonList(domains), now, now])
        }
    }

    /// Clears the lease if `holder` still has it, and sets the next due time.
    public func release(_ domain: String, holder: String, nextDue: Date) async throws(WatchStoreError) {
        try await write { db in
            try db.execute(
                sql: "UPDATE lease SET holder = NULL, leasedUntil = NULL, nextDue = ? WHERE domain = ? AND holder = ?",
                arguments: [nextDue.timeIntervalSince1970, domain, holder])
        }
    }

    /// The earliest of each domain's due time or, when later, its lease's end.
    public func nextClaim(among domains: [String]) async throws(WatchStoreError) -> Date? {
        try await read { db in
            try Double.fetchOne(
                db,
                sql: """
                    SELECT MIN(MAX(nextDue, COALESCE(leasedUntil, 0))) FROM lease
                    WHERE domain IN (SELECT value FROM json_each(?))
                    """,
                arguments: [Self.jsonList(domains)]
            ).map(Date.init(timeIntervalSince1970:))
        }
    }

    /// `domains` as a JSON array, for `json_each` (no statement's argument count to exceed).
    static func jsonList(_ domains: [String]) -> String {
        JSONValue.array(domains.map(JSONValue.string)).serialized()
    }

    private func read<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws(WatchStoreError)
        -> T
    {
        do { return try await queue.read(body) } catch { throw .damaged(path: path, reason: Self.reason(error)) }
    }

    private func write<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws(WatchStoreError)
        -> T
    {
        do { return try await queue.write(body) } catch { throw .unwritable(path: path, reason: Self.reason(error)) }
    }
}

extension WatchedVersion {
    init(row: Row) {
        self.init(
            id: row["id"], domain: row["domain"], route: row["route"], contentHash: row["contentHash"],
            status: row["status"], outcome: row["outcome"], headers: row["headers"],
            body: (row["body"] as Data?).map { [UInt8]($0) }, firstSeen: Date(timeIntervalSince1970: row["firstSeen"]),
            lastSeen: Date(timeIntervalSince1970: row["lastSeen"]))
    }
}

extension WatchRouteSummary {
    init(row: Row) {
        self.init(
            domain: row["domain"], route: row["route"], versionID: row["id"], status: row["status"],
            outcome: row["outcome"], contentHash: row["contentHash"], bodySize: row["bodySize"],
            lastSeen: Date(timeIntervalSince1970: row["lastSeen"]),
            lastChanged: Date(timeIntervalSince1970: row["lastChanged"]), versionCount: row["versionCount"])
    }
}
