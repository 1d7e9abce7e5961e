import AssociationFetchCore
import NIOCore

/// Fetches a domain's `apple-app-site-association` file as a device does, and checks the answer
/// as a validator should (spec/associated-domains.md §4).
///
/// The checks a report can hold, by code:
/// - `fetch.domain`, `fetch.request`, `fetch.caFile`: nothing was sent (unusable domain, limits or
///   trust roots).
/// - `fetch.address.private`: nothing was sent; the ``addressGuard`` refused the host.
/// - `fetch.dns`, `fetch.connect`, `fetch.tls`, `fetch.timeout`, `fetch.protocol`,
///   `fetch.cancelled`, `fetch.error`: the exchange failed. `fetch.tls` is a note when the
///   certificate passed.
/// - `fetch.status` (200, a note), `fetch.redirect`, `fetch.status.denied` (400–499),
///   `fetch.status.unavailable` (500–599), `fetch.status.unexpected`: the status, on the direct
///   route; on the CDN route 400–599 is `fetch.cdn.failure`, with `fetch.cdn.tryDirect` when the CDN
///   sent `Apple-Try-Direct`, and a 200 adds `fetch.cdn.origin`.
/// - `fetch.contentType` (200 only; a warning unless `application/json`), `fetch.size` (an error
///   over `AssociationFileRequest.maximumFileSize`), `fetch.body` (the body arrived; parsing it is the caller's job).
public struct AssociationFileFetcher: AssociationFileFetching {
    /// The limit for the whole exchange (connect, TLS, response and body).
    public var timeout: Duration
    /// The certificate authorities the server must chain to.
    public var trustRoots: TrustRoots
    /// The `User-Agent` sent.
    public var userAgent: String
    /// The base URL of the CDN route, which a test points at a local server.
    public var cdnBaseURL: String
    /// Host names mapped to the IP address to connect to instead (the certificate is still checked
    /// against the host name).
    public var addressOverrides: [String: String]
    /// When set, each fetch resolves the host it connects to first, refuses it unless every
    /// address is public (`fetch.address.private`), and connects to the address it checked
    /// (in place of any ``addressOverrides`` entry for that host).
    public var addressGuard: PublicAddressGuard?
    private let eventLoopGroup: (any EventLoopGroup)?

    /// A fetcher with the given limits. Without an event loop group it uses AsyncHTTPClient's
    /// shared one.
    public init(
        timeout: Duration = .seconds(10),
        trustRoots: TrustRoots = .system,
        userAgent: String = AssociationFileRequest.deviceUserAgent,
        cdnBaseURL: String = AssociationFileRequest.appleCDNBaseURL,
        addressOverrides: [String: String] = [:],
        addressGuard: PublicAddressGuard? = nil,
        eventLoopGroup: (any EventLoopGroup)? = nil
    ) {
        self.addressGuard = addressGuard
        self.timeout = timeout
        self.trustRoots = trustRoots
        self.userAgent = userAgent
        self.cdnBaseURL = cdnBaseURL
        self.addressOverrides = addressOverrides
        self.eventLoopGroup = eventLoopGroup
    }

    /// The URL a device asks for `domain` (`host` or `host:port`, ASCII) on `route`, or the reason
    /// the domain cannot be asked for.
    public func requestURL(for domain: String, route: AssociationFileRequest.Route) -> Result<String, HTTPFetchFailure>
    {
        AssociationFileRequest.url(for: domain, route: route, cdnBaseURL: cdnBaseURL)
    }

    /// Fetches the file for `domain` (`host` or `host:port`, ASCII; convert an internationalised
    /// name to punycode first) on `route`, and reports every check. Never throws.
    public func fetch(_ domain: String, route: AssociationFileRequest.Route = .cdn) async -> AssociationFetchReport {
        let url: String
        switch requestURL(for: domain, route: route) {
        case .success(let built):
            url = built
        case .failure(let failure):
            return notSent(
                domain, route: route, url: nil,
                FetchCheck(code: "fetch.domain", severity: .error, message: failure.sentence))
        }
        var overrides = addressOverrides
        if let addressGuard {
            switch await addressGuard.pin(url) {
            case .success(let (host, address)):
                overrides[host] = address.description
            case .failure(let failure):
                return notSent(domain, route: route, url: url, AssociationFetchEvaluation.transportCheck(failure))
            }
        }
        let client = BoundedHTTPClient(
            configuration: .init(
                userAgent: userAgent,
                timeout: timeout,
                maximumBodySize: AssociationFileRequest.maximumFileSize,
                trustRoots: trustRoots,
                addressOverrides: overrides
            ),
            eventLoopGroup: eventLoopGroup
        )
        let result = await client.get(url)
        let evaluation = AssociationFetchEvaluation(
            result: result, route: route, sizeLimit: AssociationFileRequest.maximumFileSize)
        return AssociationFetchReport(
            domain: domain,
            route: route,
            url: url,
            userAgent: userAgent,
            response: result.response,
            selectedHeaders: evaluation.selectedHeaders,
            cdn: evaluation.cdn,
            redirect: evaluation.redirect,
            body: result.body,
            bodyBytesReceived: result.bodyBytesReceived,
            outcome: evaluation.outcome,
            checks: evaluation.checks,
            elapsed: result.elapsed
        )
    }

    /// The report of a fetch that sent nothing, for the one check that stopped it.
    private func notSent(_ domain: String, route: AssociationFileRequest.Route, url: String?, _ check: FetchCheck)
        -> AssociationFetchReport
    {
        AssociationFetchReport(
            domain: domain, route: route, url: url, userAgent: userAgent, response: nil, selectedHeaders: [],
            cdn: nil, redirect: nil, body: nil, bodyBytesReceived: 0, outcome: .failed, checks: [check],
            elapsed: .zero)
    }
}
