import AssociationFetchCore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NetworkTestSupport
import StrictJSON
import Testing
import WebFenceNetwork
import WebFenceServer

/// `POST /v1/aasa/fetch` (interfaces §7): the report of `aasa fetch --format json`, a domain that
/// is an IP address or resolves to a non-public address refused before any connection (`422`),
/// and at most a bounded number of fetches at once (`503`).
@Suite("webfence serve: fetching association files", .timeLimit(.minutes(1)))
struct FetchRouteTests {
    static let file =
        #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/*"}]}]}}"#

    /// A CA the fetcher trusts and a leaf for `localhost`.
    struct Trust {
        let caFile: String
        let leaf: TestLeaf

        init() throws {
            let ca = try TestCA(name: "WebFence Serve Test CA")
            caFile = try ca.writePEMFile()
            leaf = try ca.issueLeaf(dnsName: "localhost")
        }

        func fetcher(cdn origin: String, guard addressGuard: PublicAddressGuard? = nil) -> AssociationFileFetcher {
            AssociationFileFetcher(
                timeout: .seconds(3), trustRoots: .system(adding: [.pemFile(path: caFile)]),
                cdnBaseURL: "\(origin)/a/v1/", addressGuard: addressGuard)
        }
    }

    /// Posts `body` to `/v1/aasa/fetch` on a server built from `configuration` and `fetcher`.
    static func fetch(
        _ body: String, _ configuration: WebFenceServer.Configuration = .init(),
        fetcher: AssociationFileFetcher = .init()
    ) async throws -> (status: Int, body: JSONValue, headers: HTTPFields) {
        let app = WebFenceServer(configuration, fetcher: fetcher).application(logger: Logger(label: "test"))
        return try await app.test(.router) { client in
            try await client.execute(uri: "/v1/aasa/fetch", method: .post, body: ByteBuffer(string: body)) { response in
                let text = String(buffer: response.body)
                ResponseLog.record(
                    method: "post", path: "/v1/aasa/fetch", status: Int(response.status.code), body: text)
                return (Int(response.status.code), try JSONParser.parse(text), response.headers)
            }
        }
    }

    @Test("Both routes fetched from a staging server (--allow-private-networks): the CLI's report, compared")
    func bothRoutes() async throws {
        let trust = try Trust()
        defer { try? FileManager.default.removeItem(atPath: trust.caFile) }
        let (status, body, uris, port) = try await withTestServer(leaf: trust.leaf, route: { _ in .json(Self.file) }) {
            server, _ in
            let answer = try await Self.fetch(
                #"{"domain": "localhost:\#(server.port)", "route": "both", "appId": "ABCDE12345.com.example.app"}"#,
                .init(allowPrivateNetworks: true), fetcher: trust.fetcher(cdn: server.origin))
            return (answer.status, answer.body, server.log.requests.map(\.uri), server.port)
        }
        #expect(status == 200)
        #expect(uris == ["/a/v1/localhost:\(port)", "/.well-known/apple-app-site-association"])
        #expect(body["domain"] == .string("localhost:\(port)"))
        guard case .array(let routes)? = body["routes"], routes.count == 2 else {
            Issue.record("no two routes: \(body)")
            return
        }
        #expect(routes[0]["route"] == .string("cdn") && routes[1]["route"] == .string("direct"))
        #expect(routes.allSatisfy { $0["accepted"] == .bool(true) && $0["status"] == .int(200) })
        #expect(body["comparison"]?["code"] == .string("fetch.cdnMatchesOrigin"))
    }

    @Test("Without --allow-private-networks a loopback domain is refused before any connection: 422")
    func loopbackRefused() async throws {
        let trust = try Trust()
        defer { try? FileManager.default.removeItem(atPath: trust.caFile) }
        let (answer, requests) = try await withTestServer(leaf: trust.leaf, route: { _ in .json(Self.file) }) {
            server, _ in
            let answer = try await Self.fetch(
                #"{"domain": "localhost:\#(server.port)", "route": "direct"}"#,
                fetcher: trust.fetcher(cdn: server.origin))
            return (answer, server.log.requests.count)
        }
        #expect(answer.status == 422)
        #expect(answer.body["code"] == .string("fetch.address.private"))
        #expect(answer.body["error"]?.stringValue?.contains("loopback") == true)
        #expect(requests == 0)
    }

    static let hostileNames: [(String, String)] = [
        ("loopback.example", "127.0.0.1"), ("private.example", "10.0.0.1"), ("metadata.example", "169.254.169.254"),
        ("ula.example", "fd00::1"), ("mapped.example", "::ffff:192.168.0.1"),
    ]

    @Test(
        "Names resolving to 127.0.0.1, 10.0.0.1, 169.254.169.254 and their IPv6 kin are refused",
        arguments: hostileNames)
    func hostileNamesRefused(name: String, address: String) async throws {
        let resolver = FixedHostResolver([name: [try #require(IPAddress(address))]])
        let fetcher = AssociationFileFetcher(addressGuard: PublicAddressGuard(resolver: resolver))
        for route in ["cdn", "direct", "both"] {
            let answer = try await Self.fetch(#"{"domain": "\#(name)", "route": "\#(route)"}"#, fetcher: fetcher)
            #expect(answer.status == 422, "\(name) \(route)")
            #expect(answer.body["code"] == .string("fetch.address.private"))
            #expect(answer.body["error"]?.stringValue?.contains(address) == true)
        }
    }

    @Test(
        "An IP address as the domain is refused, in any of the forms a URL parser reads",
        arguments: ["10.0.0.1", "127.0.0.1:8443", "0x7f.1", "2130706433", "[::1]", "169.254.169.254", "93.184.215.14"])
    func ipLiteralsRefused(domain: String) async throws {
        let answer = try await Self.fetch(#"{"domain": "\#(domain)", "route": "direct"}"#)
        #expect(answer.status == 422, "\(domain)")
        #expect(answer.body["code"] == .string("fetch.address.private"))
    }

    @Test(
        "A body that is not a fetch request is a 400 that says why",
        arguments: [
            (#"["example.com"]"#, "body.shape"), (#"{"domain": 1}"#, "body.shape"),
            (#"{"domain": "example.com", "route": "both ways"}"#, "body.shape"),
            (#"{"domain": "example.com", "appID": "A.b"}"#, "body.shape"),
            (#"{"domain": "example.com", "appId": 7}"#, "body.shape"),
            (#"{"domain": "https://example.com/"}"#, "fetch.domain"), (#"{"domain": ""}"#, "fetch.domain"),
            (#"{"domain": "a.example", "domain": "b.example"}"#, "body.json"), ("not json", "body.json"),
        ])
    func badBodies(body: String, code: String) async throws {
        let answer = try await Self.fetch(body)
        #expect(answer.status == 400, "\(body)")
        #expect(answer.body["code"] == .string(code), "\(body): \(answer.body)")
    }

    @Test("A flood of fetches: at most the bound run at once, the rest are 503 at once, and the server keeps answering")
    func flood() async throws {
        let trust = try Trust()
        defer { try? FileManager.default.removeItem(atPath: trust.caFile) }
        // The staging server never answers: each admitted fetch holds its place until its 3 s limit.
        try await withTestServer(leaf: trust.leaf, route: { _ in .silence }) { server, _ in
            let app = WebFenceServer(
                .init(allowPrivateNetworks: true, maximumConcurrentFetches: 2),
                fetcher: trust.fetcher(cdn: server.origin)
            ).application(logger: Logger(label: "test"))
            try await app.test(.router) { client in
                let body = #"{"domain": "localhost:\#(server.port)", "route": "direct"}"#
                let statuses = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
                    for _ in 0..<40 {
                        group.addTask {
                            try await client.execute(
                                uri: "/v1/aasa/fetch", method: .post, body: ByteBuffer(string: body)
                            ) { response in
                                let text = String(buffer: response.body)
                                ResponseLog.record(
                                    method: "post", path: "/v1/aasa/fetch", status: Int(response.status.code),
                                    body: text)
                                return (Int(response.status.code), response.headers[.retryAfter])
                            }
                        }
                    }
                    // The server answers other requests while the fetches wait.
                    let health = try await client.execute(uri: "/health", method: .get) { $0.status }
                    #expect(health == .ok)
                    return try await group.reduce(into: [(Int, String?)]()) { $0.append($1) }
                }
                let admitted = statuses.filter { $0.0 == 200 }
                let refused = statuses.filter { $0.0 == 503 }
                #expect(admitted.count >= 2 && admitted.count + refused.count == 40, "\(statuses)")
                #expect(refused.allSatisfy { $0.1 == "1" })
            }
            #expect(server.log.requests.count <= 40)
        }
    }
}
