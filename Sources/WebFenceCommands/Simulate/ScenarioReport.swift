import AppBound
import Scenarios
import WebFenceCommandLine

/// How scenario results are written: a story for people, or the JSON of spec/interfaces.md §1.
struct ScenarioReport {
    let terminal: Terminal

    // MARK: - Text

    /// The whole story of one scenario: the app as read, then each step, its outcome and its rule.
    func story(_ result: ScenarioResult) -> String {
        let mark = result.passed ? terminal.styled("✓", .green) : terminal.styled("✗", .red)
        var output = "\(mark) " + terminal.styled(result.name, .bold) + "\n"
        if let description = result.description {
            output += wrap(description, indent: "  ").map { terminal.styled($0, .dim) + "\n" }.joined()
        }
        for line in result.appSummary { output += "  " + line + "\n" }
        for stepResult in result.steps { output += step(stepResult) }
        return output + "\n"
    }

    /// A passing scenario in one line.
    func oneLine(_ result: ScenarioResult) -> String {
        "\(terminal.styled("✓", .green)) \(result.name) (\(result.steps.count) steps)\n"
    }

    func summary(_ results: [ScenarioResult]) -> String {
        let failed = results.filter { !$0.passed }
        let steps = results.reduce(0) { $0 + $1.steps.count }
        let line =
            failed.isEmpty
            ? "\(results.count) scenarios, \(steps) steps: every expectation held."
            : "\(results.count) scenarios, \(steps) steps: \(failed.count) failed (\(failed.map(\.name).joined(separator: "; ")))."
        return terminal.styled(line, failed.isEmpty ? .bold : .red)
    }

    private func step(_ result: ScenarioResult.StepResult) -> String {
        let step = result.step
        var target = step.webView ?? "app"
        if step.frame != "main" { target += " [\(step.frame)]" }
        var output =
            String(format: "  %3d  ", step.index) + terminal.styled(target, .bold) + "  "
            + step.action.definition.summary + "\n"
        if let note = step.note { output += "       " + terminal.styled(note, .dim) + "\n" }
        let headline = headline(result.outcome)
        if !headline.isEmpty { output += "       → " + headline + "\n" }
        if let explanation = result.outcome.explanation {
            output += wrap(explanation, indent: "         ").map { terminal.styled($0, .dim) + "\n" }.joined()
        }
        for mismatch in result.mismatches {
            output += "       " + terminal.styled("✗ \(mismatch)", .red) + "\n"
        }
        return output
    }

    /// The outcome in a line; the rule and a bridge call's symptom go in the explanation instead.
    private func headline(_ outcome: StepOutcome) -> String {
        switch outcome {
        case .navigation(let navigation): headline(navigation)
        case .javaScript(let evaluation) where evaluation.error != nil:
            "failed with " + errorName(evaluation.error)
        default:
            outcome.fields.filter { !["rule", "symptom"].contains($0.key) && $0.value != .null }.map { member in
                switch member.value {
                case .string(let text): "\(member.key) \(text)"
                default: "\(member.key) \(member.value.serialized())"
                }
            }.joined(separator: ", ")
        }
    }

    /// A navigation as a sentence: "failed with error 13 (navigationAppBoundDomain), the frame stays at ...".
    private func headline(_ outcome: NavigationOutcome) -> String {
        var parts = [outcome.result]
        if let opened = outcome.openedURL { parts[0] += " " + opened }
        if let error = outcome.error { parts[0] += " with " + errorName(error) }
        if outcome.verdict.allows {
            switch outcome.frameState {
            case .appBound: parts.append("app-bound")
            case .notAppBound: parts.append("not app-bound")
            case .none: break
            }
        }
        if outcome.forcedAppBoundMode { parts.append("forced app-bound mode") }
        if let url = outcome.frameURL {
            parts.append((outcome.verdict.allows ? "at " : "the frame stays at ") + url.href)
        }
        return parts.joined(separator: ", ")
    }

    private func errorName(_ error: WKError?) -> String {
        error.map { "error \($0.code) (\($0.name))" } ?? ""
    }

    /// Splits text into lines of at most 100 columns after the indent.
    private func wrap(_ text: String, indent: String) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + word.count + 1 > 100 {
                lines.append(indent + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(indent + line) }
        return lines
    }
}
