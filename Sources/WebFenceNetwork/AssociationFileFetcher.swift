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
///   over ``maximumFileSize``), `fetch.body` (the body arrived; parsing it is the caller's job).
public struct AssociationFileFetcher: Sendable {
    /// Where a device asks for the file.
    public enum Route: String, Sendable, Hashable, CaseIterable {
        /// Apple's CDN, which a device asks unless the entitlement names a mode:
        /// `GET https://app-site-association.cdn-apple.com/a/v1/<host>[:port]`.
        case cdn
        /// The domain itself, which a device in a developer or managed mode asks:
        /// `GET https://<host>[:port]/.well-known/apple-app-site-association`.
        case direct
    }

    /// The largest file a device accepts: 128 KiB. One byte more and it aborts the transfer.
    public static let maximumFileSize = 131_072
    /// The user agent sent by default: the one Apple's CDN uses when it fetches an origin.
    public static let deviceUserAgent = "AASA-Bot/1.0.0"
    /// The base of Apple's CDN URLs; the domain is appended to it.
    public static let appleCDNBaseURL = "https://app-site-association.cdn-apple.com/a/v1/"
    /// The path a device asks on the direct route.
    public static let wellKnownPath = "/.well-known/apple-app-site-association"

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
        userAgent: String = AssociationFileFetcher.deviceUserAgent,
        cdnBaseURL: String = AssociationFileFetcher.appleCDNBaseURL,
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
    public func requestURL(for domain: String, route: Route) -> Result<String, HTTPFetchFailure> {
        let authority: String
        switch Self.checkDomain(domain) {
        case .success(let checked): authority = checked
        case .failure(let failure): return .failure(failure)
        }
        switch route {
        case .direct:
            return .success("https://\(authority)\(Self.wellKnownPath)")
        case .cdn:
            let base = cdnBaseURL.hasSuffix("/") ? cdnBaseURL : cdnBaseURL + "/"
            return .success(base + authority)
        }
    }

    /// Fetches the file for `domain` (`host` or `host:port`, ASCII; convert an internationalised
    /// name to punycode first) on `route`, and reports every check. Never throws.
    public func fetch(_ domain: String, route: Route = .cdn) async -> AssociationFetchReport {
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
                maximumBodySize: Self.maximumFileSize,
                trustRoots: trustRoots,
                addressOverrides: overrides
            ),
            eventLoopGroup: eventLoopGroup
        )
        let result = await client.get(url)
        let evaluation = AssociationFetchEvaluation(result: result, route: route, sizeLimit: Self.maximumFileSize)
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
    private func notSent(_ domain: String, route: Route, url: String?, _ check: FetchCheck) -> AssociationFetchReport {
        AssociationFetchReport(
            domain: domain, route: route, url: url, userAgent: userAgent, response: nil, selectedHeaders: [],
            cdn: nil, redirect: nil, body: nil, bodyBytesReceived: 0, outcome: .failed, checks: [check],
            elapsed: .zero)
    }

    /// Checks `host[:port]` and returns it lowercased. Only the syntax a URL authority needs is
    /// checked here; which names are valid domains is WebAddress's question.
    static func checkDomain(_ domain: String) -> Result<String, HTTPFetchFailure> {
        if domain.contains("://") {
            return .failure(.invalidRequest(reason: "give the domain without a scheme, as host or host:port"))
        }
        if let bad = domain.utf8.first(where: {
            $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "@")
        }) {
            return .failure(
                .invalidRequest(
                    reason: "the domain contains \(Character(Unicode.Scalar(bad))); give it as host or host:port"))
        }
        if domain.utf8.contains(where: { $0 >= 0x80 }) {
            return .failure(.invalidRequest(reason: "the domain is not ASCII; convert it to punycode (xn--) first"))
        }
        switch RequestURL.splitAuthority(Array(domain.utf8)) {
        case .failure(let failure):
            return .failure(failure)
        case .success(let (host, port)):
            return .success(port.map { "\(host):\($0)" } ?? host)
        }
    }
}
