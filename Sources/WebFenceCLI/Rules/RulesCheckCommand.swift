import ArgumentParser
import Foundation
import NavigationRules
import WebFence

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
    var frame: Frame = .main

    @Option(
        help: ArgumentHelp(
            "Exit 1 unless every decision is this one (allow, cancel, openExternally).", valueName: "decision"))
    var expect: Decision?

    @Option(help: "text (for people) or json.")
    var format: OutputFormat = .text

    enum Frame: String, ExpressibleByArgument { case main, sub }
    enum Decision: String, ExpressibleByArgument { case allow, cancel, openExternally }

    func validate() throws {
        if jsonl, !urls.isEmpty { throw ValidationError("give URLs as arguments or --jsonl on stdin, not both") }
        if !jsonl, urls.isEmpty {
            throw ValidationError("give at least one URL, or --jsonl to read JSON lines from stdin")
        }
    }

    func run() async throws {
        let ruleSet = try RulesInput.ruleSet(rules, publicKeys: publicKeys)
        if jsonl { return try streamLines(ruleSet) }
        let results = urls.map { Self.check($0, frame: frame == .main ? .main : .sub, ruleSet: ruleSet) }
        switch format {
        case .json:
            print(JSONValue.object(["rules": .string(rules), "results": .array(results.map(\.json))]).serialized())
        case .text:
            print(Self.text(results, terminal: .standardOutput), terminator: "")
        }
        if let expect, results.contains(where: { $0.decision != expect.rawValue }) {
            throw ExitCode(ExitStatus.expectationFailed)
        }
    }

    private func streamLines(_ ruleSet: NavigationRuleSet) throws {
        let malformed = JSONLinesStream.forEachLine { line, lineNumber in
            let input: JSONValue
            do throws(JSONParser.Error) { input = try JSONParser.parse(line) } catch {
                let message = "invalid JSON at column \(error.column): \(error.message)"
                return Self.emit(.object(["id": .null, "error": .string(message)]), lineNumber: lineNumber)
            }
            let id = input["id"] ?? .null
            guard case .string(let url)? = input["url"] else {
                return Self.emit(
                    .object(["id": id, "error": .string("\"url\" must be a string")]), lineNumber: lineNumber)
            }
            let frame: NavigationFrame
            switch input["frame"] {
            case nil, .string("main")?: frame = .main
            case .string("sub")?: frame = .sub
            default:
                return Self.emit(
                    .object(["id": id, "error": .string("\"frame\" must be \"main\" or \"sub\"")]),
                    lineNumber: lineNumber)
            }
            let result = Self.check(url, frame: frame, ruleSet: ruleSet)
            return Self.emit(
                .object([
                    "id": id, "decision": .string(result.decision), "rule": .string(result.rule),
                    "reason": .string(result.reason),
                    "host": .string(result.host),
                ]), lineNumber: lineNumber)
        }
        if malformed > 0 { throw ExitCode(ExitStatus.unusableInput) }
    }

    private static func emit(_ output: JSONValue, lineNumber: Int) -> Bool {
        print(output.serialized())
        guard let error = output["error"] else { return true }
        Terminal.standardError.write("webfence: stdin:line \(lineNumber): \(error.stringValue ?? "")\n")
        return false
    }

    /// One URL's answer.
    struct Result {
        let url: String
        let decision: String
        let rule: String?
        let ruleText: String?
        let reason: String
        let host: String?
        let explanation: String

        var json: JSONValue {
            .object([
                "url": .string(url), "decision": .string(decision), "rule": .string(rule),
                "ruleText": .string(ruleText),
                "reason": .string(reason), "host": .string(host), "explanation": .string(explanation),
            ])
        }
    }

    static func check(_ text: String, frame: NavigationFrame, ruleSet: NavigationRuleSet) -> Result {
        switch WebURL.parse(text) {
        case .failure(let error):
            return Result(
                url: text, decision: "cancel", rule: nil, ruleText: nil, reason: "url.unparsable", host: nil,
                explanation: "not a URL (\(error.code): \(error)): no web view loads it")
        case .success(let url):
            let decision = ruleSet.decide(url, frame: frame)
            return Result(
                url: text, decision: decision.action.rawValue, rule: decision.rulePointer, ruleText: decision.ruleText,
                reason: decision.reason.code, host: decision.host, explanation: decision.explanation)
        }
    }

    static func text(_ results: [Result], terminal: Terminal) -> String {
        var out = ""
        for result in results {
            let style: Terminal.Style =
                result.decision == "allow" ? .green : result.decision == "cancel" ? .red : .yellow
            let decision = terminal.styled(result.decision.padding(toLength: 14, withPad: " ", startingAt: 0), style)
            out += "\(decision) \(result.url)\n"
            out += "               host \(result.host ?? "(none)"); rule \(result.rule ?? "(none)")"
            out += result.ruleText.map { " \($0)" } ?? ""
            out += "\n               \(result.explanation)\n"
        }
        return out
    }
}
