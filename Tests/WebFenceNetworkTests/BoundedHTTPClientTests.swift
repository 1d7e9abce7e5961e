import AssociationFetchCore
import NIOCore
import NIOPosix
import Testing
import WebFenceNetwork

/// The bounded client on its own: the failures that arrive before any HTTP does.
@Suite("Bounded HTTP client", .timeLimit(.minutes(1)))
struct BoundedHTTPClientTests {
    @Test("A name that does not resolve is a name-resolution failure (.invalid never resolves: RFC 6761)")
    func nameDoesNotResolve() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let client = BoundedHTTPClient(
            configuration: .init(userAgent: "test", timeout: .seconds(20), maximumBodySize: 10), eventLoopGroup: group)
        let result = await client.get("https://webfence-test.invalid/")
        try await group.shutdownGracefully()
        guard case .nameResolution(let host, _)? = result.failure else {
            Issue.record("expected a name-resolution failure, got \(String(describing: result.failure))")
            return
        }
        #expect(host == "webfence-test.invalid")
        #expect(result.response == nil)
    }

    @Test("A refused connection is a connection failure, reported at once")
    func connectionRefused() async throws {
        // Take a free port, then release it: nothing listens there afterwards.
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let port: Int
        do {
            let channel = try await ServerBootstrap(group: group).bind(host: "127.0.0.1", port: 0).get()
            port = channel.localAddress?.port ?? 1
            try await channel.close()
        }
        let client = BoundedHTTPClient(
            configuration: .init(
                userAgent: "test", timeout: .seconds(30), maximumBodySize: 10,
                addressOverrides: ["localhost": "127.0.0.1"]),
            eventLoopGroup: group
        )
        let result = await client.get("https://localhost:\(port)/")
        try await group.shutdownGracefully()
        guard case .connection? = result.failure else {
            Issue.record("expected a connection failure, got \(String(describing: result.failure))")
            return
        }
        #expect(result.response == nil)
    }

    @Test("A trust-root file that does not exist is reported, and nothing is sent")
    func missingCAFile() async throws {
        let fetcher = AssociationFileFetcher(trustRoots: .system(adding: [.pemFile(path: "/nonexistent/ca.pem")]))
        let report = await fetcher.fetch("example.com", route: .direct)
        #expect(report.outcome == .failed)
        #expect(report.codes(.error) == ["fetch.caFile"])
        #expect(report.checks.first?.message.contains("/nonexistent/ca.pem") == true)
    }

    @Test("A trust-root file without a certificate is reported")
    func caFileWithoutCertificate() async throws {
        let client = BoundedHTTPClient(
            configuration: .init(
                userAgent: "test", maximumBodySize: 10, trustRoots: .only([.pem(Array("not a certificate".utf8))])))
        let result = await client.get("https://example.com/")
        guard case .trustRoots? = result.failure else {
            Issue.record("expected a trust-roots failure, got \(String(describing: result.failure))")
            return
        }
    }

    @Test(
        "URLs that parsers disagree on are refused before anything is sent",
        arguments: [
            #"https://evil.example\@trusted.example/"#,
            "https://user@example.com/",
            "https://exa mple.com/",
            "https://exämple.com/",
            "http://example.com/",
            "ftp://example.com/",
            "https://example.com:0/",
            "https://example.com:99999/",
            "https:///path",
            "https://[::1/",
        ])
    func unsafeURLsAreRefused(url: String) async {
        let client = BoundedHTTPClient(configuration: .init(userAgent: "test", maximumBodySize: 10))
        let result = await client.get(url)
        guard case .invalidRequest? = result.failure else {
            Issue.record("expected an invalid-request failure for \(url), got \(String(describing: result.failure))")
            return
        }
        #expect(result.response == nil)
    }

    @Test(
        "A domain the fetcher cannot ask for is reported without a request",
        arguments: [
            "https://example.com", "example.com/path", "exämple.com", "example.com:abc", "",
        ])
    func unusableDomains(domain: String) async {
        let report = await AssociationFileFetcher().fetch(domain, route: .direct)
        #expect(report.url == nil)
        #expect(report.outcome == .failed)
        #expect(report.codes(.error) == ["fetch.domain"])
    }
}
