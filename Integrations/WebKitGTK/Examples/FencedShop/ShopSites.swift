import LoopbackSites
import WebAddress
import WebFenceGTK

/// The two sites on 127.0.0.1: a proxy that is both hosts, with TLS from a CA made at start. Nothing
/// leaves the machine, and the proxy's log of requests shows what the engine really asked for.
final class ShopSites {
    static let hosts = [ShopPages.shopHost, ShopPages.trackerHost]

    private let sites: SiteTable
    private let ca: RunTimeCA
    private let proxy: LoopbackProxy

    init() throws {
        ca = try RunTimeCA(hosts: Self.hosts)
        sites = SiteTable(page: ShopPages.response(for:))
        proxy = try LoopbackProxy(sites: sites, ca: ca)
    }

    /// Sends `session`'s requests to the proxy and accepts its certificate for the two hosts only.
    /// The tracker is served too: were WebFence to let the navigation through, it would load and
    /// its request would be in the log, rather than fail for want of a network.
    @MainActor
    func serve(_ session: FencedSession) -> Bool {
        session.useProxy(proxy.uri)
        return session.allowCertificate(ca.leafPEM, for: Self.hosts)
    }

    /// Every request that reached the sites, in order.
    var requests: [String] { sites.requests }

    /// The requests for `host`, read as the engine reads URLs.
    func requests(for host: String) -> [String] {
        requests.filter { (try? WebURL($0))?.host?.description == host }
    }

    func stop() {
        proxy.stop()
    }
}
