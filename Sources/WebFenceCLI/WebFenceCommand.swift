import ArgumentParser
import Foundation
import WebFenceAPI

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

    /// Runs the command and maps every failure onto the exit statuses of spec/interfaces.md:
    /// usage errors and unusable input exit 2 (argument-parser's default would be 64).
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let error as InputError {
            Terminal.standardError.write("webfence: \(error)\n")
            Foundation.exit(ExitStatus.unusableInput)
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }
            Terminal.standardError.write(fullMessage(for: error) + "\n")
            Foundation.exit(ExitStatus.unusableInput)
        }
    }
}

/// The exit statuses every command shares (spec/interfaces.md).
enum ExitStatus {
    static let ok: Int32 = 0
    static let expectationFailed: Int32 = 1
    static let unusableInput: Int32 = 2
}
