import AppManifest
import AssociatedDomains
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import WebFenceNetwork
import WebFenceWatch

/// `webfence serve`: WebFence's answers over HTTP, from the same library code as the command line
/// (no decision is made here). The routes of interfaces §7 answer with the `--jsonl` commands'
/// objects; every answer carries the security headers; a body over the cap is a `413` and a body the
/// route cannot use a `400`, never a `500`. `run` stops gracefully on SIGTERM and SIGINT.
public struct WebFenceServer: Sendable {
    /// Where the server listens and what it accepts.
    public struct Configuration: Sendable, Hashable {
        /// The address to listen on (loopback by default: the server is for a team's own network).
        public var host: String
        /// The port.
        public var port: Int
        /// The largest request body read, in bytes.
        public var maximumBodySize: Int
        /// The longest a request's body may take to arrive.
        public var bodyTimeLimit: Duration
        /// A connection with no read or write for this long is closed.
        public var idleTimeout: Duration
        /// A connection that has not sent a whole request head this long after opening, or after
        /// its last answer, is closed (a client trickling its headers cannot hold it).
        public var requestHeadTimeLimit: Duration
        /// At most this many connections at once; further ones wait to be accepted.
        public var maximumConnections: Int
        /// Whether fetches may reach loopback, private, link-local, unique-local and metadata
        /// addresses and IP literals (a staging host on the team's network). Off by default.
        public var allowPrivateNetworks: Bool
        /// At most this many association-file fetches at once; a request past them is a `503`.
        public var maximumConcurrentFetches: Int
        /// The largest app upload (`/app`, `/v1/audit`), the whole form, in bytes; it is written to a
        /// private temporary folder as it arrives, never held whole in memory.
        public var maximumUploadSize: Int
        /// The longest an upload may take to arrive.
        public var uploadTimeLimit: Duration
        /// At most this many uploads received and audited at once; one more is a `503`.
        public var maximumConcurrentAudits: Int
        /// What reading an uploaded archive may cost: entries listed, bytes extracted.
        public var archiveLimits: ArchiveLimits
        /// Names a request's `Host` may carry (`--allowed-host`), beside those of the address
        /// listened on (`AllowedHosts.listening(on:)`; none for every address).
        public var allowedHosts: [String] = []
        /// The tokens every route but `/health` needs (`--token-file`); nil: none needed.
        public var tokens: AccessTokens? = nil
        /// At most this many requests decide at once, each on a thread of its own off the event
        /// loops (`DecisionPool`); by default one a core.
        public var maximumConcurrentDecisions = System.coreCount
        /// At most this many more wait for a thread; one more is a `503 server.busy`.
        public var maximumWaitingDecisions = 4 * System.coreCount
        /// The most steps one case of a decision route may cost (its patterns' size × its URL's
        /// length); a request with a costlier case is a `413 budget.case`.
        public var maximumCaseCost = WorkBudget.standard.maximumCaseCost
        /// The longest one request may take deciding; past it, a `503 budget.time`.
        public var decisionTimeLimit = WorkBudget.standard.timeLimit

        /// A configuration; by default 1 MiB bodies within 10 s, idle connections closed after 15 s,
        /// 512 connections at once, public addresses only, 8 fetches at once, uploads of 256 MiB
        /// within 120 s, 2 at once, archives of 65,535 entries extracting at most 512 MiB, request
        /// heads within 10 s.
        public init(
            host: String = "127.0.0.1", port: Int = 8080, maximumBodySize: Int = 1 << 20,
            bodyTimeLimit: Duration = .seconds(10), idleTimeout: Duration = .seconds(15), maximumConnections: Int = 512,
            allowPrivateNetworks: Bool = false, maximumConcurrentFetches: Int = 8,
            maximumUploadSize: Int = 256 << 20, uploadTimeLimit: Duration = .seconds(120),
            maximumConcurrentAudits: Int = 2,
            archiveLimits: ArchiveLimits = ArchiveLimits(maximumEntries: 65_535, maximumExtractedSize: 512 << 20),
            requestHeadTimeLimit: Duration = .seconds(10)
        ) {
            self.requestHeadTimeLimit = requestHeadTimeLimit
            self.maximumUploadSize = maximumUploadSize
            self.uploadTimeLimit = uploadTimeLimit
            self.maximumConcurrentAudits = maximumConcurrentAudits
            self.archiveLimits = archiveLimits
            self.allowPrivateNetworks = allowPrivateNetworks
            self.maximumConcurrentFetches = maximumConcurrentFetches
            self.host = host
            self.port = port
            self.maximumBodySize = maximumBodySize
            self.bodyTimeLimit = bodyTimeLimit
            self.idleTimeout = idleTimeout
            self.maximumConnections = maximumConnections
        }
    }

    /// The configuration the server runs with.
    public let configuration: Configuration
    /// How connections are served: HTTP/1.1, wrapped in TLS when the server has a certificate;
    /// nil for plain HTTP/1.1.
    private(set) var transport: HTTPServerBuilder?
    let fetching: AssociationFetching
    let auditing: AppAuditing
    /// The watch of `--watch FILE`, run beside the server; nil when none.
    let watch: AssociationWatch?
    /// Where the decision routes decide, and what each request may cost.
    let decisions: DecisionPool
    /// What `/metrics` reports.
    let metrics = ServerMetrics()

    /// A server with `configuration` that fetches association files with `fetcher` (its address
    /// guard replaced by the configuration's choice: `PublicAddressGuard` unless private networks
    /// are allowed; a guard already set, such as a test's resolver, is kept).
    /// With `watching`, the watch's rounds run beside the server (`run(logger:)`), fetching with the
    /// same fetcher and address guard as every other fetch, and `/watch` shows them.
    public init(
        _ configuration: Configuration = Configuration(), fetcher: AssociationFileFetcher = .init(),
        watching: Watching? = nil
    ) {
        self.configuration = configuration
        fetching = AssociationFetching(
            fetcher: fetcher, allowPrivateNetworks: configuration.allowPrivateNetworks,
            maximumConcurrentFetches: configuration.maximumConcurrentFetches, metrics: metrics)
        auditing = AppAuditing(
            limits: .init(
                maximumUploadSize: configuration.maximumUploadSize, uploadTimeLimit: configuration.uploadTimeLimit,
                archive: configuration.archiveLimits),
            bound: ConcurrencyBound(maximum: configuration.maximumConcurrentAudits))
        decisions = DecisionPool(
            threads: configuration.maximumConcurrentDecisions, waiting: configuration.maximumWaitingDecisions,
            budget: WorkBudget(
                maximumCaseCost: configuration.maximumCaseCost, timeLimit: configuration.decisionTimeLimit))
        watch = watching.map { [fetching] in
            AssociationWatch(
                domains: $0.domains, store: $0.store, fetcher: fetching.fetcher, interval: $0.interval,
                logger: $0.logger)
        }
    }

    /// A server that answers HTTPS only, with `tls` (`--tls-certificate`, `--tls-key`), TLS 1.2 at
    /// least whatever `tls` allows. The certificate and key are used when the server starts: read
    /// them before (as `webfence serve` does), so that a bad file stops it with its name.
    public init(
        _ configuration: Configuration, fetcher: AssociationFileFetcher = .init(), watching: Watching? = nil,
        tls: TLSConfiguration
    ) throws {
        self.init(configuration, fetcher: fetcher, watching: watching)
        var tls = tls
        if [.tlsv1, .tlsv11].contains(tls.minimumTLSVersion) { tls.minimumTLSVersion = .tlsv12 }
        transport = try .tls(http1, tlsConfiguration: tls)
        servesHTTPS = true
    }

    /// Whether the server answers HTTPS (the scheme a same-origin page's `Origin` has).
    private(set) var servesHTTPS = false

    /// HTTP/1.1 with the server's idle timeout and its deadline for a request's head.
    private var http1: HTTPServerBuilder {
        .http1(
            configuration: .init(
                additionalChannelHandlers: [RequestHeadDeadline(limit: TimeAmount(configuration.requestHeadTimeLimit))],
                idleTimeout: TimeAmount(configuration.idleTimeout)))
    }

    /// What `--watch` watches: the domains, where their versions are kept, how often they are fetched.
    public struct Watching: Sendable {
        /// The domains, in the watch file's order.
        public var domains: [LinkDomain]
        /// The versions' store (a SQLite file, or a PostgreSQL database replicas share).
        public var store: any WatchStore
        /// The time between rounds.
        public var interval: Duration
        /// Where the watch logs its changes.
        public var logger: Logger

        /// A watch of `domains` every `interval`, kept in `store`.
        public init(domains: [LinkDomain], store: any WatchStore, interval: Duration, logger: Logger) {
            (self.domains, self.store, self.interval, self.logger) = (domains, store, interval, logger)
        }
    }

    /// The server's areas, one a capability, each with its JSON routes and pages.
    var areas: [any ServerArea] {
        let limits = BodyLimits(maximumSize: configuration.maximumBodySize, timeLimit: configuration.bodyTimeLimit)
        return [
            ServiceArea { [metrics, watch] in metrics.text(caches: JSONAPI.cacheCounts, watch: watch?.counts) },
            AssociationArea(limits: limits, pool: decisions, fetching: fetching),
            RulesArea(limits: limits, pool: decisions),
            FrameworkArea(limits: limits, pool: decisions),
            ScenarioArea(limits: limits, pool: decisions),
            AuditArea(auditing: auditing),
            WatchArea(watch: watch, pool: decisions),
        ]
    }

    /// The JSON routes, by method (lowercase, as the OpenAPI document writes it) and path: those
    /// `GET /openapi.json` describes.
    public var apiRoutes: [(method: String, path: String)] {
        areas.flatMap(\.routes).filter { $0.audience == .api }.map { ($0.method.rawValue.lowercased(), $0.path) }
    }

    /// Every route, pages and assets too, by method (upper case) and path.
    public var routes: [(method: String, path: String)] {
        areas.flatMap(\.routes).map { ($0.method.rawValue, $0.path) }
    }

    /// The OpenAPI document of the routes (`GET /openapi.json` serves it).
    public static var openAPIDocument: String { OpenAPIDocument.text }

    /// Who may use the server: the allowed hosts, the tokens, and the methods each path answers.
    var accessPolicy: AccessPolicy {
        let routes = areas.flatMap(\.routes)
        var methods: [String: Set<String>] = [:]
        for route in routes {
            methods[route.path, default: []].insert(route.method.rawValue)
            if route.method == .get { methods[route.path, default: []].insert("HEAD") }
        }
        let listening = AllowedHosts.listening(on: configuration.host)?.names ?? []
        let hosts = AllowedHosts(listening.sorted() + configuration.allowedHosts)
        return AccessPolicy(
            allowedHosts: hosts, tokens: configuration.tokens, methods: methods,
            scheme: servesHTTPS ? "https" : "http")
    }

    /// Every area's routes, behind the request log, the security headers and the access checks.
    func router() -> Router<ServerContext> {
        let router = Router(context: ServerContext.self)
        router.add(middleware: RequestMetrics(metrics: metrics))
        router.add(middleware: LogRequestsMiddleware(.info))
        router.add(middleware: SecurityHeaders())
        router.add(middleware: AccessMiddleware(policy: accessPolicy))
        for route in areas.flatMap(\.routes) {
            router.on(
                RouterPath(route.path), method: route.method,
                use: { request, context in
                    await route.respond(request, context)
                })
        }
        return router
    }

    /// The application: the router on the configured address.
    public func application(logger: Logger) -> some ApplicationProtocol {
        Application(
            router: router(),
            server: transport ?? http1,
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: nil,
                availableConnectionsDelegate: MaximumAvailableConnections(configuration.maximumConnections)),
            services: watch.map { [$0] } ?? [],
            logger: logger)
    }

    /// Runs until SIGTERM or SIGINT, then lets requests in flight finish.
    public func run(logger: Logger) async throws {
        try await application(logger: logger).runService()
        await decisions.shutdown()
    }
}
