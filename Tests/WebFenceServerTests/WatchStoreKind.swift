import Foundation
import Logging
import PostgresNIO
import Testing

@testable import WebFenceWatch

/// The two stores the watch's tests run on: SQLite always; PostgreSQL when
/// `WEBFENCE_TEST_POSTGRES` names a database whose user may create others (`.ci/run` starts a
/// server and sets it; with `WEBFENCE_REQUIRE_POSTGRES` set, its absence fails the run).
enum WatchStoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite, postgres

    var testDescription: String { rawValue }

    /// The PostgreSQL database the tests may use to create theirs.
    static var postgresURL: String? { ProcessInfo.processInfo.environment["WEBFENCE_TEST_POSTGRES"] }

    /// The kinds this run can test.
    static var available: [WatchStoreKind] { postgresURL == nil ? [.sqlite] : [.sqlite, .postgres] }

    /// A new, empty database of this kind, for one test.
    func freshDatabase() async throws -> TestWatchDatabase {
        switch self {
        case .sqlite:
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID()).sqlite").path
            return TestWatchDatabase(location: path) { try? FileManager.default.removeItem(atPath: path) }
        case .postgres:
            let admin = try #require(Self.postgresURL)
            let name = "webfence_test_\(UUID().uuidString.prefix(8).lowercased())"
            try await Self.run(admin, "CREATE DATABASE \(unescaped: name)")
            var parts = try #require(URLComponents(string: admin))
            parts.path = "/" + name
            return TestWatchDatabase(location: try #require(parts.string)) {
                try? await Self.run(admin, "DROP DATABASE \(unescaped: name) WITH (FORCE)")
            }
        }
    }

    /// Runs one statement on the database `url` names.
    static func run(_ url: String, _ statement: PostgresQuery) async throws {
        let (configuration, _) = try PostgresWatchStore.configuration(url)
        let client = PostgresClient(configuration: configuration, backgroundLogger: Logger(label: "test"))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            try await client.query(statement)
        }
    }
}

/// A database for one test: its location, a store opened on it, and its removal.
struct TestWatchDatabase: Sendable {
    /// A file's path, or a `postgres://` URL.
    let location: String
    let remove: @Sendable () async -> Void

    /// A store on the database (a new connection each time, as a replica or a restart has).
    func open() async throws -> any WatchStore {
        if location.hasPrefix("postgres") { return try await PostgresWatchStore.open(location) }
        return try SQLiteWatchStore(path: location)
    }
}

@Suite("The watch's stores")
struct WatchStoreAvailabilityTests {
    @Test("PostgreSQL is tested wherever the run asks for it (WEBFENCE_REQUIRE_POSTGRES)")
    func postgresWhenRequired() {
        if ProcessInfo.processInfo.environment["WEBFENCE_REQUIRE_POSTGRES"] != nil {
            #expect(
                WatchStoreKind.postgresURL != nil,
                "WEBFENCE_REQUIRE_POSTGRES is set but WEBFENCE_TEST_POSTGRES is not: the PostgreSQL store would go untested"
            )
        }
    }
}
