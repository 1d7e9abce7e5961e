/// What fetches association files: WebFenceNetwork's `AssociationFileFetcher` over HTTP, or a
/// test's stand-in. Code that only decides what to fetch and judges the answer (the audit, the
/// command line's reports) depends on this, not on an HTTP client (D99).
public protocol AssociationFileFetching: Sendable {
    /// The URL a device asks for `domain` on `route`, or the reason the domain cannot be asked for.
    func requestURL(for domain: String, route: AssociationFileRequest.Route) -> Result<String, HTTPFetchFailure>

    /// Fetches the file for `domain` (`host` or `host:port`, ASCII) on `route`, and reports every
    /// check. Never throws.
    func fetch(_ domain: String, route: AssociationFileRequest.Route) async -> AssociationFetchReport
}
