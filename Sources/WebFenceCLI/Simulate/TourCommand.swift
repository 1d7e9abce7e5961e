import ArgumentParser
import Foundation
import WebFence

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
            "Where the seed-*.json scenarios are (default: Examples/scenarios here, or beside the checkout the binary was built in).",
            valueName: "directory"))
    var examples: String?

    /// `Examples/scenarios` in the current directory, else in the checkout that holds the binary
    /// (`.build/debug/webfence` sits three levels below it), so the tour runs from anywhere.
    private var directory: URL {
        if let examples { return URL(fileURLWithPath: examples) }
        let here = URL(fileURLWithPath: "Examples/scenarios")
        if FileManager.default.fileExists(atPath: here.path) { return here }
        var candidate = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for _ in 0..<4 {
            candidate = candidate.deletingLastPathComponent()
            let scenarios = candidate.appendingPathComponent("Examples/scenarios")
            if FileManager.default.fileExists(atPath: scenarios.path) { return scenarios }
        }
        return here
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
        let results = try SimulateCommand.runAll(names.map { directory.appendingPathComponent($0).path })
        let report = ScenarioReport(terminal: .standardOutput)
        print(report.terminal.styled("App-Bound Domains, as the announcement's five apps meet them", .bold) + "\n")
        for result in results { print(report.story(result), terminator: "") }
        print(report.summary(results))
        if results.contains(where: { !$0.passed }) { throw ExitCode(ExitStatus.expectationFailed) }
    }
}
