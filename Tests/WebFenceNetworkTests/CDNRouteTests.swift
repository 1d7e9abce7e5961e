import AssociationFetchCore
import NetworkTestSupport
import Testing
import WebFenceNetwork

/// spec/associated-domains.md §4, the CDN route:
/// `GET https://app-site-association.cdn-apple.com/a/v1/<host>[:port]`, here with the base URL
/// pointed at a local server.
@Suite("CDN route", .timeLimit(.minutes(1)))
struct CDNRouteTests {
    @Test("The device's CDN URL appends host[:port] to the base")
    func cdnURL() throws {
        let fetcher = AssociationFileFetcher()
        #expect(
            try fetcher.requestURL(for: "Example.COM", route: .cdn).get()
                == "https://app-site-association.cdn-apple.com/a/v1/example.com")
        #expect(
            try fetcher.requestURL(for: "example.com:8443", route: .cdn).get()
                == "https://app-site-association.cdn-apple.com/a/v1/example.com:8443")
        #expect(
            try fetcher.requestURL(for: "example.com:8443", route: .direct).get()
                == "https://example.com:8443/.well-known/apple-app-site-association")
    }

    @Test("200 from the CDN: the file is received and Apple-From and Apple-Origin-Format are decoded")
    func okWithOriginHeaders() async throws {
        let file = #"{"applinks":{"details":[]}}"#
        let (report, log) = try await fetchFromCDN(
            "example.com",
            .full(
                status: 200,
                headers: [
                    ("Content-Type", "application/json"),
                    ("Apple-From", "https://example.com/.well-known/apple-app-site-association"),
                    ("Apple-Origin-Format", "json"),
                ],
                body: Array(file.utf8)
            ))
        #expect(log.requests.map(\.uri) == ["/a/v1/example.com"])
        #expect(log.requests.first?.headers["User-Agent"] == ["AASA-Bot/1.0.0"])
        #expect(report.route == .cdn)
        #expect(report.outcome == .received)
        #expect(report.body == Array(file.utf8))
        let cdn = try #require(report.cdn)
        #expect(cdn.from == "https://example.com/.well-known/apple-app-site-association")
        #expect(cdn.originFormat == "json")
        #expect(cdn.failureReason == nil && cdn.failureDetails == nil && cdn.tryDirect == nil)
        #expect(
            report.checks(withCode: "fetch.cdn.origin").first?.message
                == "Apple's CDN served its copy of https://example.com/.well-known/apple-app-site-association (origin format json)."
        )
        #expect(!report.hasErrors)
        #expect(report.selectedHeaders.map(\.name).contains("Apple-From"))
    }

    @Test("A CDN failure: status 400–599 stops, and the failure headers are decoded")
    func failureWithReasonDetailsAndTryDirect() async throws {
        let (report, log) = try await fetchFromCDN(
            "example.com:8443",
            .full(
                status: 404,
                headers: [
                    ("Apple-From", "https://example.com:8443/.well-known/apple-app-site-association"),
                    ("Apple-Failure-Reason", "SWCERR00101 Bad HTTP Response: 404 Not Found"),
                    ("Apple-Failure-Details", #"{"statusCode":404,"cause":"Not Found","retry":false}"#),
                    ("Apple-Try-Direct", "true"),
                ]
            ))
        #expect(log.requests.map(\.uri) == ["/a/v1/example.com:8443"])
        #expect(report.outcome == .stopped)
        #expect(report.status == 404)
        #expect(report.codes(.error) == ["fetch.cdn.failure"])
        #expect(report.codes(.note).contains("fetch.cdn.tryDirect"))
        let cdn = try #require(report.cdn)
        #expect(cdn.failureReason?.code == "SWCERR00101")
        #expect(cdn.failureReason?.text == "Bad HTTP Response: 404 Not Found")
        #expect(
            cdn.failureDetails
                == .fields([
                    .init(key: "statusCode", value: "404"),
                    .init(key: "cause", value: "Not Found"),
                    .init(key: "retry", value: "false"),
                ]))
        #expect(cdn.tryDirect == "true")
        #expect(cdn.suggestsTryingDirect)
        let message = try #require(report.checks(withCode: "fetch.cdn.failure").first?.message)
        #expect(message.contains("a device stops here"))
        #expect(message.contains("SWCERR00101 Bad HTTP Response: 404 Not Found"))
        #expect(message.contains("statusCode = 404"))
    }

    @Test("Failure details that are not a JSON object are kept as text")
    func failureDetailsAsText() async throws {
        let (report, _) = try await fetchFromCDN(
            "example.com",
            .full(
                status: 502,
                headers: [
                    ("Apple-Failure-Reason", "SWCERR00301 Timeout"),
                    ("Apple-Failure-Details", "origin did not answer in time"),
                ]
            ))
        #expect(report.outcome == .stopped)
        #expect(report.cdn?.failureReason?.code == "SWCERR00301")
        #expect(report.cdn?.failureReason?.text == "Timeout")
        #expect(report.cdn?.failureDetails == .text("origin did not answer in time"))
        #expect(report.cdn?.suggestsTryingDirect == false)
    }
}
