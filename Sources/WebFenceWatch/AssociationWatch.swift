import AssociatedDomains
import AssociationFetchCore
import Foundation
import Logging
import ServiceLifecycle
import StrictJSON
import WebFenceNetwork

/// `webfence serve --watch FILE`: each domain's association file fetched on both routes, Apple's
/// CDN and the server itself, every `interval`, each answer recorded in the ``WatchStore`` (a new
/// version when it differs from every earlier one, a change when it differs from the one before).
/// It runs as a service beside the HTTP server and stops with it.
public struct AssociationWatch: Service {
    /// The domains watched, in the file's order.
    public let domains: [LinkDomain]
    /// Where the versions are kept.
    public let store: WatchStore
    /// The time between the start of one round and the next.
    public let interval: Duration
    let fetcher: AssociationFileFetcher
    let logger: Logger
    /// What it has done since it started.
    public let counts = WatchCounts()

    /// A watch of `domains`, fetched with `fetcher` (its time limit, trust roots and address guard),
    /// every `interval`, recorded in `store`.
    public init(
        domains: [LinkDomain], store: WatchStore, fetcher: AssociationFileFetcher, interval: Duration,
        logger: Logger = Logger(label: "webfence.watch")
    ) {
        self.domains = domains
        self.store = store
        self.fetcher = fetcher
        self.interval = interval
        self.logger = logger
    }

    /// One round: every domain on both routes, one at a time. Returns the routes whose answer
    /// changed, as `domain route`. A database that cannot be written is logged, not fatal: the
    /// next round tries again.
    @discardableResult
    public func checkAll(now: @Sendable () -> Date = Date.init) async -> [String] {
        var changed: [String] = []
        for domain in domains {
            for route in AssociationFileRequest.Route.allCases {
                let report = await fetcher.fetch(domain.description, route: route)
                // A fetch cut short by the service stopping says nothing about the file.
                if Task.isCancelled || report.checks.contains(where: { $0.code == "fetch.cancelled" }) {
                    return changed
                }
                do throws(WatchStoreError) {
                    let isChange = try store.record(.init(report), domain: domain.description, route: route, at: now())
                    counts.fetched(changed: isChange)
                    if isChange {
                        changed.append("\(domain) \(route.rawValue)")
                        logger.info(
                            "the answer changed",
                            metadata: [
                                "domain": "\(domain)", "route": "\(route.rawValue)",
                                "status": "\(report.status.map(String.init) ?? "none")",
                                "outcome": "\(report.outcome.rawValue)",
                            ])
                    }
                } catch {
                    logger.error("\(error)")
                }
            }
        }
        counts.roundFinished()
        return changed
    }

    /// Rounds every `interval` until the service group shuts down.
    public func run() async throws {
        try await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                let started = ContinuousClock.now
                await checkAll()
                try await Task.sleep(until: started.advanced(by: interval))
            }
        }
    }

    /// A time as the watch's answers write it: ISO 8601 in UTC, to the second
    /// (`2026-11-28T15:15:02Z`).
    public static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false)) + "Z"
    }

    /// What a route has answered: its current version, when it last changed, how many versions.
    public struct RouteState: Sendable {
        /// `cdn` or `direct`.
        public let route: AssociationFileRequest.Route
        /// The answer now (the latest change's version); nil before the first fetch.
        public let current: WatchedVersion?
        /// When the answer last became what it is now.
        public let lastChanged: Date?
        /// Every version, the newest first.
        public let versions: [WatchedVersion]
    }

    /// A domain's two routes, and whether the CDN serves the server's file.
    public struct DomainState: Sendable {
        /// The domain.
        public let domain: LinkDomain
        /// The CDN's route, then the server's.
        public let routes: [RouteState]

        /// Whether both routes' current answers are the same received file (by content hash); nil
        /// when either has not received one.
        public var cdnMatchesServer: Bool? {
            AssociationWatch.sameFile(routes.map { $0.current.map { ($0.outcome, $0.contentHash) } })
        }
    }

    /// Whether the two routes' answers (outcome, content hash) are the same received file; nil when
    /// either has not received one.
    static func sameFile(_ answers: [(outcome: String, contentHash: String)?]) -> Bool? {
        let received = answers.map { $0.flatMap { $0.outcome == "received" ? $0.contentHash : nil } }
        guard received.count == 2, let cdn = received[0], let direct = received[1] else { return nil }
        return cdn == direct
    }

    /// A domain's two routes as the overview shows them: each route's summary (nil before its first
    /// fetch), and whether the CDN serves the server's file.
    public struct DomainSummary: Sendable {
        /// The domain.
        public let domain: LinkDomain
        /// The CDN's route, then the server's.
        public let routes: [(route: AssociationFileRequest.Route, summary: WatchStore.RouteSummary?)]

        /// Whether both routes' current answers are the same received file (by content hash); nil
        /// when either has not received one.
        public var cdnMatchesServer: Bool? {
            AssociationWatch.sameFile(routes.map { $0.summary.map { ($0.outcome, $0.contentHash) } })
        }
    }

    /// Every watched domain's summary, in the watch file's order, from one summary query (no body
    /// read): what `/watch` and `/v1/watch` show.
    public func overview() throws(WatchStoreError) -> [DomainSummary] {
        var byRoute: [String: WatchStore.RouteSummary] = [:]
        for summary in try store.summaries() { byRoute[summary.domain + " " + summary.route] = summary }
        return domains.map { domain in
            DomainSummary(
                domain: domain,
                routes: AssociationFileRequest.Route.allCases.map {
                    ($0, byRoute[domain.description + " " + $0.rawValue])
                })
        }
    }

    /// The state of `domain`, every version with its body, read from the store (the domain's page).
    public func state(of domain: LinkDomain) throws(WatchStoreError) -> DomainState {
        try state(of: [domain])[0]
    }

    /// The state of every watched domain, every version with its body, read from the store.
    public func state() throws(WatchStoreError) -> [DomainState] {
        try state(of: domains)
    }

    private func state(of domains: [LinkDomain]) throws(WatchStoreError) -> [DomainState] {
        var states: [DomainState] = []
        for domain in domains {
            var routes: [RouteState] = []
            for route in AssociationFileRequest.Route.allCases {
                let versions = try store.versions(domain: domain.description, route: route)
                let latest = try store.changes(domain: domain.description, route: route).first
                routes.append(
                    RouteState(
                        route: route, current: versions.first { $0.id == latest?.versionID },
                        lastChanged: latest?.at, versions: versions))
            }
            states.append(DomainState(domain: domain, routes: routes))
        }
        return states
    }

    /// A version's body as text to compare: pretty JSON when it is JSON, else the bytes as UTF-8.
    public static func comparableText(_ version: WatchedVersion) -> String {
        guard let body = version.body else { return "" }
        let text = String(decoding: body, as: UTF8.self)
        if let value = try? JSONParser.parse(text, duplicateKeys: .keepLast).value { return value.prettySerialized() }
        return text
    }
}
