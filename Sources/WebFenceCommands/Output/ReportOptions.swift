import ArgumentParser
import FindingReports
import Findings
import Foundation
import WebFenceCommandLine

/// The formats of a command that reports findings: its own text and JSON, and the formats of the
/// tools teams already run.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, xcode, github, gitlab, sarif
}

extension Finding.Severity: ExpressibleByArgument {}

/// The options of every command that reports findings (`audit`, `aasa lint`, `rules lint`,
/// `framework lint`): the format, a baseline to adopt WebFence on an app that already has findings,
/// and the severity that fails the run.
struct ReportOptions: ParsableArguments {
    @Option(
        help: """
            text (for people), json, xcode (path:line:column: lines Xcode and editors show at their \
            line), github (GitHub Actions annotations), gitlab (GitLab Code Quality JSON) or sarif \
            (SARIF 2.1.0 for code scanning).
            """)
    var format: ReportFormat = .text

    @Option(help: ArgumentHelp("Leave out the findings this baseline file records.", valueName: "file"))
    var baseline: String?

    @Option(
        name: .customLong("write-baseline"),
        help: ArgumentHelp(
            "Record every finding in this file (a baseline for --baseline), then report as usual.",
            valueName: "file"))
    var writeBaseline: String?

    @Option(
        name: .customLong("fail-on"),
        help: "The least severe finding that makes the exit status 1: error, warning or note.")
    var failOn: Finding.Severity = .error

    /// Writes `--write-baseline` with every finding, then says, for each finding, whether
    /// `--baseline` records it (and so leaves it out).
    func known(_ findings: [ReportedFinding]) throws -> [Bool] {
        if let writeBaseline {
            do {
                try Baseline(findings).rendered().write(toFile: writeBaseline, atomically: true, encoding: .utf8)
            } catch {
                throw InputError(writeBaseline, "cannot write the baseline: \(error.localizedDescription)")
            }
        }
        guard let baseline else { return findings.map { _ in false } }
        let text: String
        do { text = try String(contentsOfFile: baseline, encoding: .utf8) } catch {
            throw InputError(baseline, "cannot read the baseline: \(error.localizedDescription)")
        }
        do throws(Baseline.Problem) {
            return try Baseline(text: text).knows(findings)
        } catch {
            throw InputError(baseline, error.description)
        }
    }

    /// The output in one of the formats every command shares, or nil for text and json, which are
    /// each command's own.
    func rendered(_ findings: [ReportedFinding]) -> String? {
        switch format {
        case .text, .json: nil
        case .xcode: XcodeReport.render(findings)
        case .github: GitHubActionsReport.render(findings)
        case .gitlab: GitLabCodeQualityReport.render(findings).serialized() + "\n"
        case .sarif: SARIFReport.render(findings, tool: WebFenceVersion.sarifTool).serialized() + "\n"
        }
    }

    /// Exits with status 1 when a reported finding is at least as severe as `--fail-on`.
    func exitIfFailing(_ severities: some Sequence<Finding.Severity>) throws {
        if severities.contains(where: { $0 >= failOn }) { throw ExitCode(ExitStatus.expectationFailed) }
    }
}
