import ArgumentParser
import AssociationFetchCore

/// How an executable fetches association files (D99): the release's `webfence` and
/// `webfence-serve` link the HTTP client and fetch in process; `webfence` built from a clone
/// leaves SwiftNIO and its TLS out so that it builds in half the time, and hands a command that
/// fetches to `webfence-serve`, run under the name `webfence` with the same arguments.
public enum NetworkAccess: Sendable {
    /// Fetches in this process with the fetcher the closure makes from the command's options.
    case inProcess(@Sendable (FetchOptions) throws -> any AssociationFileFetching)
    /// A command that fetches is run by ``ServeExecutable`` in this process's place.
    case delegated

    /// This process's access, set once by ``CommandMain/run(_:network:)`` before the arguments are
    /// parsed and only read after; nil when no `main` set it (a test calling a command directly).
    nonisolated(unsafe) static var current: NetworkAccess?
}

/// A command that fetches over the network when ``fetches`` is true (`aasa fetch`,
/// `audit --fetch`); an executable without the HTTP client hands it on before it runs. Holding
/// the fetch options is part of the protocol, so a command cannot fetch without saying so.
public protocol FetchingCommand: ParsableCommand {
    /// The fetch options the command takes (an `@OptionGroup`).
    var fetching: FetchOptions { get }
    /// Whether this invocation fetches.
    var fetches: Bool { get }
}
