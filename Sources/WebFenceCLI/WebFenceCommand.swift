import ArgumentParser
import WebFenceCommandLine
import WebFenceCommands

/// `webfence` as a clone builds it: every command, without the HTTP client and the server. `serve`
/// runs `webfence-serve` (D91); a command that fetches runs it under the name `webfence` (D99).
@main
struct WebFenceCommand: AsyncParsableCommand {
    static let configuration = WebFenceCommands.configuration(serve: ServeCommand.self)

    /// Runs the command; failures exit as spec/interfaces.md says (`CommandMain`).
    static func main() async { await CommandMain.run(Self.self, network: .delegated) }
}
