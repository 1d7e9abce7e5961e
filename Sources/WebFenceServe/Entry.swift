import ArgumentParser
import Foundation
import WebFenceCommandLine
import WebFenceCommands

/// One executable, two names (D98): run as `webfence-serve` it is the server; run as anything else
/// (the release installs it as `bin/webfence`, with `webfence-serve` a link to it) it is the whole
/// command line, whose `serve` runs the server in this process.
@main
enum Entry {
    /// Whether this process was started under the server's name.
    static let invokedAsServer =
        URL(fileURLWithPath: CommandLine.arguments.first ?? ServeExecutable.serverName).lastPathComponent
        == ServeExecutable.serverName

    static func main() async {
        if invokedAsServer {
            await CommandMain.run(ServeCommand.self, network: .http)
        } else {
            await CommandMain.run(FullCommand.self, network: .http)
        }
    }
}

/// `webfence` with every command, the server's included.
struct FullCommand: AsyncParsableCommand {
    static let configuration = WebFenceCommands.configuration(serve: ServeCommand.self)
}
