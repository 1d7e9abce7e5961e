import Foundation
import NIOConcurrencyHelpers
import NIOPosix
import NetworkTestSupport
import Testing

/// Two `webfence-serve` processes watching one domain through one PostgreSQL database (issue 31):
/// the one fetching when a local HTTPS site holds its request is killed (`SIGKILL`, no goodbye);
/// the other takes the domain when the lease runs out and records the site's new file once; the
/// killed one, restarted, shows what the other recorded. Runs where `WEBFENCE_TEST_POSTGRES` names
/// a database whose user may create others, and `psql` is installed (`.ci/run` has both).
@Suite(
    "webfence serve: two replicas on PostgreSQL, one killed mid-fetch", .timeLimit(.minutes(4)),
    .enabled(
        if: ProcessInfo.processInfo.environment["WEBFENCE_TEST_POSTGRES"] != nil && Processes.find("psql") != nil,
        "set WEBFENCE_TEST_POSTGRES (and install psql) to run it; .ci/run does"))
struct WatchReplicaProcessTests {
    static let first =
        #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/a/*"}]}]}}"#
    static let second =
        #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/b/*"}]}]}}"#

    /// The site: its file, and whether it holds every request without answering.
    final class Site: Sendable {
        let file = NIOLockedValueBox(WatchReplicaProcessTests.first)
        let stalled = NIOLockedValueBox(false)
    }

    /// A `webfence-serve` process and the port it listens on.
    struct Replica: Sendable {
        let process: Process
        let port: Int
    }

    @Test(
        "the killed replica's domain is taken over when its lease ends; each version recorded once; a restart records nothing twice"
    )
    func killedMidFetch() async throws {
        let admin = try #require(ProcessInfo.processInfo.environment["WEBFENCE_TEST_POSTGRES"])
        let name = "webfence_replicas_\(UUID().uuidString.prefix(8).lowercased())"
        try Self.psql(admin, "CREATE DATABASE \(name)")
        defer { _ = try? Self.psql(admin, "DROP DATABASE \(name) WITH (FORCE)") }
        var parts = try #require(URLComponents(string: admin))
        parts.path = "/" + name
        let database = try #require(parts.string)

        let ca = try TestCA(name: "WebFence Replica Test CA")
        let caFile = try ca.writePEMFile()
        let site = Site()
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let server = try await TestHTTPSServer.start(group: group, leaf: try ca.issueLeaf(dnsName: "localhost")) { _ in
            site.stalled.withLockedValue { $0 } ? .silence : .json(site.file.withLockedValue { $0 })
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replicas-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let watchFile = folder.appendingPathComponent("watch.txt")
        try "localhost:\(server.port)\n".write(to: watchFile, atomically: true, encoding: .utf8)
        let arguments = [
            "--watch", watchFile.path, "--watch-database", database, "--watch-interval", "10",
            "--allow-private-networks", "--ca-file", caFile, "--timeout", "10", "--log-level", "warning",
        ]
        var replicas: [Replica] = []
        defer {
            for replica in replicas where replica.process.isRunning { replica.process.terminate() }
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(atPath: caFile)
        }
        for _ in 0..<2 { replicas.append(try await Self.start(arguments)) }

        // The first fetch, by one of them: one version on the server's route.
        #expect(
            try await Self.wait(upTo: .seconds(30)) { try Self.count(database, "watch_version", route: "direct") == 1 })

        // The site holds the next fetch; the replica holding the lease is killed while it waits.
        site.stalled.withLockedValue { $0 = true }
        let before = server.log.requests.count
        #expect(try await Self.wait(upTo: .seconds(30)) { server.log.requests.count > before })
        let holder = try Self.psql(database, "SELECT holder FROM watch_lease", tuplesOnly: true)
        let pid = try #require(
            holder.split(separator: " ").dropFirst().first.flatMap { Int32($0) }, "holder: \(holder)")
        let victim = try #require(replicas.firstIndex { $0.process.processIdentifier == pid }, "holder: \(holder)")
        kill(pid, SIGKILL)
        replicas[victim].process.waitUntilExit()
        site.file.withLockedValue { $0 = Self.second }
        site.stalled.withLockedValue { $0 = false }

        // The survivor takes the domain when the lease ends (two 10 s fetches and 30 s) and records
        // the new file once; the killed one's held fetch left nothing (no failed answer recorded).
        #expect(
            try await Self.wait(upTo: .seconds(120)) { try Self.count(database, "watch_version", route: "direct") == 2 }
        )
        #expect(try Self.count(database, "watch_version", route: "direct", outcome: "received") == 2)
        #expect(try Self.count(database, "watch_change", route: "direct") == 2)
        #expect(replicas[1 - victim].process.isRunning)

        // The killed replica, restarted, migrates nothing twice and records nothing twice: when one
        // of them next fetches the same file, the counts stay.
        replicas[victim] = try await Self.start(arguments)
        let afterRestart = server.log.requests.count
        #expect(try await Self.wait(upTo: .seconds(40)) { server.log.requests.count > afterRestart })
        try await Task.sleep(for: .seconds(2))
        #expect(try Self.count(database, "watch_version", route: "direct") == 2)
        #expect(try Self.count(database, "watch_change", route: "direct") == 2)
        let running = replicas.map { $0.process.isRunning }
        #expect(running == [true, true])
        await server.stop()
        try await group.shutdownGracefully()
    }

    /// Starts `webfence-serve` on a free port with `arguments`, and waits until it accepts a connection.
    static func start(_ arguments: [String]) async throws -> Replica {
        let port = Int.random(in: 20_000..<60_000)
        let process = Process()
        process.executableURL = WebFenceBinary.url.deletingLastPathComponent().appendingPathComponent("webfence-serve")
        process.arguments = ["--port", String(port)] + arguments
        try process.run()
        let end = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < end, process.isRunning {
            let connection = try? await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connect(host: "127.0.0.1", port: port).get()
            if let connection {
                try? await connection.close()
                return Replica(process: process, port: port)
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        process.terminate()
        throw ReplicaError.notListening(port: port, status: process.isRunning ? nil : process.terminationStatus)
    }

    enum ReplicaError: Error {
        case notListening(port: Int, status: Int32?)
    }

    /// Rows of `table` for the server's route of the one watched domain.
    static func count(_ database: String, _ table: String, route: String, outcome: String? = nil) throws -> Int {
        let also = outcome.map { " AND outcome = '\($0)'" } ?? ""
        return Int(
            try psql(database, "SELECT count(*) FROM \(table) WHERE route = '\(route)'\(also)", tuplesOnly: true)) ?? -1
    }

    /// Runs `statement` with psql on `url` (its `sslmode` left to psql); its output, trimmed.
    @discardableResult
    static func psql(_ url: String, _ statement: String, tuplesOnly: Bool = false) throws -> String {
        var parts = URLComponents(string: url)
        parts?.query = nil
        let result = try Processes.run(
            try #require(Processes.find("psql")),
            ["-X", "-q", "-v", "ON_ERROR_STOP=1"] + (tuplesOnly ? ["-A", "-t"] : [])
                + [parts?.string ?? url, "-c", statement])
        try #require(result.status == 0, "psql: \(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Polls `condition` every 100 ms until it holds or `limit` has passed; whether it held.
    static func wait(upTo limit: Duration, _ condition: @escaping @Sendable () throws -> Bool) async throws -> Bool {
        let end = ContinuousClock.now + limit
        while ContinuousClock.now < end {
            if try await Processes.offPool(condition) { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return try await Processes.offPool(condition)
    }
}
