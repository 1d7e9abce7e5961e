import ArgumentParser
import Foundation
import HybridFrameworks
import NavigationRules
import StrictJSON
import WebAddress
import WebFenceCommandLine

/// `webfence framework bridge`: per frame URL, whether the framework's bridge script runs there and
/// whether a call from there reaches the app's native code (interfaces §6b).
struct FrameworkBridgeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bridge",
        abstract: "Which frames get a framework's JavaScript bridge, and whose calls reach native code.",
        discussion: """
            --framework is one of capacitor, cordova-ios, react-native-webview, hotwire-native, \
            pwabuilder (their configuration files as for `framework check`), flutter-inappwebview (a \
            JSON object of InAppWebViewSettings members: javaScriptBridgeEnabled, \
            javaScriptBridgeOriginAllowList, javaScriptBridgeForMainFrameOnly, \
            pluginScriptsOriginAllowList, pluginScriptsForMainFrameOnly, \
            javaScriptHandlersOriginAllowList, applePayAPIEnabled), webview-flutter \
            ({"channels": ["Name", ...]}) or tauri ({"window", "webview", "capabilities": [...], \
            "devUrl", "frontendDist", "customProtocols", "appManifest"}, the capabilities as in \
            src-tauri/capabilities/*.json; --command names the command a call invokes).

            "offered": the framework's bridge script runs in that frame. "accepted": a bridge call \
            from that frame reaches the app's native code. "bypass": either, for a frame whose origin \
            the configuration does not name. App-Bound Domains are applied on top, by `simulate`: in a \
            frame that is not app-bound WebKit runs no user script and withholds the handlers.

            flutter_inappwebview's allow lists are regular expressions; WebFence evaluates the syntax \
            JavaScript and ICU read alike (docs/frameworks.md) and answers with a failure naming any \
            other entry, never a guess. --version picks the release: 6.1.5 (no origin settings) or \
            6.2.0-beta.1 to 6.2.0-beta.3 (the default); for tauri 2.MINOR.PATCH (before 2.11.2 a \
            remote page runs the app's own commands without a capability; default 2.12.0).

            With --jsonl, reads JSON lines from stdin: {"id", "framework", "version", "config", "url", \
            "frame": "main" | "sub", "command"}, and writes one line per input: {"id", "offered", \
            "accepted", "origin", "rule", "bypass"}. A line that cannot be used yields {"id", \
            "failure": true, "reason"}, processing goes on, and the exit status is then 2.

            Examples:
              webfence framework bridge --framework flutter-inappwebview \\
                  --config Examples/frameworks/flutter-inappwebview.json --frame sub https://ads.example.net/
              webfence framework bridge --framework flutter-inappwebview --config settings.json \\
                  'https://app.example.com.evil.net/'

            Exit status: 0; 2 unusable input or an entry WebFence does not evaluate.
            """
    )

    @Option(help: "The framework: \(BridgePolicy.frameworkNames.joined(separator: ", ")).")
    var framework: String?

    @Option(help: ArgumentHelp("The framework's configuration file.", valueName: "file"))
    var config: String?

    @Option(help: ArgumentHelp("The framework release whose behaviour to use.", valueName: "version"))
    var version: String?

    @Option(help: "The frame: main or sub.")
    var frame: NavigationFrame = .main

    @Option(
        help: ArgumentHelp("The Tauri command a call invokes (plugin:event|listen, save_note).", valueName: "command"))
    var command: String?

    @Argument(help: ArgumentHelp("Frame URLs.", valueName: "url"))
    var urls: [String] = []

    @Flag(help: "Read JSON lines from stdin, write one JSON line per input.")
    var jsonl = false

    @OptionGroup var output: FormatOption

    func validate() throws {
        if jsonl {
            if !urls.isEmpty || framework != nil || config != nil || version != nil || command != nil || frame != .main
            {
                throw ValidationError(
                    "with --jsonl, each line names its framework, version, config, URL, frame and command")
            }
            return
        }
        if command != nil, framework != "tauri" { throw ValidationError("--command is for --framework tauri") }
        guard let framework, config != nil else { throw ValidationError("give --framework and --config (or --jsonl)") }
        guard BridgePolicy.frameworkNames.contains(framework) else {
            throw ValidationError("--framework must be one of: \(BridgePolicy.frameworkNames.joined(separator: ", "))")
        }
        if urls.isEmpty { throw ValidationError("give at least one URL, or --jsonl to read JSON lines from stdin") }
    }

    func run() async throws {
        if jsonl {
            let answers = FrameworkBridgeAnswers(policies: CompiledCache(capacity: 8))
            return try FrameworkLines.run(answering: answers.answer(toLine:))
        }
        guard let framework, let config else { return }
        let policy = try FrameworkInput.bridgePolicy(framework, version: version, configPath: config)
        var results: [(String, FrameworkBridgeDecision)] = []
        for text in urls {
            guard case .success(let url) = WebURL.parse(text) else {
                throw InputError(text, "not a URL: no frame loads it")
            }
            do throws(FrameworkBridgeFailure) {
                results.append((text, try policy.decide(url, isMainFrame: frame == .main, command: command)))
            } catch {
                throw InputError(config, error.reason)
            }
        }
        switch output.format {
        case .json:
            let items = results.map { url, decision in
                guard case .object(let members) = FrameworkBridgeAnswers.line(id: .null, decision) else {
                    return JSONValue.null
                }
                return .object([.init("url", .string(url))] + members.filter { $0.key != "id" })
            }
            print(
                JSONValue.object([
                    "framework": .string(framework), "config": .string(config), "results": .array(items),
                ]).serialized())
        case .text:
            print(Self.text(results, terminal: .standardOutput), terminator: "")
        }
    }

    static func text(_ results: [(String, FrameworkBridgeDecision)], terminal: Terminal) -> String {
        var out = ""
        for (url, decision) in results {
            let (word, style): (String, Terminal.Style) =
                decision.accepted
                ? ("accepted", decision.isBypass ? .red : .yellow)
                : decision.offered ? ("offered", decision.isBypass ? .red : .yellow) : ("absent", .green)
            let bypass = decision.isBypass ? terminal.styled("  BYPASS", .red) : ""
            out += "\(terminal.styled(word.padding(toLength: 9, withPad: " ", startingAt: 0), style)) \(url)\(bypass)\n"
            out += "          origin \(decision.origin); offered \(decision.offered), accepted \(decision.accepted)\n"
            out += "          \(decision.rule)\n"
        }
        return out
    }
}
