import AssociationFetchCore
import WebFenceNetwork

/// How a remote rule set is fetched: one bounded GET of the config URL. The default is
/// `BoundedHTTPClient`; a test may answer with a closure instead.
public struct RuleFetcher: Sendable {
    /// The default time limit for the whole exchange.
    public static let defaultTimeout: Duration = .seconds(10)
    /// The default body size limit: 1 MiB, far above any real rule set.
    public static let defaultMaximumBodySize = 1_048_576
    /// The `User-Agent` sent by ``bounded(timeout:maximumBodySize:trustRoots:userAgent:)``.
    public static let defaultUserAgent = "WebFence-RemoteRules/1"

    let fetch: @Sendable (String) async -> HTTPFetchResult

    /// A fetcher that answers every request with `fetch`.
    public init(_ fetch: @escaping @Sendable (_ url: String) async -> HTTPFetchResult) {
        self.fetch = fetch
    }

    /// A fetcher that uses `client` and its bounds.
    public init(client: BoundedHTTPClient) {
        self.init { url in await client.get(url) }
    }

    /// A fetcher over `BoundedHTTPClient` with these bounds: no redirects followed, TLS only,
    /// the whole exchange within `timeout` and the body within `maximumBodySize` bytes.
    public static func bounded(
        timeout: Duration = defaultTimeout,
        maximumBodySize: Int = defaultMaximumBodySize,
        trustRoots: TrustRoots = .system,
        userAgent: String = defaultUserAgent
    ) -> RuleFetcher {
        RuleFetcher(
            client: BoundedHTTPClient(
                configuration: .init(
                    userAgent: userAgent, timeout: timeout, maximumBodySize: maximumBodySize, trustRoots: trustRoots)))
    }
}
