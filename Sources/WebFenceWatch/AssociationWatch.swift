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
///
/// The schedule is in the store: each domain is due `interval` after its last fetch began, and a
/// watcher fetches a domain only while it holds the domain's lease. Replicas sharing a store so
/// fetch each domain once an interval between them; one that dies mid-fetch leaves a lease that
/// runs out after `leaseLength`, and the next replica to look takes the domain.
public struct AssociationWatch: Service {
    /// The domains watched, in the file's order.
    public let domains: [LinkDomain]
    /// Where the versions and the schedule are kept.
    public let store: any WatchStore
    /// The time from the start of one fetch of a domain to the next.
    public let interval: Duration
    /// How long a claim on a domain lasts: longer than two fetches may take.
    public let leaseLength: Duration
    /// This watcher's name in the leases it holds (host, process, and a random part).
    public let holder: String
    let fetcher: AssociationFileFetcher
    let logger: Logger
    /// What it has done since it started.
    public let counts = WatchCounts()

    /// A watch of `domains`, fetched with `fetcher` (its time limit, trust roots and address guard),
    /// every `interval`, recorded in `store`. A lease lasts two of the fetcher's time limits and
    /// half a minute unless `leaseLength` says otherwise.
    public init(
        domains: [LinkDomain], store: any WatchStore, fetcher: AssociationFileFetcher, interval: Duration,
        leaseLength: Duration? = nil, logger: Logger = Logger(label: "webfence.watch")
    ) {
        self.domains = domains
        self.store = store
        self.fetcher = fetcher
        self.interval = interval
        self.leaseLength = leaseLength ?? fetcher.timeout * 2 + .seconds(30)
        self.holder =
            "\(ProcessInfo.processInfo.hostName) \(ProcessInfo.processInfo.processIdentifier) \(UUID().uuidString.prefix(8))"
        self.logger = logger
    }

    /// One round: every domain due at `now()` that no other watcher holds, on both routes, one at a
    /// time. Returns the routes whose answer changed, as `domain route`. A store that cannot be
    /// written is logged, not fatal: the domain is tried again an interval later.
    @discardableResult
    public func checkAll(now: @Sendable () -> Date = Date.init) async -> [String] {
        let names = domains.map(\.description)
        var changed: [String] = []
        do throws(WatchStoreError) {
            try await store.schedule(names, dueAt: now())
            while !Task.isCancelled {
                let started = now()
                guard let domain = try await store.claim(among: names, holder: holder, at: started, for: leaseLength)
                else { break }
                guard let fetched = await fetch(domain, now: now) else {
                    await giveBack(domain, claimedAt: started)
                    return changed
                }
                changed += fetched
                try await store.release(domain, holder: holder, nextDue: started + AssociationFetch.seconds(interval))
            }
        } catch {
            // A store's work cut short by the service stopping is not the store's failure.
            if Task.isCancelled { return changed }
            logger.error("\(error)")
        }
        counts.roundFinished()
        return changed
    }

    /// A domain whose fetch was cut short: when the service is stopping, due again at once for
    /// another watcher rather than held to the lease's end (in a task the stop does not cancel,
    /// waited for at most 5 s); otherwise (the fetcher was shut down) an interval later.
    private func giveBack(_ domain: String, claimedAt started: Date) async {
        let (store, holder) = (store, holder)
        let nextDue = Task.isCancelled ? started : started + AssociationFetch.seconds(interval)
        _ = await Task.detached {
            try? await TimeLimit.run(.seconds(5)) { try await store.release(domain, holder: holder, nextDue: nextDue) }
        }.value
    }

    /// Both routes of `domain`, each answer recorded under this watcher's lease; the routes that
    /// changed, or nil when the service is stopping (a fetch cut short says nothing about the file).
    private func fetch(_ domain: String, now: @Sendable () -> Date) async -> [String]? {
        var changed: [String] = []
        for route in AssociationFileRequest.Route.allCases {
            let report = await fetcher.fetch(domain, route: route)
            if Task.isCancelled || report.checks.contains(where: { $0.code == "fetch.cancelled" }) { return nil }
            do throws(WatchStoreError) {
                let recording = try await store.record(
                    .init(report), domain: domain, route: route, at: now(), holder: holder)
                counts.fetched(changed: recording == .changed)
                switch recording {
                case .unchanged: break
                case .changed:
                    changed.append("\(domain) \(route.rawValue)")
                    logger.info(
                        "the answer changed",
                        metadata: [
                            "domain": "\(domain)", "route": "\(route.rawValue)",
                            "status": "\(report.status.map(String.init) ?? "none")",
                            "outcome": "\(report.outcome.rawValue)",
                        ])
                case .leaseLost:
                    logger.warning(
                        "the fetch outlasted the lease: another watcher has the domain, nothing recorded",
                        metadata: ["domain": "\(domain)", "route": "\(route.rawValue)"])
                    return changed
                }
            } catch {
                if Task.isCancelled { return nil }
                logger.error("\(error)")
            }
        }
        return changed
    }

    /// Rounds until the service group shuts down, each when the next domain may be claimed (at
    /// least a second and at most an interval apart).
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await checkAll()
                let next: Date?
                do throws(WatchStoreError) {
                    next = try await store.nextClaim(among: domains.map(\.description))
                } catch {
                    if !Task.isCancelled { logger.error("\(error)") }
                    next = nil
                }
                let wait = next.map { $0.timeIntervalSinceNow } ?? AssociationFetch.seconds(interval)
                // Shutting down ends the wait: that is the service's end, not its failure.
                do { try await Task.sleep(for: .seconds(min(max(wait, 1), AssociationFetch.seconds(interval)))) } catch
                { return }
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
        public let routes: [(route: AssociationFileRequest.Route, summary: WatchRouteSummary?)]

        /// Whether both routes' current answers are the same received file (by content hash); nil
        /// when either has not received one.
        public var cdnMatchesServer: Bool? {
            AssociationWatch.sameFile(routes.map { $0.summary.map { ($0.outcome, $0.contentHash) } })
        }
    }

    /// Every watched domain's summary, in the watch file's order, from one summary query (no body
    /// read): what `/watch` and `/v1/watch` show.
    public func overview() async throws(WatchStoreError) -> [DomainSummary] {
        var byRoute: [String: WatchRouteSummary] = [:]
        for summary in try await store.summaries() { byRoute[summary.domain + " " + summary.route] = summary }
        return domains.map { domain in
            DomainSummary(
                domain: domain,
                routes: AssociationFileRequest.Route.allCases.map {
                    ($0, byRoute[domain.description + " " + $0.rawValue])
                })
        }
    }

    /// The state of `domain`, every version with its body, read from the store (the domain's page).
    public func state(of domain: LinkDomain) async throws(WatchStoreError) -> DomainState {
        try await state(of: [domain])[0]
    }

    /// The state of every watched domain, every version with its body, read from the store.
    public func state() async throws(WatchStoreError) -> [DomainState] {
        try await state(of: domains)
    }

    private func state(of domains: [LinkDomain]) async throws(WatchStoreError) -> [DomainState] {
        var states: [DomainState] = []
        for domain in domains {
            var routes: [RouteState] = []
            for route in AssociationFileRequest.Route.allCases {
                let versions = try await store.versions(domain: domain.description, route: route)
                let latest = try await store.changes(domain: domain.description, route: route).first
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
