import ArgumentParser
import WebFenceAPI
import WebFenceCommandLine

/// `webfence`: the command line over every WebFence capability.
@main
struct WebFenceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "webfence",
        abstract: "Decide what in-app web content may do, exactly as the platforms decide it.",
        discussion: """
            WebFence models App-Bound Domains, managed web views, navigation rules and Associated \
            Domains on top of a browser-exact URL parser (WHATWG URL, UTS #46, Public Suffix List).

            Exit status: 0 ran and every expectation held; 1 an expectation failed or an \
            error-level finding; 2 the input itself is unusable.
            """,
        version: WebFenceVersion.description,
        subcommands: [
            TourCommand.self, SimulateCommand.self, RulesCommand.self, AASACommand.self, URLCommand.self,
            AuditCommand.self, FrameworkCommand.self, ServeCommand.self,
        ]
    )

    /// Runs the command; failures exit as spec/interfaces.md says (`CommandMain`).
    static func main() async { await CommandMain.run(Self.self) }
}
