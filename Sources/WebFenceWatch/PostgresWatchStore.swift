import AssociationFetchCore
import Foundation
import Logging
import NIOSSL
import PostgresNIO

/// The watch's store in PostgreSQL (PostgresNIO), for replicas that share one database
/// (`--watch-database postgres://user@host:port/database`).
///
/// The tables are those of ``SQLiteWatchStore`` (prefixed `watch_`, so that the database may hold
/// others). What makes several writers safe:
/// - migrations run in one transaction under an advisory lock, so replicas that start together
///   migrate once;
/// - a domain is claimed with `FOR UPDATE SKIP LOCKED`: two replicas never take the same due domain,
///   and a lease that has run out (its replica died mid-fetch) is taken by the next replica that asks;
/// - a record takes a per-route advisory lock and checks the writer's lease in its transaction: each
///   version and each change is written once, and a replica whose lease passed on writes nothing.
///
/// Every operation has a time limit (a database that does not answer, or cannot be reached, is
/// reported, not waited for: the client would retry its connection forever), every statement a
/// server-side one too (`statement_timeout`).
public final class PostgresWatchStore: WatchStore {
    /// The database's URL without its password.
    public let location: String
    /// The longest an operation (a record, a claim, a query) may take, waiting for a connection
    /// included.
    public let timeLimit: Duration
    let client: PostgresClient
    private let running: Task<Void, Never>

    /// Each statement's limit on the server; a connection's is the client's `connectTimeout`.
    static let statementTimeLimit: Duration = .seconds(15)

    private init(location: String, client: PostgresClient, timeLimit: Duration) {
        self.location = location
        self.client = client
        self.timeLimit = timeLimit
        running = Task { await client.run() }
    }

    /// Connects to the database `url` names and migrates it. The password is the URL's, else the
    /// environment's `PGPASSWORD`; `sslmode` is `require` (the default: an encrypted connection
    /// whose certificate is checked against the system's roots) or `disable`. One connection is made
    /// first on its own, so that a wrong password, a refused connection or a failed handshake is
    /// reported as such (the client's pool retries them without saying why).
    public static func open(
        _ url: String, timeLimit: Duration = .seconds(30), logger: Logger = Logger(label: "webfence.watch.postgres")
    ) async throws(WatchStoreError) -> PostgresWatchStore {
        let (configuration, location) = try configuration(url)
        try await probe(configuration, tls: usesTLS(url), within: timeLimit, location: location, logger: logger)
        let store = PostgresWatchStore(
            location: location, client: PostgresClient(configuration: configuration, backgroundLogger: logger),
            timeLimit: timeLimit)
        do {
            try await store.migrate()
        } catch {
            store.close()
            throw error
        }
        return store
    }

    /// Closes the connections.
    public func close() {
        running.cancel()
    }

    deinit { running.cancel() }

    /// The client's configuration for `url`, and the URL as messages show it (no password). An error
    /// never repeats the URL as given: it may hold the password.
    static func configuration(_ url: String) throws(WatchStoreError) -> (PostgresClient.Configuration, String) {
        // A password with an unescaped `/` or `?` splits the URL elsewhere (no user, the password in
        // the port or path): such a URL is not shown at all.
        guard let parts = URLComponents(string: url),
            ["postgres", "postgresql"].contains(parts.scheme?.lowercased() ?? ""),
            let host = parts.host, !host.isEmpty, parts.user != nil || !url.contains("@")
        else {
            throw .badLocation("the database URL", reason: "expected postgres://user@host:port/database")
        }
        let database = String(parts.path.drop { $0 == "/" })
        let location = "postgres://\(parts.user ?? "")@\(host)\(parts.port.map { ":\($0)" } ?? "")/\(database)"
        guard let user = parts.user, !user.isEmpty else {
            throw .badLocation(location, reason: "name the database's user: postgres://user@host/database")
        }
        guard !database.isEmpty else {
            throw .badLocation(location, reason: "name the database: postgres://user@host/database")
        }
        let tls: PostgresClient.Configuration.TLS
        switch parts.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? "require" {
        case "disable": tls = .disable
        case "require", "verify-full": tls = .require(.makeClientConfiguration())
        case let other:
            // `prefer` is refused: PostgresNIO falls back to cleartext when the server (or whoever is
            // in the path) declines TLS, and would send the password so.
            throw .badLocation(location, reason: "sslmode \(other): use require (the default) or disable")
        }
        var configuration = PostgresClient.Configuration(
            host: host, port: parts.port ?? 5432, username: user,
            password: parts.password ?? ProcessInfo.processInfo.environment["PGPASSWORD"], database: database, tls: tls)
        configuration.options.connectTimeout = .seconds(10)
        configuration.options.maximumConnections = 8
        configuration.options.additionalStartupParameters = [
            ("statement_timeout", milliseconds(statementTimeLimit)),
            // A replica cut off inside a transaction holds its route's lock until the server gives up.
            ("idle_in_transaction_session_timeout", milliseconds(.seconds(20))),
            ("lock_timeout", milliseconds(.seconds(10))),
            // The claim and the migrations count on each statement seeing what committed before it.
            ("default_transaction_isolation", "read committed"),
        ]
        return (configuration, location)
    }

    /// Whether `url` (already checked by ``configuration(_:)``) asks for TLS.
    static func usesTLS(_ url: String) -> Bool {
        URLComponents(string: url)?.queryItems?.first { $0.name == "sslmode" }?.value != "disable"
    }

    /// One connection with `client`'s settings, opened and closed within `limit`.
    static func probe(
        _ client: PostgresClient.Configuration, tls: Bool, within limit: Duration, location: String, logger: Logger
    ) async throws(WatchStoreError) {
        do {
            var configuration = PostgresConnection.Configuration(
                host: client.host ?? "", port: client.port ?? 5432, username: client.username,
                password: client.password, database: client.database,
                tls: tls ? .require(try NIOSSLContext(configuration: .makeClientConfiguration())) : .disable)
            configuration.options.connectTimeout = .seconds(10)
            // The pool's connections' settings too: a server that refuses one is found here, with
            // its reason.
            configuration.options.additionalStartupParameters = client.options.additionalStartupParameters
            configuration.options.tlsServerName = client.options.tlsServerName
            // Connected and closed in one piece: a connection made after the limit is closed all the same.
            try await TimeLimit.run(limit) { [configuration] in
                let connection = try await PostgresConnection.connect(
                    on: PostgresConnection.defaultEventLoopGroup.next(), configuration: configuration, id: 0,
                    logger: logger
                ).get()
                try await connection.close()
            }
        } catch is TimeLimit.Exceeded {
            throw .unavailable(location: location, reason: "no answer within \(limit.components.seconds) s")
        } catch {
            throw .unavailable(location: location, reason: reason(error))
        }
    }

    static func milliseconds(_ duration: Duration) -> String { String(duration.components.seconds * 1000) }

    /// The schema, one migration a step, each applied once in one transaction under an advisory lock.
    static let migrations: [(name: String, sql: [PostgresQuery])] = [
        (
            "v1",
            [
                """
                CREATE TABLE watch_version (
                    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    domain TEXT NOT NULL,
                    route TEXT NOT NULL,
                    contentHash TEXT NOT NULL,
                    status INTEGER NOT NULL,
                    outcome TEXT NOT NULL,
                    headers TEXT NOT NULL,
                    body BYTEA,
                    firstSeen DOUBLE PRECISION NOT NULL,
                    lastSeen DOUBLE PRECISION NOT NULL,
                    UNIQUE (domain, route, contentHash, status, outcome)
                )
                """,
                """
                CREATE TABLE watch_change (
                    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    domain TEXT NOT NULL,
                    route TEXT NOT NULL,
                    versionID BIGINT NOT NULL REFERENCES watch_version (id),
                    at DOUBLE PRECISION NOT NULL
                )
                """,
                "CREATE INDEX watch_change_by_route ON watch_change (domain, route, id)",
                """
                CREATE TABLE watch_route_state (
                    domain TEXT NOT NULL,
                    route TEXT NOT NULL,
                    versionID BIGINT NOT NULL REFERENCES watch_version (id),
                    lastChanged DOUBLE PRECISION NOT NULL,
                    versionCount INTEGER NOT NULL,
                    PRIMARY KEY (domain, route)
                )
                """,
                """
                CREATE TABLE watch_lease (
                    domain TEXT PRIMARY KEY,
                    holder TEXT,
                    leasedUntil DOUBLE PRECISION,
                    nextDue DOUBLE PRECISION NOT NULL
                )
                """,
            ]
        )
    ]

    /// The advisory lock's key for migrations (any constant the database's other users do not use).
    static let migrationLock: Int64 = 0x5765_6246_656e_6365  // "WebFence"

    func migrate() async throws(WatchStoreError) {
        try await transaction { connection, logger in
            // A replica waits for another's migration as long as it takes (within the operation's limit).
            try await connection.query("SET LOCAL lock_timeout = 0", logger: logger)
            try await connection.query("SELECT pg_advisory_xact_lock(\(Self.migrationLock))", logger: logger)
            try await connection.query(
                "CREATE TABLE IF NOT EXISTS watch_migration (name TEXT PRIMARY KEY)", logger: logger)
            var applied: Set<String> = []
            for try await name in try await connection.query("SELECT name FROM watch_migration", logger: logger)
                .decode(String.self)
            {
                applied.insert(name)
            }
            for (name, statements) in Self.migrations where !applied.contains(name) {
                for statement in statements { try await connection.query(statement, logger: logger) }
                try await connection.query("INSERT INTO watch_migration (name) VALUES (\(name))", logger: logger)
            }
        }
    }

    /// Records `observation` in one transaction, after the route's advisory lock (so that two
    /// replicas recording the same route take turns) and, with a `holder`, its lease check.
    public func record(
        _ observation: WatchObservation, domain: String, route: AssociationFileRequest.Route, at time: Date,
        holder: String?
    ) async throws(WatchStoreError) -> WatchRecording {
        let (seconds, routeName) = (time.timeIntervalSince1970, route.rawValue)
        return try await transaction { connection, logger -> WatchRecording in
            let routeKey = "\(domain) \(routeName)"
            try await connection.query("SELECT pg_advisory_xact_lock(hashtextextended(\(routeKey), 0))", logger: logger)
            if let holder {
                // Locked until the commit: a claim by another replica passes the row by meanwhile.
                let held = try await connection.query(
                    "SELECT 1 FROM watch_lease WHERE domain = \(domain) AND holder = \(holder) FOR SHARE",
                    logger: logger
                ).collect()
                if held.isEmpty { return .leaseLost }
            }
            let body = observation.body.map { Data($0) }
            var inserted = try await connection.query(
                """
                INSERT INTO watch_version (domain, route, contentHash, status, outcome, headers, body, firstSeen, lastSeen)
                VALUES (\(domain), \(routeName), \(observation.contentHash), \(observation.status), \
                \(observation.outcome), \(observation.headerText), \(body), \(seconds), \(seconds))
                ON CONFLICT (domain, route, contentHash, status, outcome) DO UPDATE SET lastSeen = EXCLUDED.lastSeen
                RETURNING id, (xmax = 0) AS inserted
                """, logger: logger
            ).decode((Int64, Bool).self).makeAsyncIterator()
            guard let (versionID, isNewVersion) = try await inserted.next() else {
                throw WatchStoreError.unavailable(location: self.location, reason: "no version row returned")
            }
            var current = try await connection.query(
                "SELECT versionID FROM watch_route_state WHERE domain = \(domain) AND route = \(routeName)",
                logger: logger
            ).decode(Int64.self).makeAsyncIterator()
            guard try await current.next() != versionID else { return .unchanged }
            try await connection.query(
                """
                INSERT INTO watch_change (domain, route, versionID, at) VALUES (\(domain), \(routeName), \(versionID), \(seconds))
                """, logger: logger)
            let added = isNewVersion ? 1 : 0
            try await connection.query(
                """
                INSERT INTO watch_route_state (domain, route, versionID, lastChanged, versionCount)
                VALUES (\(domain), \(routeName), \(versionID), \(seconds), 1)
                ON CONFLICT (domain, route) DO UPDATE SET versionID = EXCLUDED.versionID,
                    lastChanged = EXCLUDED.lastChanged, versionCount = watch_route_state.versionCount + \(added)
                """, logger: logger)
            return .changed
        }
    }

    /// Every version of `domain`'s `route`, the newest first.
    public func versions(domain: String, route: AssociationFileRequest.Route) async throws(WatchStoreError)
        -> [WatchedVersion]
    {
        try await rows(
            """
            SELECT id, domain, route, contentHash, status, outcome, headers, body, firstSeen, lastSeen
            FROM watch_version WHERE domain = \(domain) AND route = \(route.rawValue) ORDER BY firstSeen DESC, id DESC
            """,
            as: (Int64, String, String, String, Int, String, String, Data?, Double, Double).self
        ).map {
            WatchedVersion(
                id: $0.0, domain: $0.1, route: $0.2, contentHash: $0.3, status: $0.4, outcome: $0.5, headers: $0.6,
                body: $0.7.map { [UInt8]($0) }, firstSeen: Date(timeIntervalSince1970: $0.8),
                lastSeen: Date(timeIntervalSince1970: $0.9))
        }
    }

    /// Every change of `domain`'s `route`, the newest first.
    public func changes(domain: String, route: AssociationFileRequest.Route) async throws(WatchStoreError)
        -> [WatchChange]
    {
        try await rows(
            """
            SELECT at, versionID FROM watch_change WHERE domain = \(domain) AND route = \(route.rawValue) ORDER BY id DESC
            """,
            as: (Double, Int64).self
        ).map { WatchChange(at: Date(timeIntervalSince1970: $0.0), versionID: $0.1) }
    }

    /// One row a route of `watch_route_state`, with its current version's columns; the body's
    /// length is `octet_length`, which reads a stored value's header, not the value.
    public func summaries() async throws(WatchStoreError) -> [WatchRouteSummary] {
        try await rows(
            """
            SELECT s.domain, s.route, v.id, v.status, v.outcome, v.contentHash,
                COALESCE(octet_length(v.body), 0), v.lastSeen, s.lastChanged, s.versionCount
            FROM watch_route_state AS s JOIN watch_version AS v ON v.id = s.versionID
            """,
            as: (String, String, Int64, Int, String, String, Int, Double, Double, Int).self
        ).map {
            WatchRouteSummary(
                domain: $0.0, route: $0.1, versionID: $0.2, status: $0.3, outcome: $0.4, contentHash: $0.5,
                bodySize: $0.6, lastSeen: Date(timeIntervalSince1970: $0.7),
                lastChanged: Date(timeIntervalSince1970: $0.8), versionCount: $0.9)
        }
    }

    /// Adds the domains not yet in `watch_lease`, due at `time`.
    public func schedule(_ domains: [String], dueAt time: Date) async throws(WatchStoreError) {
        _ = try await rows(
            """
            INSERT INTO watch_lease (domain, nextDue) SELECT unnest(\(domains)::text[]), \(time.timeIntervalSince1970)
            ON CONFLICT (domain) DO NOTHING
            """,
            as: String.self)
    }

    /// One `UPDATE` of the longest-due free domain, chosen `FOR UPDATE SKIP LOCKED`: a row another
    /// replica is claiming is passed over, not waited for, and is re-checked once locked.
    public func claim(among domains: [String], holder: String, at time: Date, for length: Duration)
        async throws(WatchStoreError) -> String?
    {
        let (now, until) = (time.timeIntervalSince1970, time.timeIntervalSince1970 + AssociationFetch.seconds(length))
        return try await rows(
            """
            UPDATE watch_lease SET holder = \(holder), leasedUntil = \(until) WHERE domain = (
                SELECT domain FROM watch_lease WHERE domain = ANY(\(domains)::text[])
                    AND nextDue <= \(now) AND (leasedUntil IS NULL OR leasedUntil <= \(now))
                ORDER BY nextDue, domain LIMIT 1 FOR UPDATE SKIP LOCKED)
            RETURNING domain
            """,
            as: String.self
        ).first
    }

    /// Clears the lease if `holder` still has it, and sets the next due time.
    public func release(_ domain: String, holder: String, nextDue: Date) async throws(WatchStoreError) {
        _ = try await rows(
            """
            UPDATE watch_lease SET holder = NULL, leasedUntil = NULL, nextDue = \(nextDue.timeIntervalSince1970)
            WHERE domain = \(domain) AND holder = \(holder) RETURNING domain
            """,
            as: String.self)
    }

    /// The earliest of each domain's due time or, when later, its lease's end.
    public func nextClaim(among domains: [String]) async throws(WatchStoreError) -> Date? {
        try await rows(
            """
            SELECT MIN(GREATEST(nextDue, COALESCE(leasedUntil, 0))) FROM watch_lease
            WHERE domain = ANY(\(domains)::text[])
            """,
            as: Double?.self
        ).first?.map(Date.init(timeIntervalSince1970:))
    }

    // MARK: - Running statements

    private static let quiet = Logger(label: "webfence.watch.postgres", factory: { _ in SwiftLogNoOpLogHandler() })

    private func rows<each Column: PostgresDecodable & Sendable>(
        _ query: PostgresQuery, as _: (repeat each Column).Type
    )
        async throws(WatchStoreError) -> [(repeat each Column)]
    {
        try await bounded { [client] in
            var result: [(repeat each Column)] = []
            for try await row in try await client.query(query, logger: Self.quiet) {
                result.append(try row.decode((repeat each Column).self))
            }
            return result
        }
    }

    private func transaction<T: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> T
    ) async throws(WatchStoreError) -> T {
        try await bounded { [client] in
            try await client.withTransaction(logger: Self.quiet) { try await body($0, Self.quiet) }
        }
    }

    /// `operation`'s result, or its failure as the store's error; after `timeLimit` the operation is
    /// cancelled and left (a query already sent ends when PostgresNIO gives up on it) and the
    /// database reported unavailable.
    private func bounded<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T)
        async throws(WatchStoreError) -> T
    {
        do {
            return try await TimeLimit.run(timeLimit, operation)
        } catch is TimeLimit.Exceeded {
            throw .unavailable(location: location, reason: "no answer within \(timeLimit.components.seconds) s")
        } catch let error as WatchStoreError {
            throw error
        } catch {
            if let failed = (error as? PostgresTransactionError)?.closureError as? WatchStoreError { throw failed }
            throw .unavailable(location: location, reason: Self.reason(error))
        }
    }

    static func reason(_ error: any Error) -> String {
        if let transaction = error as? PostgresTransactionError {
            return reason(transaction.closureError ?? transaction.commitError ?? transaction.beginError ?? error)
        }
        guard let error = error as? PSQLError else { return String(describing: error) }
        if let message = error.serverInfo?[.message] { return message }
        return "\(error.code)" + (error.underlying.map { ": \($0)" } ?? "")
    }
}
