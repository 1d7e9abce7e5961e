import AssociatedDomains
import AssociationFetchCore
import WebFenceNetwork

/// The server's fetches of association files (`POST /v1/aasa/fetch`, the universal-links page):
/// the domain checked by the address guard before anything is sent, at most a bounded number of
/// fetches at once, each with the fetcher's time and size limits.
struct AssociationFetching: Sendable {
    /// Why a fetch was not made.
    enum Refusal: Error, Sendable {
        /// Every place is taken (``ConcurrencyBound``).
        case busy(maximum: Int)
        /// The domain is an IP address or resolves to an address that is not public.
        case address(HTTPFetchFailure)
    }

    /// The fetcher, its address guard set unless private networks are allowed.
    let fetcher: AssociationFileFetcher
    let limiter: ConcurrencyBound
    /// Where each fetch's outcome is counted.
    let metrics: ServerMetrics

    init(
        fetcher: AssociationFileFetcher, allowPrivateNetworks: Bool, maximumConcurrentFetches: Int,
        metrics: ServerMetrics
    ) {
        self.metrics = metrics
        var fetcher = fetcher
        if allowPrivateNetworks {
            fetcher.addressGuard = nil
        } else if fetcher.addressGuard == nil {
            fetcher.addressGuard = PublicAddressGuard()
        }
        self.fetcher = fetcher
        limiter = ConcurrencyBound(maximum: maximumConcurrentFetches)
    }

    /// Fetches `domain` on `routes`; the domain's own host is checked first, whichever route is
    /// asked, so a private name is refused before any connection (the CDN route's connection, to
    /// the CDN, is checked by the fetcher as every connection is).
    func fetch(
        _ domain: LinkDomain, routes: [AssociationFileRequest.Route], appID: String?
    ) async -> Result<AssociationFetch, Refusal> {
        let answer = await limiter.withPlace { () -> Result<AssociationFetch, Refusal> in
            if let addressGuard = fetcher.addressGuard,
                case .failure(let failure) = await addressGuard.check(host: domain.host.description),
                case .addressRefused = failure
            {
                return .failure(.address(failure))
            }
            return .success(await AssociationFetch.run(domain, routes: routes, appID: appID, fetcher: fetcher))
        }
        let result = answer ?? .failure(.busy(maximum: limiter.maximum))
        switch result {
        case .success(let fetch): for route in fetch.routes { metrics.fetched(outcome: route.report.outcome.rawValue) }
        case .failure(.busy): metrics.fetched(outcome: "busy")
        case .failure(.address): metrics.fetched(outcome: "addressRefused")
        }
        return result
    }
}
