import ArgumentParser
import Foundation

/// The `main` of WebFence's executables: runs the command and maps every failure onto the exit
/// statuses of spec/interfaces.md (usage errors and unusable input exit 2, where
/// swift-argument-parser's default would be 64).
public enum CommandMain {
    /// Parses the process's arguments as `command`, runs it, and exits with its status. A command
    /// that fetches runs here when `network` is in process, else in ``SiblingExecutable``.
    public static func run(_ command: any ParsableCommand.Type, network: NetworkAccess) async -> Never {
        NetworkAccess.current = network
        do {
            var parsed = try command.parseAsRoot()
            if case .delegated = network, let fetching = parsed as? FetchingCommand, fetching.fetches {
                try SiblingExecutable.replaceProcess(
                    with: SiblingExecutable.locate(), as: "webfence",
                    arguments: Array(CommandLine.arguments.dropFirst()))
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
}
