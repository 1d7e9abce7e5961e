import ArgumentParser
import Logging
import WebFenceServer

/// `webfence serve`: the JSON API of interfaces §7 over HTTP.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve WebFence over HTTP: pages and a JSON API for association files, rules and frameworks.",
        discussion: """
            Pages: / (universal links), /rules (rules and frameworks), /scenario. Routes \
            (interfaces §7): GET /health and /openapi.json; POST /v1/aasa/match, /v1/rules/check and \
            /v1/framework/check, whose answers are exactly those of the matching --jsonl command. \
            Logs go to stderr, one line per request. SIGINT or SIGTERM stops the server after the \
            requests in flight.

            Example:
              webfence serve --port 8080
              curl -s localhost:8080/v1/framework/check -d @Examples/frameworks/check.json
            """
    )

    @Option(help: "The address to listen on. The default, loopback, serves this machine only.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on.")
    var port = 8080

    @Option(help: ArgumentHelp("The largest request body accepted, in bytes.", valueName: "bytes"))
    var maximumBodySize = 1 << 20

    @Option(help: "The least severe log messages written: info writes a line per request; warning only problems.")
    var logLevel: LogLevel = .info

    func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("--port must be from 1 to 65535") }
        guard (1...(64 << 20)).contains(maximumBodySize) else {
            throw ValidationError("--maximum-body-size must be from 1 byte to 64 MiB")
        }
    }

    func run() async throws {
        var logger = Logger(label: "webfence.serve")
        logger.logLevel = logLevel.level
        let server = WebFenceServer(.init(host: host, port: port, maximumBodySize: maximumBodySize))
        try await server.run(logger: logger)
    }
}

/// swift-log's levels, by their names.
enum LogLevel: String, CaseIterable, ExpressibleByArgument {
    case trace, debug, info, notice, warning, error, critical

    var level: Logger.Level { Logger.Level(rawValue: rawValue) ?? .info }
}
