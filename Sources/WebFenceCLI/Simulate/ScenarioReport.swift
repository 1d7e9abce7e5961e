import AppBound
import WebFence

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
            String(format: "  %3d  ", step.index) + terminal.styled(target, .bold) + "  " + describe(step.action) + "\n"
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

    /// The action as a person would say it.
    private func describe(_ action: Scenario.Action) -> String {
        switch action {
        case .load(let url, let redirects, let delegate):
            var text = "load \(url.href)"
            if !redirects.isEmpty { text += " → redirects " + redirects.map(\.href).joined(separator: " → ") }
            if delegate != .allow { text += " (the app's delegate: \(delegate.rawValue))" }
            return text
        case .loadHTMLString(let base): return "loadHTMLString, baseURL \(base?.href ?? "nil")"
        case .loadData(let mime, let base): return "loadData \(mime), baseURL \(base?.href ?? "nil")"
        case .addFrame(let id, let parent, let url): return "addFrame \(id) in \(parent): \(url.href)"
        case .navigateFrame(let url): return "navigateFrame \(url.href)"
        case .openWindow(let id, let url): return "window.open \(url.href) as \(id)"
        case .setConfiguration(let limits): return "set limitsNavigationsToAppBoundDomains = \(limits)"
        case .addUserScript(let script):
            return
                "addUserScript (\(script.forMainFrameOnly ? "main frame only" : "all frames"), \(script.injectionTime.rawValue))"
        case .addUserStyleSheet(let mainOnly):
            return "addUserStyleSheet (\(mainOnly ? "main frame only" : "all frames"))"
        case .postMessage(let handler): return "postMessage to \(handler)"
        case .setCookie(let cookie): return "setCookie \(cookie.domain)/\(cookie.name)"
        case .getCookies(let url): return "getCookies for \(url.href)"
        case .deleteCookie(let domain, let name): return "deleteCookie \(domain)/\(name)"
        case .registerServiceWorker(let scope): return "register a service worker for \(scope.href)"
        case .setWebViewPolicy(let viewer, let policy): return "setWebViewPolicy \(policy.name) on \(viewer)"
        case .setPolicyDelegate(let urls, let hosts):
            let internalOnes = urls.map(\.href) + hosts.map(\.description)
            return
                "setPolicyDelegate (internal: \(internalOnes.isEmpty ? "nothing" : internalOnes.joined(separator: ", ")))"
        case .paste(let source, let characters):
            let from: String
            switch source {
            case .identity(let identity): from = identity.rawValue + " data"
            case .webView(let id): from = "data copied from " + id
            }
            return "paste \(from)" + (characters.map { " (\($0) characters)" } ?? "")
        case .addWebView(let spec): return "add web view \(spec.id)" + (spec.parent.map { " in \($0)" } ?? "")
        case .evaluateJavaScript, .userScriptFrames, .styleSheetApplied, .getAllCookies, .state, .itp, .appBoundDomains,
            .openUniversalLink, .copy, .upload:
            return action.name
        }
    }

    /// The outcome in a line; the rule goes in the explanation instead.
    private func headline(_ outcome: StepOutcome) -> String {
        switch outcome {
        case .navigation(let navigation): headline(navigation)
        case .javaScript(let evaluation) where evaluation.error != nil:
            "failed with " + errorName(evaluation.error)
        default:
            outcome.fields.filter { $0.key != "rule" && $0.value != .null }.map { member in
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

    // MARK: - JSON

    /// `{"scenarios":[{"name","passed","steps":[{"index","action","outcome":{...},"mismatches":[...]}]}]}`
    static func json(_ results: [ScenarioResult]) -> JSONValue {
        .object([
            "scenarios": .array(
                results.map { result in
                    .object([
                        "name": .string(result.name),
                        "passed": .bool(result.passed),
                        "steps": .array(
                            result.steps.map { step in
                                .object([
                                    "index": .int(step.step.index),
                                    "action": .string(step.step.action.name),
                                    "outcome": .object(step.outcome.fields),
                                    "mismatches": .array(
                                        step.mismatches.map { mismatch in
                                            .object([
                                                "field": .string(mismatch.field), "expected": mismatch.expected,
                                                "actual": mismatch.actual,
                                            ])
                                        }),
                                ])
                            }),
                    ])
                })
        ])
    }
}
