import HybridFrameworks
import WebFenceCommandLine

/// The text of `framework check`'s answers (their JSON is `FrameworkDecision.json(url:)`).
enum FrameworkCheckOutput {
    static func text(_ results: [(String, FrameworkDecision)], terminal: Terminal) -> String {
        var out = ""
        for (url, decision) in results {
            let style: Terminal.Style =
                switch decision.action {
                case .allow: decision.isBypass ? .red : .green
                case .cancel, .download: .red
                case .openExternally: .yellow
                }
            let action = terminal.styled(
                decision.checkDecision.padding(toLength: 14, withPad: " ", startingAt: 0), style)
            let bypass = decision.isBypass ? terminal.styled("  BYPASS", .red) : ""
            out += "\(action) \(url)\(bypass)\n"
            out += "               host \(decision.hostText ?? "(none)"); \(decision.rule)\n"
            if decision.isBypass {
                out +=
                    "               the configuration never named this host, yet the framework loads it in the web view\n"
            }
        }
        return out
    }
}
