import ArgumentParser
import HybridFrameworks

/// `webfence framework`: what a hybrid framework's own navigation code decides (interfaces §6).
struct FrameworkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "framework",
        abstract: "What Capacitor, Cordova, react-native-webview or Hotwire Native decide for a URL, and their holes.",
        discussion: """
            Each framework asks its own code before WebKit's App-Bound gate: what it cancels never \
            reaches the gate, what it allows is then gated. WebFence reproduces that code from the \
            framework's configuration and reports the real host the engine loads and whether the \
            configuration lets a host it never named into the web view (a bypass). See \
            docs/frameworks.md.

            Examples:
              webfence framework check --framework capacitor --config Examples/frameworks/capacitor.config.json \\
                  'https://app.example.com.evil.net/'
              webfence framework check --framework cordova-ios --config Examples/frameworks/config.xml https://evil.net/
              webfence framework rules --framework react-native-webview Examples/frameworks/react-native-webview.json
              webfence framework lint Examples/frameworks/capacitor.config.json
            """,
        subcommands: [
            FrameworkCheckCommand.self, FrameworkBridgeCommand.self, FrameworkRulesCommand.self,
            FrameworkLintCommand.self,
        ]
    )
}

extension HybridFramework: ExpressibleByArgument {}
extension FrameworkNavigationAction.NavigationType: ExpressibleByArgument {}
extension FrameworkDecision.Action: ExpressibleByArgument {}
