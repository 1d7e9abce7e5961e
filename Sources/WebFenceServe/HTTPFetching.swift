import WebFenceCommandLine
import WebFenceNetwork

extension FetchOptions {
    /// The HTTP fetcher the options ask for: the time limit, and the system's roots with
    /// `--ca-file`'s. Callers check the CA file first: `fetcher()` does, `serve` calls `checked()`.
    func httpFetcher() -> AssociationFileFetcher {
        AssociationFileFetcher(
            timeout: .milliseconds(Int(timeout * 1000)),
            trustRoots: caFile.map { .system(adding: [.pemFile(path: $0)]) } ?? .system)
    }
}

extension NetworkAccess {
    /// This executable links the HTTP client: every command fetches in process (D99).
    static let http = NetworkAccess.inProcess { options in options.httpFetcher() }
}
