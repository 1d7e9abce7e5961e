import AssociationFetchCore
import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOSSL

/// One GET with hard bounds: a time limit for the whole exchange, a body size limit enforced while
/// the body streams in, no redirects followed, no cookies, no cache, and chosen trust roots.
///
/// Every outcome, including TLS, DNS, connection, timeout and size failures, comes back as an
/// `HTTPFetchResult`; ``get(_:)`` never throws. Each call uses its own connection and closes it
/// before returning, so nothing (a cookie, a cached response, a pooled connection) carries over from
/// one fetch to the next.
public struct BoundedHTTPClient: Sendable {
    /// The bounds and identity of a fetch.
    public struct Configuration: Sendable, Hashable {
        /// The `User-Agent` header sent with the request.
        public var userAgent: String
        /// The limit for the whole exchange: name resolution, connect, TLS, the response head and
        /// the complete body. At least 1 ms and at most 24 hours.
        public var timeout: Duration
        /// The most body bytes accepted. One byte more stops the transfer.
        public var maximumBodySize: Int
        /// The certificate authorities the server's certificate must chain to.
        public var trustRoots: TrustRoots
        /// Host names mapped to the IP address to connect to instead of resolving them. The
        /// certificate is still checked against the host name (like curl's `--resolve`).
        public var addressOverrides: [String: String]
        /// Whether `http:` URLs may be fetched. Off by default: the association file and remote
        /// rules are only ever fetched over TLS.
        public var allowsPlainHTTP: Bool

        /// Bounds with a 10-second time limit, the system's trust roots and `https:` only, unless given.
        public init(
            userAgent: String,
            timeout: Duration = .seconds(10),
            maximumBodySize: Int,
            trustRoots: TrustRoots = .system,
            addressOverrides: [String: String] = [:],
            allowsPlainHTTP: Bool = false
        ) {
            self.userAgent = userAgent
            self.timeout = timeout
            self.maximumBodySize = maximumBodySize
            self.trustRoots = trustRoots
            self.addressOverrides = addressOverrides
            self.allowsPlainHTTP = allowsPlainHTTP
        }
    }

    /// The bounds this client applies to every fetch.
    public var configuration: Configuration
    private let eventLoopGroup: (any EventLoopGroup)?

    /// A client with the given bounds. Without an event loop group it uses AsyncHTTPClient's
    /// shared one, which lives as long as the process.
    public init(configuration: Configuration, eventLoopGroup: (any EventLoopGroup)? = nil) {
        self.configuration = configuration
        self.eventLoopGroup = eventLoopGroup
    }

    /// Fetches `url` with one GET and reports what happened. A 3xx response is returned as it is,
    /// with its `Location`; it is never followed.
    public func get(_ url: String) async -> HTTPFetchResult {
        let clock = ContinuousClock()
        let start = clock.now
        let fetch = await boundedGet(url)
        return HTTPFetchResult(
            url: url,
            response: fetch.response,
            body: fetch.failure == nil ? fetch.body : nil,
            bodyBytesReceived: fetch.received,
            failure: fetch.failure,
            elapsed: clock.now - start
        )
    }

    private func boundedGet(_ url: String) async -> Progress {
        let limits = configuration
        let target: RequestURL
        switch RequestURL.check(url, allowsPlainHTTP: limits.allowsPlainHTTP) {
        case .success(let checked): target = checked
        case .failure(let failure): return Progress(failure: failure)
        }
        guard limits.timeout >= .milliseconds(1), limits.timeout <= .seconds(86_400) else {
            return Progress(failure: .invalidRequest(reason: "the timeout must be from 1 ms to 24 hours"))
        }
        guard limits.maximumBodySize >= 0 else {
            return Progress(failure: .invalidRequest(reason: "the body size limit must not be negative"))
        }
        guard limits.userAgent.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x7F }) else {
            return Progress(failure: .invalidRequest(reason: "the user agent must not contain control characters"))
        }
        var tls: TLSConfiguration
        switch limits.trustRoots.makeTLSConfiguration() {
        case .success(let configuration): tls = configuration
        case .failure(let failure): return Progress(failure: failure)
        }
        // The connection is closed only once the response is complete or abandoned. Waiting the
        // default 5 s for the server's close_notify gains nothing, and a server that has stopped
        // reading (one streaming an endless body, say) would hold every aborted fetch that long.
        tls.shutdownTimeout = .milliseconds(100)

        let timeAmount = TimeAmount.nanoseconds(
            limits.timeout.components.seconds * 1_000_000_000 + limits.timeout.components.attoseconds / 1_000_000_000
        )
        var pool = HTTPClient.Configuration.ConnectionPool()
        // A failed connection is reported at once, with its cause, instead of being retried until
        // the time limit hides the cause behind a timeout.
        pool.retryConnectionEstablishment = false
        var clientConfiguration = HTTPClient.Configuration(
            tlsConfiguration: tls,
            redirectConfiguration: .disallow,
            timeout: .init(connect: timeAmount),
            connectionPool: pool,
            proxy: nil,
            decompression: .disabled
        )
        clientConfiguration.dnsOverride = limits.addressOverrides

        let client = HTTPClient(
            eventLoopGroup: eventLoopGroup ?? HTTPClient.defaultEventLoopGroup,
            configuration: clientConfiguration
        )
        let request = {
            var request = HTTPClientRequest(url: target.text)
            request.method = .GET
            request.headers.replaceOrAdd(name: "User-Agent", value: limits.userAgent)
            return request
        }()

        let deadline = NIODeadline.now() + timeAmount
        let outcome = await Self.race(limit: limits.timeout) {
            await Self.transfer(client: client, request: request, deadline: deadline, host: target.host, limits: limits)
        }
        // Closing the client closes the connection, which also ends a transfer that was stopped.
        try? await client.shutdown()

        switch outcome {
        case .finished(let progress):
            return progress
        case .timedOut(let progress):
            var progress = progress
            let phase: HTTPFetchFailure.Phase = progress.response == nil ? .beforeResponse : .receivingBody
            progress.failure = .timeout(limit: limits.timeout, phase: phase)
            progress.body = nil
            return progress
        }
    }

    /// What one transfer got before it ended.
    struct Progress: Sendable {
        var response: HTTPResponseSummary?
        var body: [UInt8]?
        var received = 0
        var failure: HTTPFetchFailure?
        /// Whether the transfer ended because its task was cancelled.
        var interrupted = false

        /// The progress so far, ended by `error`: a cancellation is no failure of the server's.
        func ended(by error: any Error, host: String, phase: HTTPFetchFailure.Phase, limit: Duration) -> Progress {
            var ended = self
            ended.interrupted = Task.isCancelled
            ended.failure =
                ended.interrupted ? nil : HTTPFetchFailure.classify(error, host: host, phase: phase, limit: limit)
            return ended
        }
    }

    enum RaceOutcome: Sendable {
        case finished(Progress)
        case timedOut(Progress)
    }

    /// Runs `transfer` against a timer. AsyncHTTPClient's deadline covers only the wait for the
    /// response head, so the timer is what bounds a body that trickles in or never ends: when it
    /// fires, the transfer's task is cancelled, which cancels the request and closes the connection.
    static func race(limit: Duration, _ transfer: @escaping @Sendable () async -> Progress) async -> RaceOutcome {
        enum Event: Sendable {
            case transfer(Progress)
            case timerFired
            case timerCancelled
        }
        return await withTaskGroup(of: Event.self) { group in
            group.addTask { .transfer(await transfer()) }
            group.addTask {
                do {
                    try await Task.sleep(for: limit)
                    return .timerFired
                } catch {
                    return .timerCancelled
                }
            }
            var progress = Progress()
            var timerFired = false
            while let event = await group.next() {
                switch event {
                case .transfer(let finished):
                    progress = finished
                    group.cancelAll()
                case .timerFired:
                    timerFired = true
                    group.cancelAll()
                case .timerCancelled:
                    break
                }
            }
            // A transfer that completed cleanly wins a photo finish with the timer.
            let completed = progress.failure == nil && !progress.interrupted && progress.body != nil
            if timerFired && !completed {
                return .timedOut(progress)
            }
            if progress.interrupted && progress.failure == nil {
                progress.failure = .cancelled
            }
            return .finished(progress)
        }
    }

    /// Sends the request and streams the body into memory, stopping at the size limit.
    static func transfer(
        client: HTTPClient,
        request: HTTPClientRequest,
        deadline: NIODeadline,
        host: String,
        limits: Configuration
    ) async -> Progress {
        var progress = Progress()
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request, deadline: deadline)
        } catch {
            return progress.ended(by: error, host: host, phase: .beforeResponse, limit: limits.timeout)
        }
        let summary = HTTPResponseSummary(response)
        progress.response = summary

        let cap = limits.maximumBodySize
        if let declared = summary.declaredContentLength, declared > cap {
            // Reading nothing is the cheapest way not to buffer more than the limit.
            progress.failure = .bodyTooLarge(limit: cap, declaredLength: declared, received: 0)
            return progress
        }
        var body: [UInt8] = []
        body.reserveCapacity(min(summary.declaredContentLength ?? 16_384, cap))
        do {
            for try await chunk in response.body {
                progress.received += chunk.readableBytes
                if progress.received > cap {
                    // Leaving the loop drops the iterator, which cancels the request; the chunk that
                    // crossed the limit is never copied.
                    progress.failure = .bodyTooLarge(limit: cap, declaredLength: nil, received: progress.received)
                    return progress
                }
                body.append(contentsOf: chunk.readableBytesView)
            }
        } catch {
            return progress.ended(by: error, host: host, phase: .receivingBody, limit: limits.timeout)
        }
        // A cancelled body stream can end like a finished one; only an uncancelled end is complete.
        if Task.isCancelled {
            progress.interrupted = true
            return progress
        }
        progress.body = body
        return progress
    }
}

extension HTTPResponseSummary {
    init(_ response: HTTPClientResponse) {
        self.init(
            status: Int(response.status.code),
            reasonPhrase: response.status.reasonPhrase,
            httpVersion: "HTTP/\(response.version.major).\(response.version.minor)",
            headers: response.headers.map { HTTPHeaderField(name: $0.name, value: $0.value) }
        )
    }
}
