import Foundation
import PackagePlugin

/// `swift package webfence …`: runs the `webfence` of the artifact bundle in the package's folder
/// with the arguments given (`audit Sources/App/Info.plist`, `aasa lint …`, `framework check …`).
/// Its output is printed as it is; an exit status other than 0 fails the command.
@main
struct WebFenceCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let process = Process()
        process.executableURL = try context.tool(named: "webfence").url
        process.arguments = arguments.isEmpty ? ["--help"] : arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let status = process.terminationStatus
            let meaning = status == 1 ? "a finding at --fail-on's severity" : "the input could not be used"
            Diagnostics.error("webfence \(arguments.prefix(2).joined(separator: " ")) exited \(status): \(meaning)")
            throw CommandFailure(status: status)
        }
    }
}

/// `webfence` exited with a status other than 0.
struct CommandFailure: Error, CustomStringConvertible {
    let status: Int32
    var description: String { "webfence exited \(status)" }
}
