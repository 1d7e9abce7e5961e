import AssociationFetchCore
import Foundation
import NIOCore
import NIOHTTP1
import NetworkTestSupport
import WebFenceNetwork

/// A CA the client trusts (written to a file, as `--ca-file` takes it) and a leaf for `localhost`.
struct TrustedSetup: Sendable {
    let ca: TestCA
    let caFile: String
    let leaf: TestLeaf

    init(leafName: String = "localhost") throws {
        ca = try TestCA(name: "WebFence Test CA")
        caFile = try ca.writePEMFile()
        leaf = try ca.issueLeaf(dnsName: leafName)
    }

    /// A fetcher that trusts the system roots and this CA, as `webfence aasa fetch --ca-file` does.
    /// Its limit is long unless a test is about the limit: the fetch's clock runs on Swift
    /// concurrency's shared threads, which other tests running at the same time can keep busy.
    func fetcher(
        group: any EventLoopGroup,
        timeout: Duration = .seconds(30),
        cdnBaseURL: String = AssociationFileRequest.appleCDNBaseURL
    ) -> AssociationFileFetcher {
        AssociationFileFetcher(
            timeout: timeout,
            trustRoots: .system(adding: [.pemFile(path: caFile)]),
            cdnBaseURL: cdnBaseURL,
            eventLoopGroup: group
        )
    }

    func removeFiles() {
        try? FileManager.default.removeItem(atPath: caFile)
    }
}

/// Runs a direct-route fetch of `localhost:<port>` against a server that answers with `reply`.
func fetchDirect(
    _ reply: Reply,
    timeout: Duration = .seconds(30)
) async throws -> (report: AssociationFetchReport, log: ServerLog) {
    let setup = try TrustedSetup()
    defer { setup.removeFiles() }
    return try await withTestServer(leaf: setup.leaf, route: { _ in reply }) { server, group in
        let report = await setup.fetcher(group: group, timeout: timeout).fetch(
            "localhost:\(server.port)", route: .direct)
        return (report, server.log)
    }
}

/// Runs a CDN-route fetch of `domain`, with the CDN base pointed at a local server that answers with `reply`.
func fetchFromCDN(
    _ domain: String,
    _ reply: Reply
) async throws -> (report: AssociationFetchReport, log: ServerLog) {
    let setup = try TrustedSetup()
    defer { setup.removeFiles() }
    return try await withTestServer(leaf: setup.leaf, route: { _ in reply }) { server, group in
        let fetcher = setup.fetcher(group: group, cdnBaseURL: "\(server.origin)/a/v1/")
        let report = await fetcher.fetch(domain, route: .cdn)
        return (report, server.log)
    }
}

extension AssociationFetchReport {
    /// The codes of the checks with the given severity, in order.
    func codes(_ severity: FetchCheck.Severity) -> [String] {
        checks.filter { $0.severity == severity }.map(\.code)
    }
}
