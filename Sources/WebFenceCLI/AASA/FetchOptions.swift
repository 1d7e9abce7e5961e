import ArgumentParser
import Foundation
import WebFenceNetwork

/// The options of every command that fetches association files as a device does (`aasa fetch`,
/// `audit --fetch`): the time limit and an extra CA, and the fetcher they make.
struct FetchOptions: ParsableArguments {
    @Option(name: .customLong("ca-file"), help: ArgumentHelp("Also trust the CA certificates in this PEM file.", valueName: "pem"))
    var caFile: String?

    @Option(help: ArgumentHelp("Give up on a fetch after this many seconds (the whole exchange).", valueName: "seconds"))
    var timeout: Double = 10

    func validate() throws {
        guard timeout > 0, timeout <= 300 else { throw ValidationError("--timeout must be between 0 and 300 seconds.") }
    }

    /// The fetcher, trusting the system's roots and `--ca-file`'s; an unreadable CA file is unusable input.
    func fetcher() throws -> AssociationFileFetcher {
        if let caFile, !FileManager.default.isReadableFile(atPath: caFile) {
            throw InputError(caFile, "cannot read the CA file")
        }
        return AssociationFileFetcher(
            timeout: .milliseconds(Int(timeout * 1000)),
            trustRoots: caFile.map { .system(adding: [.pemFile(path: $0)]) } ?? .system)
    }
}
