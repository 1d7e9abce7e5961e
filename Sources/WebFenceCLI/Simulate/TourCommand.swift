import ArgumentParser
import Foundation
import WebFence

/// `webfence tour`: the seed's five apps, replayed with what each one shows.
struct TourCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tour",
        abstract: "Replay the five apps of the App-Bound Domains announcement, with what each shows.",
        discussion: """
            UnchangedApp, ShopApp, SocialApp (and its two orders of API use and navigation), \
            BrowserApp and HybridApp, as scenario files in Examples/scenarios (seed-*.json). Each is \
            narrated, replayed step by step with the rule behind every decision, and checked against \
            its expectations.
            """
    )

    @Option(help: ArgumentHelp("Where the seed-*.json scenarios are.", valueName: "directory"))
    var examples = "Examples/scenarios"

    func run() async throws {
        let directory = URL(fileURLWithPath: examples)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasPrefix("seed-") && $0.hasSuffix(".json") }.sorted()
        } catch {
            throw InputError(examples, "cannot list the directory (run from the repository root, or pass --examples)")
        }
        guard !names.isEmpty else { throw InputError(examples, "holds no seed-*.json scenario") }
        let results = try SimulateCommand.runAll(names.map { directory.appendingPathComponent($0).path })
        let report = ScenarioReport(terminal: .standardOutput)
        print(report.terminal.styled("App-Bound Domains, as the announcement's five apps meet them", .bold) + "\n")
        for result in results { print(report.story(result), terminator: "") }
        print(report.summary(results))
        if results.contains(where: { !$0.passed }) { throw ExitCode(ExitStatus.expectationFailed) }
    }
}
