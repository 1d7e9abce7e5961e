import Foundation
import Testing

/// `webfence aasa` as spec/interfaces.md §2 fixes it.
@Suite("webfence aasa")
struct AASACommandTests {
    let components = PackageFiles.url("Examples/aasa/seed-004-components.json").path

    func verify(_ url: String, _ extra: [String] = []) throws -> ProcessResult {
        try WebFenceBinary.run(
            ["aasa", "verify", "--file", components, "--domain", "example.com", "--url", url] + extra)
    }

    // MARK: - verify

    @Test("verify: the decision per (service, app ID), the deciding rule, and with --explain each earlier rule")
    func verifyText() throws {
        let result = try verify("https://example.com/help/website/faq", ["--explain"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("applinks  ABCDE12345.com.example.app  exclude"))
        #expect(result.stdout.contains(#"rule 2 {"/":"/help/website/*","exclude":true} matched and excludes the URL"#))
        #expect(
            result.stdout.contains(
                ##"rule 0 {"#":"no_universal_links","exclude":true}: the fragment "" does not match "no_universal_links""##
            ))
        #expect(
            result.stdout.contains(#"rule 1 {"/":"/buy/*"}: the path "/help/website/faq/" does not match "/buy/*""#))
        #expect(result.stdout.contains("webcredentials  ABCDE12345.com.example.app  match"))
    }

    @Test(
        "verify --format swcutil prints swcutil's lines",
        arguments: [
            (
                "https://example.com/buy/1",
                #"{ s = applinks, a = ABCDE12345.com.example.app, d = example.com }: Pattern "https://example.com/buy/1" matched."#
            ),
            (
                "https://example.com/help/website/1",
                #"{ s = applinks, a = ABCDE12345.com.example.app, d = example.com }: Pattern "https://example.com/help/website/1" blocked match."#
            ),
            ("https://example.com/elsewhere", "Input JSON did not match input URL."),
            ("https://evil.test/buy/1", #"Input domain "example.com" did not match input URL's domain "evil.test"."#),
        ])
    func verifySwcutil(_ url: String, _ line: String) throws {
        let result = try verify(url, ["--format", "swcutil", "--app-id", "ABCDE12345.com.example.app"])
        #expect(result.status == 0)
        #expect(result.stdout == line + "\n")
    }

    @Test("--app-id that no app can have is refused with the reason (exit 2); a well-formed one is taken")
    func appIDOption() throws {
        let placeholder = try verify("https://example.com/buy/1", ["--app-id", "TEAM_ID.com.example.app"])
        #expect(placeholder.status == 2 && placeholder.stdout.isEmpty)
        #expect(placeholder.stderr.contains("--app-id: \"TEAM_ID\" is a placeholder"))
        let bare = try verify("https://example.com/buy/1", ["--app-id", "com.example.app"])
        #expect(bare.status == 2 && bare.stderr.contains("<Team ID>.com.example.app"))
        #expect(try verify("https://example.com/buy/1", ["--app-id", "ABCDE12345.com.example.app"]).status == 0)
    }

    @Test("verify --format json: decisions with rule, reason and misses")
    func verifyJSON() throws {
        let result = try verify("https://example.com/help/a?articleNumber=12", ["--format", "json", "--explain"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let decisions = try #require(object["decisions"] as? [[String: Any]])
        let first = try #require(decisions.first)
        #expect(first["service"] as? String == "applinks" && first["decision"] as? String == "no_match")
        #expect(first["reason"] as? String == "noRuleMatched")
        let misses = try #require(first["misses"] as? [[String: Any]])
        #expect(misses.count == 4)
        #expect(misses.last?["component"] as? String == "query item articleNumber")
        #expect(misses.last?["value"] as? String == "12")
    }

    @Test("verify --expect: exit 1 when an applinks decision differs")
    func verifyExpect() throws {
        #expect(try verify("https://example.com/buy/1", ["--expect", "match"]).status == 0)
        #expect(try verify("https://example.com/buy/1", ["--expect", "exclude"]).status == 1)
    }

    @Test(
        "verify: unusable input exits 2 with a one-line message naming the place",
        arguments: [
            (
                "file", PackageFiles.url("Examples/aasa/seed-004-as-published.json").path,
                "seed-004-as-published.json:21:16: invalid JSON"
            ),
            ("file", "/nonexistent.json", "/nonexistent.json: cannot read the file"),
            ("domain", "https://example.com/", "--domain: \"https://example.com/\" is not a domain"),
            ("url", "https://[::1/", "--url: \"https://[::1/\" is not a URL"),
        ])
    func verifyUnusable(_ option: String, _ value: String, _ message: String) throws {
        var options = ["file": components, "domain": "example.com", "url": "https://example.com/"]
        options[option] = value
        let result = try WebFenceBinary.run([
            "aasa", "verify", "--file", options["file"]!, "--domain", options["domain"]!, "--url", options["url"]!,
        ])
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    // MARK: - lint

    @Test("lint: findings with code, severity, pointer and message; exit 1 on an error-level finding")
    func lint() throws {
        let result = try WebFenceBinary.run([
            "aasa", "lint", PackageFiles.url("Examples/aasa/traps.json").path, "--domain", "example.com",
            "--entitlements",
            PackageFiles.url("Examples/aasa/entitlements.plist").path, "--format", "json",
        ])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        let codes = Set(findings.compactMap { $0["code"] as? String })
        #expect(
            codes.isSuperset(of: [
                "aasa.rule.fragmentTrap", "aasa.rule.unreachable", "aasa.key.unknown", "aasa.appID.missing",
            ]))
        let trap = try #require(findings.first { $0["code"] as? String == "aasa.rule.fragmentTrap" })
        #expect(trap["severity"] as? String == "warning")
        #expect(trap["pointer"] as? String == "/applinks/details/0/components/4")
        #expect(object["errors"] as? Int == 2)
    }

    @Test("lint: an entitlements file with a non-string associated domain is unusable input, at its place")
    func lintWrongTypedEntitlements() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wrong-\(UUID()).entitlements")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"com.apple.developer.associated-domains": ["applinks:example.com", 7]}"#.utf8).write(to: file)
        let result = try WebFenceBinary.run(["aasa", "lint", components, "--entitlements", file.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/com.apple.developer.associated-domains/1"), "\(result.stderr)")
        #expect(result.stderr.contains("entry 1 is a number, not a string"), "\(result.stderr)")
    }

    @Test("lint: a clean file exits 0")
    func lintClean() throws {
        let result = try WebFenceBinary.run(["aasa", "lint", components])
        #expect(result.status == 0)
        #expect(result.stdout.contains("no findings"))
    }

    @Test("lint: a file over 131,072 bytes is an error finding, and the rest is still linted")
    func lintOversized() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("big-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let padding = String(repeating: " ", count: 140_000)
        try Data(
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"casesensitive": true}]}]}}\#(padding)"#
                .utf8
        ).write(to: file)
        let result = try WebFenceBinary.run(["aasa", "lint", file.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("aasa.size"))
        #expect(result.stdout.contains("aasa.key.unknown"))
    }

    // MARK: - match --jsonl

    @Test("match --jsonl: one line out per line in, in order; a malformed line yields an error and processing goes on")
    func matchLines() throws {
        let examples = try String(contentsOf: PackageFiles.url("Examples/aasa/links.jsonl"), encoding: .utf8)
        let input =
            examples + "not json\n"
            + #"{"id": 7, "aasa": [], "domain": "example.com", "appId": "A.b", "url": "https://example.com/"}"# + "\n"
            + #"{"id": "last", "aasa": {}, "domain": "example.com", "appId": "A.b", "url": "https://example.com/"}"#
            + "\n"
        let result = try WebFenceBinary.run(["aasa", "match", "--jsonl"], stdin: input)
        #expect(result.status == 2)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 12)
        #expect(
            lines[0] == #"{"id":"buy","decision":"match","reason":"rule","rule":"/applinks/details/0/components/1"}"#)
        #expect(lines[2].contains(#""decision":"exclude""#))
        #expect(lines[9].hasPrefix(#"{"id":null,"error":"invalid JSON"#))
        #expect(lines[10].hasPrefix(#"{"id":7,"error":"\"aasa\": expected an object or its JSON text"#))
        #expect(lines[11] == #"{"id":"last","decision":"no_match","reason":"appIDNotListed","rule":null}"#)
    }

    @Test("match --jsonl: a repeated key in an inline file is read as a device reads it, the last one winning (D36)")
    func matchRepeatedKey() throws {
        let line =
            #"{"id": "r", "aasa": {"applinks": {"details": [{"appIDs": ["A.b"], "components": [{"/": "/a", "/": "/b"}]}]}}, "domain": "example.com", "appId": "A.b", "url": "https://example.com/b"}"#
        let result = try WebFenceBinary.run(["aasa", "match", "--jsonl"], stdin: line + "\n")
        #expect(result.status == 0)
        #expect(
            result.stdout == #"{"id":"r","decision":"match","reason":"rule","rule":"/applinks/details/0/components/0"}"#
                + "\n")
    }

    @Test("match --jsonl without --jsonl says what to type")
    func matchNeedsJSONLines() throws {
        let result = try WebFenceBinary.run(["aasa", "match"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("webfence aasa match --jsonl"))
    }

    // platform-checked: the test runs only where /proc exists (Linux); it compiles everywhere.
    @Test(
        "match --jsonl streams 100,000 lines in one run, in constant memory",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status"), "reads VmHWM from /proc (Linux)"))
    func matchStreams() async throws {
        let small = try await Processes.offPool { try StreamingRun.peakMemory(lines: 1_000) }
        let large = try await Processes.offPool { try StreamingRun.peakMemory(lines: 100_000) }
        #expect(large.outputLines == 100_000)
        // The peak grows by far less than the input (about 20 MB for 100,000 lines).
        #expect(
            large.peakKilobytes - small.peakKilobytes < 8_000,
            "peak \(small.peakKilobytes) kB → \(large.peakKilobytes) kB")
    }

    // MARK: - fetch

    @Test("fetch: a domain that is not a host exits 2")
    func fetchBadDomain() throws {
        let result = try WebFenceBinary.run(["aasa", "fetch", "https://example.com/"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("is not a domain"))
    }

    @Test("fetch: an unreadable --ca-file exits 2")
    func fetchBadCAFile() throws {
        let result = try WebFenceBinary.run(["aasa", "fetch", "example.com", "--ca-file", "/nonexistent.pem"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/nonexistent.pem: cannot read the CA file"))
    }

    @Test("fetch: a refused connection is an error check, exit 1, with the route and URL in the report")
    func fetchRefused() throws {
        let result = try WebFenceBinary.run([
            "aasa", "fetch", "127.0.0.1:1", "--route", "direct", "--timeout", "5", "--format", "json",
        ])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let route = try #require((object["routes"] as? [[String: Any]])?.first)
        #expect(route["url"] as? String == "https://127.0.0.1:1/.well-known/apple-app-site-association")
        #expect(route["outcome"] as? String == "failed")
        let checks = try #require(route["checks"] as? [[String: Any]])
        #expect(checks.contains { $0["code"] as? String == "fetch.connect" && $0["severity"] as? String == "error" })
    }
}

/// Runs `webfence aasa match --jsonl` with a writer feeding stdin while the output is read, and
/// reads the process's memory high-water mark (VmHWM) once every output line has arrived, before
/// stdin is closed and the process exits.
enum StreamingRun {
    struct Measurement {
        let outputLines: Int
        let peakKilobytes: Int
    }

    static func peakMemory(lines: Int) throws -> Measurement {
        let process = Process()
        process.executableURL = WebFenceBinary.url
        process.arguments = ["aasa", "match", "--jsonl"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()

        // The file changes every ten lines (the app ID is in it) among 50 files, more than the cache
        // holds, so the cache keeps turning over.
        let writer = Thread {
            for index in 0..<lines {
                let appID = "ABCDE12345.com.example.app\(index / 10 % 50)"
                let line =
                    ##"{"id": "\##(index)", "aasa": {"applinks": {"details": [{"appIDs": ["\##(appID)"], "components": [{"/": "/buy/*"}, {"#": "x", "exclude": true}]}]}}, "domain": "example.com", "appId": "\##(appID)", "url": "https://example.com/buy/\##(index)"}"##
                input.fileHandleForWriting.write(Data((line + "\n").utf8))
            }
        }
        writer.start()

        var received = 0
        var pending = Data()
        while received < lines {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            pending.append(chunk)
            received += chunk.filter { $0 == UInt8(ascii: "\n") }.count
        }
        // platform-checked: called only by the test above, which runs only where /proc exists.
        let status = try String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        let peak =
            status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
            .flatMap { Int($0.split(whereSeparator: { $0 == " " || $0 == "\t" })[1]) } ?? -1
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        return Measurement(outputLines: received, peakKilobytes: peak)
    }
}
