import Foundation
import StrictJSON
import Testing

/// The report formats of issue 28 on the bundled examples, byte for byte: each command's output in
/// each format is a golden file under `Golden/`. Run from the package's root with relative paths,
/// as CI runs them; the root itself, where a format writes it, is `$ROOT`. Regenerate with
/// `WEBFENCE_WRITE_EXAMPLES=1 swift test --filter ReportFormatGoldenTests` and review the diff.
@Suite("Report formats on the examples: xcode, github, gitlab, sarif")
struct ReportFormatGoldenTests {
    /// Each command that reports findings, on its examples, and its exit status: 1 for error
    /// findings; 2 for `aasa lint`, whose examples hold seed 004's file as published (invalid JSON,
    /// reported as `input.unusable` at its line while the other files are still linted).
    static let commands: [(name: String, arguments: [String], status: Int32)] = [
        ("audit-apps", ["audit", "Examples/apps"], 1),
        ("aasa-lint", ["aasa", "lint"] + examples("Examples/aasa", suffix: ".json"), 2),
        ("rules-lint", ["rules", "lint"] + examples("Examples/rules", suffix: ".json"), 1),
        (
            "framework-lint",
            [
                "framework", "lint", "Examples/frameworks/capacitor.config.json", "Examples/frameworks/config.xml",
                "Examples/frameworks/Settings.swift",
            ], 1
        ),
    ]

    static let formats = ["xcode", "github", "gitlab", "sarif"]

    static func examples(_ folder: String, suffix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: PackageFiles.url(folder).path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { "\(folder)/\($0)" }
    }

    static let golden = PackageFiles.url("Tests/WebFenceCLITests/Golden")

    @Test("each command's output in each format is its golden file", arguments: commands.indices, formats)
    func golden(_ command: Int, _ format: String) throws {
        let (name, arguments, status) = Self.commands[command]
        let result = try WebFenceBinary.run(arguments + ["--format", format], in: PackageFiles.root)
        #expect(result.status == status, "\(result.stderr)")
        let root = PackageFiles.root.standardizedFileURL.path + "/"
        var output = result.stdout
        // JSON formats are kept pretty, one member a line, so that a change reads well in review.
        if format == "gitlab" || format == "sarif" { output = try JSONParser.parse(output).prettySerialized() + "\n" }
        output = output.replacingOccurrences(of: root, with: "$ROOT/")
        let file = Self.golden.appendingPathComponent(
            "\(name).\(format)" + (format == "gitlab" || format == "sarif" ? ".json" : ".txt"))
        if ProcessInfo.processInfo.environment["WEBFENCE_WRITE_EXAMPLES"] == "1" {
            try FileManager.default.createDirectory(at: Self.golden, withIntermediateDirectories: true)
            try output.write(to: file, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(output == expected, "\(name) --format \(format) differs from \(file.lastPathComponent)")
    }

    @Test(
        "the JSON of each format parses: gitlab is an array of issues, sarif a 2.1.0 log", arguments: commands.indices)
    func parses(_ command: Int) throws {
        let arguments = Self.commands[command].arguments
        let gitlab = try WebFenceBinary.run(arguments + ["--format", "gitlab"], in: PackageFiles.root)
        guard case .array(let issues) = try JSONParser.parse(gitlab.stdout) else {
            Issue.record("gitlab: not an array")
            return
        }
        #expect(!issues.isEmpty)
        let sarif = try JSONParser.parse(
            try WebFenceBinary.run(arguments + ["--format", "sarif"], in: PackageFiles.root).stdout)
        #expect(sarif["version"] == .string("2.1.0"))
        #expect(sarif["runs"]?[0]?["results"]?[0] != nil)
    }
}
