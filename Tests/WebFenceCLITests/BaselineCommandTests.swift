import Foundation
import StrictJSON
import Testing

/// Issue 28: adopting WebFence on an app that already has findings. A baseline records them; a
/// later run reports only what is new, however the file's lines and lists moved.
@Suite("--baseline, --write-baseline and --fail-on")
final class BaselineCommandTests {
    let directory: URL

    /// Each test's folder goes with it (Swift Testing makes one instance per test).
    deinit { try? FileManager.default.removeItem(at: directory) }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: PackageFiles.url("Examples/apps/CapacitorApp.app"), to: directory.appendingPathComponent("App.app"))
    }

    func audit(_ options: [String]) throws -> ProcessResult {
        try WebFenceBinary.run(["audit", "App.app", "--format", "xcode"] + options, in: directory)
    }

    var config: URL { directory.appendingPathComponent("App.app/capacitor.config.json") }

    @Test("recorded findings are left out; a new one is reported alone, even with lines and entries shifted")
    func onlyNewFindings() throws {
        let before = try audit(["--write-baseline", "baseline.json"])
        #expect(before.status == 1)
        let recorded = before.stdout.split(separator: "\n")
        #expect(recorded.count >= 6)
        let baseline = try String(contentsOf: directory.appendingPathComponent("baseline.json"), encoding: .utf8)
        #expect(baseline.contains("\"webfenceBaseline\": 1"))

        let adopted = try audit(["--baseline", "baseline.json"])
        #expect(adopted.status == 0, "\(adopted.stdout)")
        #expect(adopted.stdout.isEmpty)

        // Three lines above everything, and a new entry first in allowNavigation: every old finding
        // moves down and the old entries' indices shift by one.
        var text = try String(contentsOf: config, encoding: .utf8)
        text = text.replacingOccurrences(of: "{\n  \"appId\"", with: "{\n\n\n\n  \"appId\"")
        text = text.replacingOccurrences(
            of: "\"allowNavigation\": [", with: "\"allowNavigation\": [\"https://new.example.org/\", ")
        try text.write(to: config, atomically: true, encoding: .utf8)

        let after = try audit(["--baseline", "baseline.json"])
        let lines = after.stdout.split(separator: "\n")
        #expect(lines.count == 1, "\(after.stdout)")
        #expect(lines.first?.contains("https://new.example.org/") == true)
        #expect(lines.first?.hasSuffix("[capacitor.allowNavigation.notAHost]") == true)
        #expect(lines.first?.contains("capacitor.config.json:10:") == true, "\(lines)")
        // A warning: below --fail-on's default (error), so the run passes; --fail-on warning fails it.
        #expect(after.status == 0)
        #expect(try audit(["--baseline", "baseline.json", "--fail-on", "warning"]).status == 1)
        // The text report says how many the baseline left out.
        let text2 = try WebFenceBinary.run(["audit", "App.app", "--baseline", "baseline.json"], in: directory)
        #expect(text2.stdout.contains("\(recorded.count) findings left out: the baseline records them"))
    }

    @Test("--fail-on: note fails on any finding, error only on errors; the linters take it too")
    func failOn() throws {
        let traps = PackageFiles.url("Examples/aasa/traps.json").path
        let lint = { (level: String) in try WebFenceBinary.run(["aasa", "lint", traps, "--fail-on", level]).status }
        #expect(try lint("note") == 1)
        #expect(try lint("warning") == 1)
        #expect(
            try WebFenceBinary.run([
                "rules", "lint", PackageFiles.url("Examples/rules/shop.json").path, "--fail-on", "error",
            ]).status == 0)
    }

    @Test("a baseline that is not one is unusable input: exit 2, naming the file and why")
    func badBaseline() throws {
        try "[]".write(to: directory.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let result = try audit(["--baseline", "bad.json"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("bad.json: not a WebFence baseline"))
        let missing = try audit(["--baseline", "missing.json"])
        #expect(missing.status == 2 && missing.stderr.contains("missing.json: cannot read the baseline"))
    }
}
