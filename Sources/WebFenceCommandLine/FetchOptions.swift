import ArgumentParser
import Foundation
import WebFenceNetwork

/// The options of every command that fetches association files as a device does (`aasa fetch`,
/// `audit --fetch`): the time limit and an extra CA, and the fetcher they make.
public struct FetchOptions: ParsableArguments {
    /// A PEM file of CA certificates trusted besides the system's.
    @Option(
        name: .customLong("ca-file"),
        help: ArgumentHelp("Also trust the CA certificates in this PEM file.", valueName: "pem"))
    public var caFile: String?

    @Option(
        name: .customLong("timeout"),
        help: ArgumentHelp(
            "Give up on a fetch after this many seconds (the whole exchange; default 10).", valueName: "seconds"))
    var timeoutOption: Double?

    /// No CA file and the default time limit.
    public init() {}

    /// The time limit in seconds.
    public var timeout: Double { timeoutOption ?? 10 }

    /// Whether either option was given (a command that fetches only on request refuses them otherwise).
    public var isGiven: Bool { caFile != nil || timeoutOption != nil }

    /// Refuses a time limit outside 1 ms to 300 s.
    public func validate() throws {
        guard timeout >= 0.001, timeout <= 300 else {
            throw ValidationError("--timeout must be between 0.001 and 300 seconds.")
        }
    }

    /// The fetcher, trusting the system's roots and `--ca-file`'s; an unreadable CA file is unusable input.
    public func fetcher() throws -> AssociationFileFetcher {
        if let caFile, !FileManager.default.isReadableFile(atPath: caFile) {
            throw InputError(caFile, "cannot read the CA file")
        }
        return AssociationFileFetcher(
            timeout: .milliseconds(Int(timeout * 1000)),
            trustRoots: caFile.map { .system(adding: [.pemFile(path: $0)]) } ?? .system)
    }
}
