import ArgumentParser
import Foundation
import WebFenceCommandLine

/// `webfence serve`: runs `webfence-serve`, the server's own executable, in this process's place,
/// as git runs `git-foo`. The server and the watch are an executable of their own so that the
/// command line builds and starts without Hummingbird, the server side of SwiftNIO and SQLite (D91).
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve WebFence over HTTP: pages and a JSON API for association files, rules and frameworks.",
        discussion: """
            Runs webfence-serve, found beside webfence (or on PATH), with the same arguments: \
            `webfence serve --help` prints its options. From a clone, build it first: \
            swift build --product webfence-serve (swift run webfence-serve works too). docs/server.md \
            describes the pages, the JSON API and the watch.
            """
    )

    @Argument(
        parsing: .captureForPassthrough,
        help: ArgumentHelp("webfence-serve's options (webfence serve --help lists them).", valueName: "options"))
    var options: [String] = []

    func run() throws {
        let server = try ServeExecutable.locate()
        try ServeExecutable.replaceProcess(
            with: server, as: ServeExecutable.serverName, arguments: options,
            handedOnBy: WebFenceCommand.configuration.version)
    }
}
