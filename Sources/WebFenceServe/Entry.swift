import ArgumentParser
import Foundation
import NIOCore
import NIOPosix
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

    /// Whether this process runs the server: under its name, or as `webfence serve`.
    static var runsServer: Bool { invokedAsServer || CommandLine.arguments.dropFirst().first == "serve" }

    static func main() async {
        // The server's tasks run on NIO's event loops, which read and write its connections, not on
        // Swift's own threads beside them: no hop between the two for each request (D127). Other
        // commands keep Swift's threads, where their blocking file reads hold no connection's I/O.
        // Here, first, on the main thread, as NIO requires; where NIO cannot (a compiler newer than
        // it knows), nothing changes but the speed.
        if runsServer { NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor() }
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
