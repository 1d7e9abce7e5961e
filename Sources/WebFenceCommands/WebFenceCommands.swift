import ArgumentParser
import WebFenceCommandLine

/// The `webfence` command line, for the two executables that carry it: `webfence` built from a
/// clone (whose `serve`, and whose commands that fetch, run `webfence-serve`: D91, D99) and the
/// release's `webfence`, which serves and fetches in process (D98).
public enum WebFenceCommands {
    /// The root command's configuration, with `serve` as the executable provides it, last.
    public static func configuration(serve: any ParsableCommand.Type) -> CommandConfiguration {
        CommandConfiguration(
            commandName: "webfence",
            abstract: "Decide what in-app web content may do, exactly as the platforms decide it.",
            discussion: """
                WebFence models App-Bound Domains, managed web views, navigation rules and Associated \
                Domains on top of a browser-exact URL parser (WHATWG URL, UTS #46, Public Suffix List).

                Exit status: 0 ran and every expectation held; 1 an expectation failed or a finding \
                at --fail-on's severity; 2 the input itself is unusable.
                """,
            version: WebFenceVersion.description,
            subcommands: [
                TourCommand.self, SimulateCommand.self, RulesCommand.self, AASACommand.self, URLCommand.self,
                AuditCommand.self, FrameworkCommand.self, serve,
            ]
        )
    }
}
