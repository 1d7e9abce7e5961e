import ArgumentParser
import Foundation
import Scenarios
import WebFenceCommandLine

/// `webfence tour`: the seeds' apps, replayed with what each one shows.
struct TourCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tour",
        abstract: "Replay the seeds' apps, with what each shows and the rule behind every decision.",
        discussion: """
            The scenario files of Examples/scenarios named seed-*.json: the five apps of the App-Bound \
            Domains announcement (UnchangedApp, ShopApp, SocialApp and its two orders of API use and \
            navigation, BrowserApp, HybridApp), seed 002's five managed and unmanaged web views, \
            seed 003's BrowserViewController and its label boundaries, and seed 004's universal links. \
            Each is narrated, replayed step by step with the rule behind every decision, and checked \
            against its expectations.
            """
    )

    @Option(
        help: ArgumentHelp(
            "Where the seed-*.json scenarios are (default: Examples/scenarios here, in the installed share/webfence, or in the checkout the binary was built in).",
            valueName: "directory"))
    var examples: String?

    /// `Examples/scenarios` in the current directory, else where the release archive installs them
    /// (`share/webfence/Examples` beside the binary's `bin/`), else in the checkout that holds the
    /// binary (`.build/debug/webfence` sits three levels below it), so the tour runs from anywhere.
    private var directory: URL {
        if let examples { return URL(fileURLWithPath: examples) }
        let here = URL(fileURLWithPath: "Examples/scenarios")
        if FileManager.default.fileExists(atPath: here.path) { return here }
        // The executable's own path (a command found on PATH has no folder in its arguments[0]).
        var candidate = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]))
            .resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            candidate = candidate.deletingLastPathComponent()
            for folder in ["share/webfence/Examples/scenarios", "Examples/scenarios"] {
                let scenarios = candidate.appendingPathComponent(folder)
                if FileManager.default.fileExists(atPath: scenarios.path) { return scenarios }
            }
        }
        return here
    }

    /// The seed documents the tour tells, in order, each with its heading: `seed-<n>-*.json` for
    /// the announcement's apps (seeds 000 and 001), `seed-00<n>-*.json` for the others.
    static let parts: [(seed: String, heading: String)] = [
        ("announcement", "App-Bound Domains, as the announcement's five apps meet them (seeds 000 and 001)"),
        ("002", "Managed and unmanaged web views: whose data each one holds (seed 002)"),
        ("003", "Navigation rules in code, and the label boundaries they miss (seed 003)"),
        ("004", "Universal links: which app opens which link (seed 004)"),
    ]

    /// The seed a scenario file tells: `002` for `seed-002-five-web-views.json`, `announcement`
    /// for `seed-2-shop-app.json`.
    static func part(of name: String) -> String {
        let number = name.dropFirst("seed-".count).prefix { $0 != "-" }
        return number.count == 3 ? String(number) : "announcement"
    }

    func run() async throws {
        let directory = self.directory
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasPrefix("seed-") && $0.hasSuffix(".json") }.sorted()
        } catch {
            throw InputError(
                directory.path, "cannot list the directory (run from the repository root, or pass --examples)")
        }
        guard !names.isEmpty else { throw InputError(directory.path, "holds no seed-*.json scenario") }
        let report = ScenarioReport(terminal: .standardOutput)
        var results: [ScenarioResult] = []
        // Each seed document's scenarios under its own heading, the announcement's apps first.
        let known = Set(Self.parts.map(\.seed))
        for part in Self.parts + [("other", "More scenarios")] {
            let files = names.filter {
                part.seed == "other" ? !known.contains(Self.part(of: $0)) : Self.part(of: $0) == part.seed
            }
            guard !files.isEmpty else { continue }
            let partResults = try SimulateCommand.runAll(files.map { directory.appendingPathComponent($0).path })
            print(report.terminal.styled(part.heading, .bold) + "\n")
            for result in partResults { print(report.story(result), terminator: "") }
            results += partResults
        }
        print(report.summary(results))
        if results.contains(where: { !$0.passed }) { throw ExitCode(ExitStatus.expectationFailed) }
    }
}
