import AppManifest
import AssociatedDomains
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import WebFence
import WebFenceAPI
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
    let fetching: AssociationFetching
    let auditing: AppAuditing
    /// The watch of `--watch FILE`, run beside the server; nil when none.
    let watch: AssociationWatch?

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
            maximumConcurrentFetches: configuration.maximumConcurrentFetches)
        auditing = AppAuditing(
            limits: .init(
                maximumUploadSize: configuration.maximumUploadSize, uploadTimeLimit: configuration.uploadTimeLimit,
                archive: configuration.archiveLimits),
            bound: ConcurrencyBound(maximum: configuration.maximumConcurrentAudits))
        watch = watching.map { [fetching] in
            AssociationWatch(
                domains: $0.domains, store: $0.store, fetcher: fetching.fetcher, interval: $0.interval,
                logger: $0.logger)
        }
    }

    /// What `--watch` watches: the domains, where their versions are kept, how often they are fetched.
    public struct Watching: Sendable {
        /// The domains, in the watch file's order.
        public var domains: [LinkDomain]
        /// The versions' database.
        public var store: WatchStore
        /// The time between rounds.
        public var interval: Duration
        /// Where the watch logs its changes.
        public var logger: Logger

        /// A watch of `domains` every `interval`, kept in `store`.
        public init(domains: [LinkDomain], store: WatchStore, interval: Duration, logger: Logger) {
            (self.domains, self.store, self.interval, self.logger) = (domains, store, interval, logger)
        }
    }

    /// The JSON routes: their paths and their pure answers (`JSONAPI`).
    static let jsonRoutes: [(path: String, answer: @Sendable ([UInt8]) -> APIResponse)] = [
        ("/v1/aasa/match", JSONAPI.aasaMatch),
        ("/v1/rules/check", JSONAPI.rulesCheck),
        ("/v1/framework/check", JSONAPI.frameworkCheck),
        ("/v1/aasa/lint", JSONAPI.aasaLint),
        ("/v1/simulate", JSONAPI.simulate),
    ]

    /// The OpenAPI document of the routes (`GET /openapi.json` serves it).
    public static var openAPIDocument: String { OpenAPIDocument.text }

    /// Every route, behind the security headers and the request log.
    func router() -> Router<ServerContext> {
        let router = Router(context: ServerContext.self)
        router.add(middleware: LogRequestsMiddleware(.info))
        router.add(middleware: SecurityHeaders())
        router.get("/health") { _, _ in Self.response(.ok(.object(["status": .string("ok")]))) }
        router.get("/openapi.json") { _, _ in Self.text(OpenAPIDocument.text, type: "application/json") }
        let (limit, timeLimit) = (configuration.maximumBodySize, configuration.bodyTimeLimit)
        addPages(to: router, limit: limit, timeLimit: timeLimit)
        for route in Self.jsonRoutes {
            router.post(RouterPath(route.path)) { request, context in
                switch await Self.apiBody(request, context, limit: limit, timeLimit: timeLimit) {
                case .success(let body): return Self.response(route.answer(body))
                case .failure(let refusal): return Self.response(refusal)
                }
            }
        }
        router.post("/v1/audit") { [auditing] request, context in
            let sarif = request.uri.queryParameters["format"] == "sarif"
            return Self.response(JSONAPI.auditAnswer(await auditing.audit(request, context: context), sarif: sarif))
        }
        router.get("/v1/watch") { [watch] _, _ in Self.response(JSONAPI.watchAnswer(watch)) }
        router.post("/v1/aasa/fetch") { [fetching] request, context in
            let asked = await Self.apiBody(request, context, limit: limit, timeLimit: timeLimit).flatMap(
                JSONAPI.fetchRequest)
            switch asked {
            case .failure(let refusal): return Self.response(refusal)
            case .success(let asked):
                let fetch = await fetching.fetch(asked.domain, routes: asked.routes, appID: asked.appID)
                return Self.response(JSONAPI.fetchAnswer(fetch))
            }
        }
        return router
    }

    /// A JSON route's body, or the answer for a body that did not arrive whole.
    static func apiBody(
        _ request: Request, _ context: ServerContext, limit: Int, timeLimit: Duration
    ) async -> Result<[UInt8], APIResponse> {
        switch await context.readBody(of: request, limit: limit, timeLimit: timeLimit) {
        case .success(let body): .success(body)
        case .failure(.tooLarge): .failure(.error(413, code: "body.tooLarge", "the body is over \(limit) bytes"))
        case .failure(.tooSlow): .failure(.error(408, code: "body.slow", "the body did not arrive within \(timeLimit)"))
        case .failure(.unreadable): .failure(.error(400, code: "body.unreadable", "the body could not be read"))
        }
    }

    /// The pages: rendered here, usable without script (`Layout`).
    func pages() -> [(path: String, page: @Sendable (FormBody) async -> HTML)] {
        let fetch: UniversalLinksPage.Fetch = { [fetching] domain, appID in
            await fetching.fetch(domain, routes: [.cdn, .direct], appID: appID)
        }
        return [
            (UniversalLinksPage.path, { await UniversalLinksPage.post($0, fetch: fetch) }),
            ("/rules/check", RulesPage.postRules),
            ("/frameworks/check", RulesPage.postFramework),
            (ScenarioPage.path, ScenarioPage.post),
        ]
    }

    private func addPages(to router: Router<ServerContext>, limit: Int, timeLimit: Duration) {
        router.get(RouterPath(UniversalLinksPage.path)) { _, _ in Self.page(UniversalLinksPage.get()) }
        for path in [RulesPage.path, "/rules/check", "/frameworks/check"] {
            router.get(RouterPath(path)) { _, _ in Self.page(RulesPage.get()) }
        }
        router.get(RouterPath(ScenarioPage.path)) { _, _ in Self.page(ScenarioPage.get()) }
        router.get(RouterPath(WatchPage.path)) { [watch] _, _ in Self.page(WatchPage.get(watch)) }
        router.get(RouterPath(WatchPage.domainPath)) { [watch] request, _ in
            let (status, html) = WatchPage.domain(watch, name: request.uri.queryParameters["name"].map(String.init))
            return Self.page(html, status: status)
        }
        router.get(RouterPath(AppPage.path)) { [auditing] _, _ in Self.page(AppPage.get(limits: auditing.limits)) }
        router.post(RouterPath(AppPage.path)) { [auditing] request, context in
            let outcome = await auditing.audit(request, context: context)
            let status: HTTPResponse.Status =
                switch outcome {
                case .success: .ok
                case .failure(let refusal): HTTPResponse.Status(code: refusal.status)
                }
            return Self.page(AppPage.post(outcome, limits: auditing.limits), status: status)
        }
        router.post(RouterPath(AppPage.sarifPath)) { [auditing] request, context in
            switch await auditing.audit(request, context: context) {
            case .success(let outcome):
                var response = Self.text(
                    SARIFLog.render(outcome.audits, unusable: outcome.unusable).serialized(),
                    type: "application/sarif+json")
                response.headers[.contentDisposition] = "attachment; filename=\"webfence-audit.sarif\""
                return response
            case .failure(let refusal):
                return Self.page(
                    AppPage.post(.failure(refusal), limits: auditing.limits),
                    status: HTTPResponse.Status(code: refusal.status))
            }
        }
        // No icon: an empty answer, so a browser's automatic request is not an error in its console.
        router.get("/favicon.ico") { _, _ in Response(status: .noContent) }
        router.get("/style.css") { _, _ in Self.text(Layout.styleSheet, type: "text/css") }
        for route in pages() {
            router.post(RouterPath(route.path)) { request, context in
                switch await context.readBody(of: request, limit: limit, timeLimit: timeLimit) {
                case .success(let body):
                    return Self.page(await route.page(FormBody(body, contentType: request.headers[.contentType])))
                case .failure(.tooLarge):
                    return Self.page(
                        Layout.page(
                            title: "Too large", path: "",
                            "<p role=\"alert\">The form is over \(limit) bytes. Paste less, or use the JSON API.</p>"),
                        status: .contentTooLarge)
                case .failure(.tooSlow), .failure(.unreadable):
                    return Self.page(
                        Layout.page(title: "Not received", path: "", "<p role=\"alert\">The form did not arrive.</p>"),
                        status: .requestTimeout)
                }
            }
        }
    }

    /// A page written as HTTP.
    static func page(_ html: HTML, status: HTTPResponse.Status = .ok) -> Response {
        text(html.rendered, type: "text/html", status: status)
    }

    /// UTF-8 text of a media type, written as HTTP.
    static func text(_ body: String, type: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "\(type); charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

    /// The application: the router on the configured address.
    public func application(logger: Logger) -> some ApplicationProtocol {
        let headLimit = configuration.requestHeadTimeLimit
        return Application(
            router: router(),
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [RequestHeadDeadline(limit: TimeAmount(headLimit))],
                    idleTimeout: TimeAmount(configuration.idleTimeout))),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: nil,
                availableConnectionsDelegate: MaximumAvailableConnections(configuration.maximumConnections)),
            services: watch.map { [$0] } ?? [],
            logger: logger)
    }

    /// Runs until SIGTERM or SIGINT, then lets requests in flight finish.
    public func run(logger: Logger) async throws {
        try await application(logger: logger).runService()
    }

    /// An answer written as HTTP.
    static func response(_ answer: APIResponse) -> Response {
        var response = text(
            answer.body.serialized(), type: "application/json", status: HTTPResponse.Status(code: answer.status))
        if answer.status == 503 { response.headers[.retryAfter] = "1" }
        return response
    }
}
