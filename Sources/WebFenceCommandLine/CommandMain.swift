import ArgumentParser
import Foundation

/// The `main` of WebFence's executables: runs the command and maps every failure onto the exit
/// statuses of spec/interfaces.md (usage errors and unusable input exit 2, where
/// swift-argument-parser's default would be 64).
public enum CommandMain {
    /// Parses the process's arguments as `command`, runs it, and exits with its status. A command
    /// that fetches runs here when `network` is in process, else in ``ServeExecutable``.
    public static func run(_ command: any ParsableCommand.Type, network: NetworkAccess) async -> Never {
        NetworkAccess.current = network
        do {
            try acceptHandOn(as: command, network: network)
            var parsed = try command.parseAsRoot()
            if case .delegated = network, let fetching = parsed as? any FetchingCommand, fetching.fetches {
                try ServeExecutable.replaceProcess(
                    with: ServeExecutable.locate(), as: ServeExecutable.commandLineName,
                    arguments: Array(CommandLine.arguments.dropFirst()),
                    handedOnBy: command.configuration.version)
            }
            if var asyncCommand = parsed as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try parsed.run()
            }
            exit(ExitStatus.ok)
        } catch let error as InputError {
            Terminal.standardError.write("\(command.configuration.commandName ?? "webfence"): \(error)\n")
            exit(ExitStatus.unusableInput)
        } catch let code as ExitCode {
            exit(code.rawValue)
        } catch {
            if command.exitCode(for: error) == .success { command.exit(withError: error) }
            Terminal.standardError.write(command.fullMessage(for: error) + "\n")
            exit(ExitStatus.unusableInput)
        }
    }

    /// A command handed on by a clone's `webfence` (D99) runs only in an executable that fetches,
    /// and only if it is the same version: never back and forth, never in an older or newer build.
    private static func acceptHandOn(as command: any ParsableCommand.Type, network: NetworkAccess) throws {
        guard let sender = ProcessInfo.processInfo.environment[ServeExecutable.handedOnVariable] else { return }
        unsetenv(ServeExecutable.handedOnVariable)  // not inherited by what this process starts
        let path = Bundle.main.executablePath ?? ServeExecutable.serverName
        guard case .inProcess = network else {
            throw InputError(path, "was handed a command to fetch, and cannot fetch either")
        }
        let version = command.configuration.version
        guard sender == version else {
            let own = version.split(separator: "\n").first.map(String.init) ?? "unknown"
            let theirs = sender.split(separator: "\n").first.map(String.init) ?? "unknown"
            throw InputError(
                path,
                "is WebFence \(own) and was run by webfence \(theirs), another build: build both again (swift build)")
        }
    }
}
