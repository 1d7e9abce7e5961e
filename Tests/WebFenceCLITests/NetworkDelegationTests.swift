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
    func runAlone(_ arguments: [String], environment: [String] = []) throws -> ProcessResult {
        try Processes.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["-i", "PATH="] + environment + [alone.path] + arguments)
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

    @Test("a webfence-serve that is a link to webfence itself is passed over: no command goes round in a loop")
    func noLoop() throws {
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("webfence-serve"), withDestinationURL: alone)
        let result = try runAlone(["aasa", "fetch", "example.com"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("webfence-serve: not found beside webfence or on PATH"), "\(result.stderr)")
    }

    @Test("the receiver refuses a command handed on by another build, and the light one any handed-on command")
    func handOnChecks() throws {
        // webfence-serve under the name webfence is the whole command line (D98).
        let full = folder.appendingPathComponent("full/webfence")
        try FileManager.default.createDirectory(
            at: full.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: full,
            withDestinationURL: WebFenceBinary.url.deletingLastPathComponent().appendingPathComponent("webfence-serve"))
        let other = try Processes.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["WEBFENCE_HANDED_ON_BY=9.9.9", full.path, "aasa", "fetch", "127.0.0.1:1", "--route", "direct"])
        #expect(other.status == 2)
        #expect(other.stderr.contains("was run by webfence 9.9.9, another build"), "\(other.stderr)")
        #expect(other.stdout.isEmpty)

        let light = try runAlone(
            ["url", "parse", "https://example.com/"], environment: ["WEBFENCE_HANDED_ON_BY=0.1.0"])
        #expect(light.status == 2)
        #expect(light.stderr.contains("was handed a command to fetch, and cannot fetch either"), "\(light.stderr)")
    }
}
