import ArgumentParser
import WebFenceCommandLine
import WebFenceCommands

/// `webfence` as a clone builds it: every command, and `serve`, which runs `webfence-serve` (D91).
@main
struct WebFenceCommand: AsyncParsableCommand {
    static let configuration = WebFenceCommands.configuration(serve: ServeCommand.self)

    /// Runs the command; failures exit as spec/interfaces.md says (`CommandMain`).
    static func main() async { await CommandMain.run(Self.self) }
}
