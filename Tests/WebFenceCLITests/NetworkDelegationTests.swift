import Foundation
import Testing

/// `webfence` from a clone has no HTTP client (D99): a command that fetches runs `webfence-serve`
/// under the name `webfence`; every other command, and every command's help, runs without it.
@Suite("webfence without the HTTP client hands fetching to webfence-serve")
final class NetworkDelegationTests {
    /// A folder holding a copy of `webfence` alone, with no `webfence-serve` beside it.
    let folder: URL
    let alone: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("delegation-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        alone = folder.appendingPathComponent("webfence")
        try FileManager.default.copyItem(at: WebFenceBinary.url, to: alone)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Runs the lone copy with PATH empty, so nothing but its own folder could hold the sibling.
    func runAlone(_ arguments: [String]) throws -> ProcessResult {
        try Processes.run(URL(fileURLWithPath: "/usr/bin/env"), ["-i", "PATH=", alone.path] + arguments)
    }

    @Test("the clone's webfence links no SwiftNIO, AsyncHTTPClient or second BoringSSL")
    func noHTTPClient() throws {
        let binary = try Data(contentsOf: WebFenceBinary.url)
        for symbol in ["AsyncHTTPClient", "CNIOBoringSSL", "NIOPosix"] {
            #expect(binary.range(of: Data(symbol.utf8)) == nil, "\(symbol) is linked into webfence")
        }
    }

    @Test("a fetch with webfence-serve beside it runs there: the report comes back, exit 1 for a refused connection")
    func delegated() throws {
        let result = try WebFenceBinary.run([
            "aasa", "fetch", "127.0.0.1:1", "--route", "direct", "--timeout", "5", "--format", "json",
        ])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains(#""outcome":"failed""#) || result.stdout.contains(#""outcome" : "failed""#))
    }

    @Test("a fetch with no webfence-serve to run exits 2 and says how to build it")
    func missingSibling() throws {
        let app = PackageFiles.url("Examples/apps/ShopApp.app").path
        for arguments in [["aasa", "fetch", "example.com"], ["audit", app, "--fetch"]] {
            let result = try runAlone(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("webfence-serve: not found beside webfence or on PATH"), "\(result.stderr)")
            #expect(result.stderr.contains("swift build --product webfence-serve"))
            #expect(result.stdout.isEmpty)
        }
    }

    @Test("usage errors, help and commands that do not fetch need no webfence-serve")
    func notDelegated() throws {
        let help = try runAlone(["aasa", "fetch", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--ca-file"))
        let usage = try runAlone(["aasa", "fetch", "example.com", "--timeout", "0"])
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("--timeout must be between"))
        let audit = try runAlone(["audit", PackageFiles.url("Examples/apps/ShopApp.app").path])
        #expect(audit.status != 2, "\(audit.stderr)")
        #expect(audit.stdout.contains("ShopApp"))
    }
}
