import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOConcurrencyHelpers
import StrictJSON
import Testing

@testable import WebFenceServer

/// `GET /metrics` (Prometheus' text format) and `--log-format json`.
@Suite("webfence serve: metrics and structured logs")
struct MetricsTests {
    /// The value of the series `name{labels}` in `text`, nil when absent.
    static func value(_ text: String, _ series: String) -> Double? {
        for line in text.split(separator: "\n") where line.hasPrefix(series + " ") {
            return Double(line.dropFirst(series.count + 1))
        }
        return nil
    }

    @Test("requests by route, method and status; durations; body bytes; cache hits and misses; fetch outcomes")
    func series() async throws {
        let app = WebFenceServer(.init()).application(logger: Logger(label: "test"))
        let match =
            #"[{"id": 1, "domain": "example.com", "appId": "A.b", "url": "https://example.com/p/1", "aasa": {"applinks": {"details": [{"appIDs": ["A.b"], "components": [{"/": "/metrics-test/*"}]}]}}}]"#
        try await app.test(.router) { client in
            for _ in 0..<3 {
                _ = try await client.execute(uri: "/v1/aasa/match", method: .post, body: ByteBuffer(string: match)) {
                    $0.status
                }
            }
            _ = try await client.execute(uri: "/no/such/page/\(UUID())", method: .get) { $0.status }
            _ = try await client.execute(
                uri: "/v1/aasa/fetch", method: .post, body: ByteBuffer(string: #"{"domain": "127.0.0.1"}"#)
            ) { $0.status }
            let text = try await client.execute(uri: "/metrics", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
                return String(buffer: response.body)
            }
            #expect(
                Self.value(text, #"webfence_http_requests_total{route="/v1/aasa/match",method="POST",status="200"}"#)
                    == 3)
            #expect(
                Self.value(text, #"webfence_http_requests_total{route="unmatched",method="GET",status="404"}"#) == 1)
            #expect(!text.contains("/no/such/page"), "a request's own path is never a label")
            #expect(
                Self.value(text, #"webfence_http_request_body_bytes_total{route="/v1/aasa/match"}"#)
                    == Double(3 * match.utf8.count))
            #expect(
                Self.value(text, #"webfence_http_request_duration_seconds_count{route="/v1/aasa/match"}"#) == 3)
            #expect(Self.value(text, #"webfence_fetches_total{outcome="addressRefused"}"#) == 1)
            let hits = Self.value(text, #"webfence_compiled_cache_total{cache="aasa",result="hit"}"#) ?? 0
            #expect(hits >= 2, "the file sent three times is compiled once")
            #expect(Self.value(text, #"webfence_compiled_cache_total{cache="aasa",result="miss"}"#) ?? 0 >= 1)
        }
    }

    @Test("a method outside the usual ones is counted as other, never by its name")
    func methods() async throws {
        let metrics = ServerMetrics()
        metrics.request(route: "/health", method: "BREW", status: 405, duration: .milliseconds(1), bodyBytes: 0)
        let text = metrics.text(caches: [], watch: nil)
        #expect(Self.value(text, #"webfence_http_requests_total{route="/health",method="other",status="405"}"#) == 1)
        #expect(!text.contains("BREW"))
    }

    @Test("counts kept elsewhere are added once: two scrapes report the same total")
    func scrapes() {
        let metrics = ServerMetrics()
        let first = metrics.text(caches: [("aasa", (hits: 5, misses: 2))], watch: nil)
        let second = metrics.text(caches: [("aasa", (hits: 5, misses: 2))], watch: nil)
        let third = metrics.text(caches: [("aasa", (hits: 9, misses: 2))], watch: nil)
        let series = #"webfence_compiled_cache_total{cache="aasa",result="hit"}"#
        #expect(Self.value(first, series) == 5)
        #expect(Self.value(second, series) == 5)
        #expect(Self.value(third, series) == 9)
    }

    @Test("--log-format json: one object a line, the message, level, label and metadata as members")
    func jsonLogs() throws {
        let lines = NIOLockedValueBox([String]())
        var logger = Logger(label: "webfence.serve") { label in
            JSONLogHandler(label: label) { line in lines.withLockedValue { $0.append(line) } }
        }
        logger[metadataKey: "watch"] = "3 domains"
        logger.info("the answer changed", metadata: ["domain": "example.com", "message": "kept apart"])
        logger.debug("below the level")
        let written = lines.withLockedValue { $0 }
        #expect(written.count == 1)
        let line = try #require(written.first)
        #expect(line.hasSuffix("\n") && !line.dropLast().contains("\n"))
        let object = try JSONParser.parse(String(line.dropLast()))
        #expect(object["message"] == .string("the answer changed"))
        #expect(object["level"] == .string("info"))
        #expect(object["label"] == .string("webfence.serve"))
        #expect(object["domain"] == .string("example.com"))
        #expect(object["watch"] == .string("3 domains"))
        #expect(object["metadata.message"] == .string("kept apart"))
        #expect(object["time"]?.stringValue?.hasSuffix("Z") == true)
    }

    @Test(
        "--log-format text: a line as swift-log's stream handler writes it, metadata formatted only for a line written")
    func textLogs() throws {
        let lines = NIOLockedValueBox([String]())
        var logger = Logger(label: "webfence.serve") { label in
            TextLogHandler(label: label) { line in lines.withLockedValue { $0.append(line) } }
        }
        logger.logLevel = .warning
        logger[metadataKey: "watch"] = "3 domains"
        logger.warning("the fetch outlasted the lease", metadata: ["domain": "example.com"])
        logger.info("below the level")
        let line = try #require(lines.withLockedValue { $0 }.first)
        #expect(lines.withLockedValue { $0.count } == 1)
        #expect(
            line.hasSuffix(
                " warning webfence.serve: domain=example.com watch=3 domains [WebFenceServerTests] the fetch outlasted the lease\n"
            ))
        #expect(line.first?.isNumber == true, "it starts with the time: \(line)")
    }
}
