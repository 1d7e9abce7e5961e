import AssociationFetchCore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NetworkTestSupport
import Testing
import WebFenceNetwork

@testable import WebFenceServer

/// The universal-links page with a domain and no pasted file: the file fetched on both routes,
/// side by side, then each copy's findings and decisions; a private domain refused in words; and
/// whatever a hostile server sends shown as text.
@Suite("webfence serve: the universal-links page fetches a domain", .timeLimit(.minutes(1)))
struct FetchPageTests {
    /// Posts the universal-links form with `fields` to a server that fetches with `fetcher`.
    static func post(
        _ fields: [(String, String)], allowPrivateNetworks: Bool, fetcher: AssociationFileFetcher = .init()
    ) async throws -> (status: HTTPResponse.Status, html: String) {
        let app = WebFenceServer(.init(allowPrivateNetworks: allowPrivateNetworks), fetcher: fetcher)
            .application(logger: Logger(label: "test"))
        return try await app.test(.router) { client in
            try await client.execute(
                uri: "/", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: PageTests.form(fields))
            ) { ($0.status, String(buffer: $0.body)) }
        }
    }

    @Test("A staging domain: both routes side by side, the copies compared, each copy's decision for the link")
    func bothRoutesSideBySide() async throws {
        let trust = try FetchRouteTests.Trust()
        defer { try? FileManager.default.removeItem(atPath: trust.caFile) }
        // The CDN still has last week's file; the server has a new one that opens /shop/ too.
        let old =
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/help/*"}]}]}}"#
        let new =
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/shop/*"}]}]}}"#
        let html = try await withTestServer(
            leaf: trust.leaf, route: { head in .json(head.uri.hasPrefix("/a/v1/") ? old : new) }
        ) { server, _ in
            try await Self.post(
                [
                    ("domain", "localhost:\(server.port)"), ("file", ""),
                    ("link", "https://localhost:\(server.port)/shop/42"),
                ],
                allowPrivateNetworks: true, fetcher: trust.fetcher(cdn: server.origin)
            ).html
        }
        #expect(html.contains("Apple&#39;s CDN"))
        #expect(html.contains("The server <span class=\"hint\">"))
        #expect(html.contains("/a/v1/localhost:"))
        #expect(html.contains("/.well-known/apple-app-site-association"))
        #expect(html.contains("<strong class=\"verdict neutral\">different</strong>"))
        #expect(html.contains("The file: the CDN&#39;s copy"))
        #expect(html.contains("(the server&#39;s copy)"))
        // The link opens the app by the server's copy and not by the CDN's: both said.
        #expect(html.contains("<strong class=\"verdict good\">match</strong>"))
        #expect(html.contains("<strong class=\"verdict bad\">no_match</strong>"))
        #expect(PageTests.labelsMatchFields(html))
    }

    @Test("A domain that resolves to a private address is not fetched, and the page says why")
    func privateDomainRefused() async throws {
        let resolver = FixedHostResolver(["intranet.example": [try #require(IPAddress("10.0.0.1"))]])
        let (status, html) = try await Self.post(
            [("domain", "intranet.example")], allowPrivateNetworks: false,
            fetcher: AssociationFileFetcher(addressGuard: PublicAddressGuard(resolver: resolver)))
        #expect(status == .ok)
        #expect(html.contains("<h2>Not fetched</h2>"))
        #expect(html.contains("10.0.0.1, a private-network address"))
        #expect(html.contains("--allow-private-networks"))
    }

    @Test("What a hostile server sends (headers, a file full of markup) is shown as text")
    func hostileServerEscaped() async throws {
        let trust = try FetchRouteTests.Trust()
        defer { try? FileManager.default.removeItem(atPath: trust.caFile) }
        let file =
            #"{"applinks": {"details": [{"appIDs": ["<script>alert(1)</script>"], "components": [{"/": "/<img src=x onerror=alert(2)>"}]}]}, "<b>": 1}"#
        let html = try await withTestServer(
            leaf: trust.leaf,
            route: { _ in
                .full(
                    status: 200, headers: [("Content-Type", "text/html<script>alert(3)</script>")],
                    body: Array(file.utf8))
            }
        ) { server, _ in
            try await Self.post(
                [("domain", "localhost:\(server.port)"), ("link", "https://localhost:\(server.port)/x")],
                allowPrivateNetworks: true, fetcher: trust.fetcher(cdn: server.origin)
            ).html
        }
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("<b>"))
        #expect(html.contains("text/html&lt;script&gt;alert(3)&lt;/script&gt;"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }
}
