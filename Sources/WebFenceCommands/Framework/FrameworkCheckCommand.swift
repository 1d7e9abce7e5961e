import ArgumentParser
import Foundation
import HybridFrameworks
import NavigationRules
import StrictJSON
import WebAddress
import WebFenceCommandLine

/// `webfence framework check`: per URL, the framework's decision, the entry or built-in rule that
/// decided, the real host and whether it is a bypass (interfaces §6).
struct FrameworkCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Decide URLs as a hybrid framework's own code does: allow, cancel or openExternally, and bypasses.",
        discussion: """
            --framework capacitor reads capacitor.config.json; cordova-ios reads config.xml (or the \
            JSON object of --jsonl); react-native-webview and hotwire-native read a JSON object of \
            their props: {"originWhitelist": [...]} and {"startLocation": "https://..."}; pwabuilder \
            reads the shell's Settings.swift (its rootUrl, allowedOrigins and authOrigins literals) or \
            {"rootUrl": "https://...", "allowedOrigins": [...], "authOrigins": [...]}.

            Each URL is first canonicalised as WebKit does before the framework sees it (WHATWG URL). \
            "bypass" means the framework lets the URL load in the web view on a host its configuration \
            never named.

            With --jsonl, reads JSON lines from stdin: {"id", "framework", "config", "url", "frame": \
            "main" | "sub", "navigationType": "link" | "formSubmitted" | "backForward" | "reload" | \
            "formResubmitted" | "other", "newWindow": true?, "appInitiated": true?}, and writes one line per input: {"id", \
            "decision", "host", "bypass", "rule"}. A line that cannot be used yields {"id", "failure": \
            true, "reason"}, processing goes on, and the exit status is then 2.

            Exit status: 0; 1 when --expect is given and a decision differs; 2 unusable input.
            """
    )

    @Option(help: "The framework: capacitor, cordova-ios, react-native-webview, hotwire-native or pwabuilder.")
    var framework: HybridFramework?

    @Option(help: ArgumentHelp("The framework's configuration file.", valueName: "file"))
    var config: String?

    @Option(help: "The frame the navigation targets: main or sub.")
    var frame: NavigationFrame = .main

    @Flag(help: "The navigation asks for a new window (window.open, target=_blank): no target frame.")
    var newWindow = false

    @Flag(help: "The app loaded the URL itself (load(_:)): no source frame.")
    var appInitiated = false

    @Option(
        name: .customLong("navigation-type"),
        help: "link, formSubmitted, backForward, reload, formResubmitted or other (WKNavigationType).")
    var navigationType: FrameworkNavigationAction.NavigationType = .link

    @Argument(help: ArgumentHelp("URLs to decide.", valueName: "url"))
    var urls: [String] = []

    @Flag(help: "Read JSON lines from stdin, write one JSON line per input.")
    var jsonl = false

    @Option(help: ArgumentHelp("Exit 1 unless every decision is this one.", valueName: "decision"))
    var expect: FrameworkDecision.Action?

    @OptionGroup var output: FormatOption

    func validate() throws {
        if jsonl {
            if !urls.isEmpty || framework != nil || config != nil {
                throw ValidationError("with --jsonl, each line names its framework, config and URL")
            }
            return
        }
        if framework == nil || config == nil { throw ValidationError("give --framework and --config (or --jsonl)") }
        if urls.isEmpty { throw ValidationError("give at least one URL, or --jsonl to read JSON lines from stdin") }
    }

    func run() async throws {
        if jsonl {
            let answers = FrameworkCheckAnswers(policies: CompiledCache(capacity: 8))
            return try FrameworkLines.run(answering: answers.answer(toLine:))
        }
        guard let framework, let config else { return }
        let (policy, notes) = try FrameworkInput.policy(framework, configPath: config)
        for note in notes { Terminal.standardError.write("webfence: \(config):\(note)\n") }
        let target: FrameworkNavigationAction.TargetFrame = newWindow ? .newWindow : frame == .main ? .main : .sub
        var results: [(String, FrameworkDecision)] = []
        for text in urls {
            guard case .success(let url) = WebURL.parse(text) else {
                throw InputError(text, "not a URL: WebKit never hands it to the framework")
            }
            let action = FrameworkNavigationAction(
                url: url, target: target, navigationType: navigationType, isAppInitiated: appInitiated)
            results.append((text, policy.decide(action)))
        }
        switch output.format {
        case .json:
            let items = results.map { url, decision in decision.json(url: url) }
            print(
                JSONValue.object([
                    "framework": .string(framework.rawValue), "config": .string(config), "results": .array(items),
                ]).serialized())
        case .text:
            print(FrameworkCheckOutput.text(results, terminal: .standardOutput), terminator: "")
        }
        if let expect, results.contains(where: { $0.1.action != expect }) {
            throw ExitCode(ExitStatus.expectationFailed)
        }
    }
}
