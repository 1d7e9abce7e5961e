import CoreMetrics
import NIOConcurrencyHelpers
import Prometheus
import WebFenceCommandLine
import WebFenceWatch

/// What `GET /metrics` reports, in Prometheus' text format: requests by route, method and status,
/// their durations, the request bodies' bytes, fetches by outcome, the compiled-input caches' hits
/// and misses, the watch's rounds, fetches and changes. Each server has a registry of its own
/// (swift-metrics' API over swift-prometheus' registry, not the process-wide bootstrap), so two
/// servers in one process, as in the tests, count apart.
///
/// Every label's values come from a closed set (the routes' paths, a few methods, the statuses, the
/// fetch outcomes): no request can make the server keep a new series.
final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    /// The counts read from the caches and the watch at the last scrape, to add only what is new.
    private let scraped = NIOLockedValueBox([String: Int]())

    init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2.5),
            .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
            .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(10),
        ]
        self.factory = factory
    }

    /// Methods named as they are; any other is `other`.
    static let methods: Set<String> = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

    /// A route's series, made once: the registry's lookup (its lock, the labels joined and hashed)
    /// three times a request was about 2% of a small request's time in a profile.
    private struct RouteSeries {
        let duration: CoreMetrics.Timer
        let bodyBytes: CoreMetrics.Counter
        /// By method and status (`"POST 200"`).
        var requests: [String: CoreMetrics.Counter] = [:]
    }
    private let series = NIOLockedValueBox([String: RouteSeries]())

    /// One answered request: `route` is the route's path (`unmatched` for none), never the request's.
    func request(route: String, method: String, status: Int, duration: Duration, bodyBytes: Int) {
        let method = Self.methods.contains(method) ? method : "other"
        let (requests, timer, bytes) = series.withLockedValue { series in
            var routeSeries =
                series[route]
                ?? RouteSeries(
                    duration: Timer(
                        label: "webfence_http_request_duration_seconds", dimensions: [("route", route)],
                        factory: factory),
                    bodyBytes: Counter(
                        label: "webfence_http_request_body_bytes_total", dimensions: [("route", route)],
                        factory: factory))
            let key = "\(method) \(status)"
            let counter =
                routeSeries.requests[key]
                ?? Counter(
                    label: "webfence_http_requests_total",
                    dimensions: [("route", route), ("method", method), ("status", String(status))], factory: factory)
            if routeSeries.requests[key] == nil {
                routeSeries.requests[key] = counter
                series[route] = routeSeries
            }
            return (counter, routeSeries.duration, routeSeries.bodyBytes)
        }
        requests.increment()
        timer.recordNanoseconds(
            duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
        if bodyBytes > 0 { bytes.increment(by: bodyBytes) }
    }

    /// One route of an association-file fetch, or a fetch refused before it began: `outcome` is
    /// an `AssociationFetchReport.Outcome`, `busy` or `addressRefused`.
    func fetched(outcome: String) {
        Counter(label: "webfence_fetches_total", dimensions: [("outcome", outcome)], factory: factory).increment()
    }

    /// The text of `GET /metrics`: the registry after the caches' and the watch's counts are added.
    func text(caches: [(name: String, counts: (hits: Int, misses: Int))], watch: WatchCounts?) -> String {
        for (name, counts) in caches {
            add("webfence_compiled_cache_total", [("cache", name), ("result", "hit")], counts.hits)
            add("webfence_compiled_cache_total", [("cache", name), ("result", "miss")], counts.misses)
        }
        if let watch = watch?.current {
            add("webfence_watch_rounds_total", [], watch.rounds)
            add("webfence_watch_fetches_total", [], watch.fetches)
            add("webfence_watch_changes_total", [], watch.changes)
        }
        return registry.emitToString()
    }

    /// Brings a counter up to `total`, a count kept elsewhere that only grows.
    private func add(_ label: String, _ dimensions: [(String, String)], _ total: Int) {
        let key = label + dimensions.map { "|\($0.0)=\($0.1)" }.joined()
        let new = scraped.withLockedValue { seen -> Int in
            // Two scrapes at once may read their totals in either order: only a larger total counts.
            let before = seen[key] ?? 0
            seen[key] = max(before, total)
            return total - before
        }
        Counter(label: label, dimensions: dimensions, factory: factory).increment(by: max(0, new))
    }
}
