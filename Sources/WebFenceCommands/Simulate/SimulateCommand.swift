import ArgumentParser
import Foundation
import Scenarios
import WebFenceCommandLine

/// `webfence simulate FILE...`: replays scenario files through the engine (spec/interfaces.md §1).
struct SimulateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Replay scenario files: every step, its decision, and the rule behind it.",
        discussion: """
            A scenario is a JSON file: an app (Info.plist and entitlement values), its web views, and \
            steps such as load, evaluateJavaScript or setCookie, each with an optional "expect". \
            Examples/scenarios holds one per WebKit acceptance test and the seed's five apps.

            Exit status: 0 every expectation held; 1 an expectation failed; 2 a file is unusable \
            (invalid JSON, unknown key or action, unknown web view, a URL that does not parse).

            Examples:
              webfence simulate Examples/scenarios/seed-5-hybrid-app.json
              webfence simulate Examples/scenarios/*.json --format json
            """
    )

    @Argument(help: "Scenario files (JSON).")
    var files: [String]

    @OptionGroup var output: FormatOption

    @Flag(help: "Text only: print failing scenarios in full and passing ones as one line.")
    var quiet = false

    @Flag(
        help: """
            openUniversalLink: let applinks:*.example.com cover example.com itself, as the current system \
            does (the default follows Apple's documentation: it does not; docs/decisions.md D28).
            """)
    var wildcardCoversBaseDomain = false

    func validate() throws {
        if files.isEmpty {
            throw ValidationError("Give scenario files, e.g. webfence simulate Examples/scenarios/*.json")
        }
    }

    func run() async throws {
        let results = try Self.runAll(
            files, options: SimulationOptions(wildcardCoversBaseDomain: wildcardCoversBaseDomain))
        switch output.format {
        case .json:
            print(ScenarioJSON.render(results).serialized())
        case .text:
            let report = ScenarioReport(terminal: .standardOutput)
            for result in results {
                print(quiet && result.passed ? report.oneLine(result) : report.story(result), terminator: "")
            }
            if results.count > 1 { print(report.summary(results)) }
        }
        if results.contains(where: { !$0.passed }) { throw ExitCode(ExitStatus.expectationFailed) }
    }

    /// Loads every file first, so that all unusable ones are reported together, then runs them.
    static func runAll(_ paths: [String], options: SimulationOptions = .init()) throws -> [ScenarioResult] {
        var scenarios: [Scenario] = []
        var errors: [InputError] = []
        for path in paths {
            do {
                scenarios.append(try Scenario.load(contentsOf: URL(fileURLWithPath: path)))
            } catch {
                errors.append(InputError(path, error.description))
            }
        }
        var results: [ScenarioResult] = []
        for (scenario, path) in zip(scenarios, paths.filter { path in !errors.contains { $0.source == path } }) {
            do {
                results.append(try scenario.run(options: options))
            } catch {
                errors.append(InputError(path, error.description))
            }
        }
        guard errors.isEmpty else {
            for error in errors.dropLast() { Terminal.standardError.write("webfence: \(error)\n") }
            throw errors[errors.count - 1]
        }
        return results
    }
}
