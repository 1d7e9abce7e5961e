import ArgumentParser
import HybridFrameworks
import StrictJSON
import WebFenceCommandLine

/// `webfence framework rules`: the WebFence rule set that allows what a framework configuration
/// meant, without its holes.
struct FrameworkRulesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "Print the rule set that allows what a framework configuration meant, without its holes.",
        discussion: """
            The rule set (spec/navigation-rules.md) names each host the configuration meant, compared \
            label by label on the real host, with its scheme and port; it checks subframes too. Use \
            it from your own decidePolicyFor (the WebFenceNavigation library) instead of the \
            framework's matcher. What a rule set cannot say (the app's own custom-scheme pages, \
            "every host", intents such as tel:) is printed as a note on stderr: your delegate \
            handles those first.

            Example:
              webfence framework rules --framework capacitor Examples/frameworks/capacitor.config.json > rules.json
              webfence rules check --rules rules.json https://app.example.com.evil.net/
            """
    )

    @Option(help: "The framework: capacitor, cordova-ios, react-native-webview, hotwire-native or pwabuilder.")
    var framework: HybridFramework

    @Argument(help: ArgumentHelp("The framework's configuration file.", valueName: "file"))
    var config: String

    func run() async throws {
        let (policy, notes) = try FrameworkInput.policy(framework, configPath: config)
        for note in notes { Terminal.standardError.write("webfence: \(config):\(note)\n") }
        let meant = MeantNavigation(policy)
        let (ruleSet, leftOut) = FrameworkRuleSet.json(meant, framework: framework)
        for note in meant.notes + leftOut { Terminal.standardError.write("webfence: note: \(note)\n") }
        print(Self.pretty(ruleSet))
    }

    /// The rule set with one member, and one rule, a line: easy to read and to diff.
    static func pretty(_ ruleSet: JSONValue) -> String {
        guard case .object(let members) = ruleSet else { return ruleSet.serialized() }
        let lines = members.map { member -> String in
            let key = JSONValue.string(member.key).serialized()
            if case .array(let items) = member.value, !items.isEmpty {
                let inner = items.map { "    \($0.serialized())" }.joined(separator: ",\n")
                return "  \(key): [\n\(inner)\n  ]"
            }
            return "  \(key): \(member.value.serialized())"
        }
        return "{\n" + lines.joined(separator: ",\n") + "\n}"
    }
}
