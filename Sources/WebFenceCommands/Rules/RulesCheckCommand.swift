import ArgumentParser
import Foundation
import NavigationRules
import StrictJSON
import WebFenceCommandLine

/// `webfence rules check`: the decision for each URL, with the deciding rule and the parsed host.
struct RulesCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Decide URLs against a rule set: allow, cancel or openExternally, with the rule and the host.",
        discussion: """
            Each URL is parsed as a browser engine parses it, and judged as a main-frame navigation \
            (--frame sub for a subframe: a subframe is never opened externally). A URL that does \
            not parse is cancelled: no web view would load it.

            With --jsonl, reads JSON lines from stdin, {"id": "...", "url": "...", "frame": "main" | \
            "sub"}, and writes one line per input: {"id", "decision", "rule", "reason", "host"}. A \
            malformed line yields {"id": ..., "error": "..."}, processing goes on, and the exit \
            status is then 2.

            Exit status: 0; 1 when --expect is given and a decision differs; 2 unusable input.

            Examples:
              webfence rules check --rules Examples/rules/seed-003.json https://login.example.com/ https://notexample.com/
              webfence rules check --rules Examples/rules/shop.json --expect cancel 'https://shop.example@evil.com/'
              echo '{"id": "1", "url": "https://ads.cdn.example.net/", "frame": "sub"}' | \\
                  webfence rules check --rules Examples/rules/shop.json --jsonl
            """
    )

    @Option(help: ArgumentHelp("The rule set (plain JSON, or signed with --public-key).", valueName: "file"))
    var rules: String

    @Option(
        name: .customLong("public-key"),
        help: ArgumentHelp("A trusted public key (PEM) for a signed rule set; repeatable.", valueName: "pem"))
    var publicKeys: [String] = []

    @Argument(help: ArgumentHelp("URLs to decide.", valueName: "url"))
    var urls: [String] = []

    @Flag(help: "Read JSON lines from stdin, write one JSON line per input.")
    var jsonl = false

    @Option(help: "The frame the navigation is for: main or sub.")
    var frame: NavigationFrame = .main

    @Option(
        help: ArgumentHelp(
            "Exit 1 unless every decision is this one (allow, cancel, openExternally).", valueName: "decision"))
    var expect: NavigationDecision.Action?

    @OptionGroup var output: FormatOption

    func validate() throws {
        if jsonl, !urls.isEmpty { throw ValidationError("give URLs as arguments or --jsonl on stdin, not both") }
        if !jsonl, urls.isEmpty {
            throw ValidationError("give at least one URL, or --jsonl to read JSON lines from stdin")
        }
    }

    func run() async throws {
        let ruleSet = try RulesInput.ruleSet(rules, publicKeys: publicKeys)
        if jsonl { return try streamLines(ruleSet) }
        let results = urls.map { RulesCheckResult($0, frame: frame, ruleSet: ruleSet) }
        switch output.format {
        case .json:
            print(JSONValue.object(["rules": .string(rules), "results": .array(results.map(\.json))]).serialized())
        case .text:
            print(Self.text(results, terminal: .standardOutput), terminator: "")
        }
        if let expect, results.contains(where: { $0.action != expect }) {
            throw ExitCode(ExitStatus.expectationFailed)
        }
    }

    private func streamLines(_ ruleSet: NavigationRuleSet) throws {
        let malformed = JSONLinesStream.forEachLine { line, lineNumber in
            Self.emit(RulesCheckAnswers.answer(toLine: line, ruleSet: ruleSet), lineNumber: lineNumber)
        }
        if malformed > 0 { throw ExitCode(ExitStatus.unusableInput) }
    }

    private static func emit(_ output: JSONValue, lineNumber: Int) -> Bool {
        print(output.serialized())
        guard let error = output["error"] else { return true }
        Terminal.standardError.write("webfence: stdin:line \(lineNumber): \(error.stringValue ?? "")\n")
        return false
    }

    static func text(_ results: [RulesCheckResult], terminal: Terminal) -> String {
        var out = ""
        for result in results {
            let style: Terminal.Style =
                switch result.action {
                case .allow: .green
                case .cancel: .red
                case .openExternally: .yellow
                }
            let decision = terminal.styled(
                result.action.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0), style)
            out += "\(decision) \(result.url)\n"
            out +=
                "               host \(result.decision?.host ?? "(none)"); rule \(result.decision?.rulePointer ?? "(none)")"
            out += result.decision?.ruleText.map { " \($0)" } ?? ""
            out += "\n               \(result.explanation)\n"
        }
        return out
    }
}

extension NavigationFrame: ExpressibleByArgument {}
extension NavigationDecision.Action: ExpressibleByArgument {}
