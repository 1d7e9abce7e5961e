import ArgumentParser
import AssociationFetchCore
import Foundation

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

    /// The fetcher this executable makes (``NetworkAccess``), trusting the system's roots and
    /// `--ca-file`'s; an unreadable CA file is unusable input.
    public func fetcher() throws -> any AssociationFileFetching {
        try checked()
        switch NetworkAccess.current {
        case .inProcess(let make)?:
            return try make(self)
        case .delegated?:
            // CommandMain hands every FetchingCommand that fetches on before it runs.
            preconditionFailure("a command fetched in an executable without the HTTP client")
        case nil:
            preconditionFailure("FetchOptions.fetcher() before CommandMain.run set the network access")
        }
    }

    /// These options, once the CA file is known to be readable (unusable input otherwise).
    @discardableResult
    public func checked() throws -> FetchOptions {
        if let caFile, !FileManager.default.isReadableFile(atPath: caFile) {
            throw InputError(caFile, "cannot read the CA file")
        }
        return self
    }
}
