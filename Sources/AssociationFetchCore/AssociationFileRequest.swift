/// The request a device makes for a domain's `apple-app-site-association` file
/// (spec/associated-domains.md §4): the route, the URL and the limits, with no I/O.
public enum AssociationFileRequest {
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

    /// The URL a device asks for `domain` (`host` or `host:port`, ASCII) on `route`, with the CDN
    /// at `cdnBaseURL`, or the reason the domain cannot be asked for.
    public static func url(
        for domain: String, route: Route, cdnBaseURL: String = appleCDNBaseURL
    ) -> Result<String, HTTPFetchFailure> {
        let authority: String
        switch checkDomain(domain) {
        case .success(let checked): authority = checked
        case .failure(let failure): return .failure(failure)
        }
        switch route {
        case .direct:
            return .success("https://\(authority)\(wellKnownPath)")
        case .cdn:
            let base = cdnBaseURL.hasSuffix("/") ? cdnBaseURL : cdnBaseURL + "/"
            return .success(base + authority)
        }
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
