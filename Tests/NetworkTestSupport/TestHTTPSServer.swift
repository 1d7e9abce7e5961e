import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// How the test server answers a request.
public enum Reply: Sendable {
    /// A complete response with a `Content-Length`.
    case full(status: Int, headers: [(String, String)] = [], body: [UInt8] = [])
    /// A chunked response whose body never ends: `chunkSize` bytes at a time, as fast as the
    /// client reads, until the connection closes.
    case endless(status: Int, headers: [(String, String)] = [], chunkSize: Int)
    /// A chunked response that sends one byte every `interval` and never ends.
    case trickle(status: Int, headers: [(String, String)] = [], interval: Duration)
    /// No response at all: the request is read and nothing is sent back.
    case silence
    /// A response that declares a `Content-Length` of `declaredLength`, sends `body` (fewer bytes)
    /// and then closes the connection: a download cut off mid-body.
    case cutOff(status: Int, headers: [(String, String)] = [], declaredLength: Int, body: [UInt8])

    /// A complete response whose body is `text`, with the given `Content-Type`.
    public static func json(_ text: String, status: Int = 200, contentType: String = "application/json") -> Reply {
        .full(status: status, headers: [("Content-Type", contentType)], body: Array(text.utf8))
    }
}

/// What the server saw, shared between its connections and the test.
public final class ServerLog: @unchecked Sendable, CustomStringConvertible {
    private let lock = NSLock()
    private var _requests: [HTTPRequestHead] = []
    private var _bodyBytesWritten = 0
    private var _connectionsEnded = 0

    func record(_ head: HTTPRequestHead) { lock.withLock { _requests.append(head) } }
    func wrote(_ count: Int) { lock.withLock { _bodyBytesWritten += count } }
    func connectionEnded() { lock.withLock { _connectionsEnded += 1 } }

    /// Every request head received, in order.
    public var requests: [HTTPRequestHead] { lock.withLock { _requests } }
    /// Response body bytes the server has written.
    public var bodyBytesWritten: Int { lock.withLock { _bodyBytesWritten } }
    /// Connections that have closed, for whatever reason.
    public var connectionsEnded: Int { lock.withLock { _connectionsEnded } }

    /// The requests as `METHOD uri`, for test failure messages.
    public var description: String { requests.map { "\($0.method) \($0.uri)" }.joined(separator: ", ") }

    /// Waits until `condition` holds, or `limit` has passed; says whether it held.
    public func wait(upTo limit: Duration, until condition: @Sendable (ServerLog) -> Bool) async -> Bool {
        let clock = ContinuousClock()
        let end = clock.now + limit
        while clock.now < end {
            if condition(self) { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition(self)
    }
}

/// An HTTPS/1.1 server on 127.0.0.1 and a random port, for one test.
public final class TestHTTPSServer: Sendable {
    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    /// What it has seen.
    public let log: ServerLog
    private let serverChannel: any Channel
    private let task: Task<Void, Never>

    private init(port: Int, log: ServerLog, serverChannel: any Channel, task: Task<Void, Never>) {
        self.port = port
        self.log = log
        self.serverChannel = serverChannel
        self.task = task
    }

    /// The origin to ask: `https://localhost:<port>`.
    public var origin: String { "https://localhost:\(port)" }

    /// Starts a server on `group` that presents `leaf` and answers each request with `route`.
    public static func start(
        group: any EventLoopGroup,
        leaf: TestLeaf,
        route: @escaping @Sendable (HTTPRequestHead) -> Reply
    ) async throws -> TestHTTPSServer {
        var tls = TLSConfiguration.makeServerConfiguration(
            certificateChain: [.certificate(leaf.certificate)],
            privateKey: .privateKey(leaf.key)
        )
        tls.applicationProtocols = ["http/1.1"]
        let sslContext = try NIOSSLContext(configuration: tls)
        let log = ServerLog()

        let server = try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: 0) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: sslContext))
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(
                        wrappingChannelSynchronously: channel
                    )
                }
            }
        guard let port = server.channel.localAddress?.port else {
            throw TestServerError.noPort
        }
        let channel = server.channel
        let accept: @Sendable () async -> Void = {
            await withTaskGroup(of: Void.self) { connections in
                try? await server.executeThenClose { inbound in
                    for try await connection in inbound {
                        connections.addTask {
                            await serve(connection, route: route, log: log)
                        }
                    }
                }
                connections.cancelAll()
            }
        }
        // The server runs on its own event loop's thread, not on Swift concurrency's shared pool:
        // tests that block a pool thread (a synchronous test waiting for a `webfence` process) would
        // otherwise keep it from answering, and a client's time limit would end the fetch.
        let task: Task<Void, Never>
        if #available(macOS 15.0, *) {
            task = Task(executorPreference: EventLoopTaskExecutor(channel.eventLoop), operation: accept)
        } else {
            task = Task(operation: accept)
        }
        return TestHTTPSServer(port: port, log: log, serverChannel: channel, task: task)
    }

    /// Stops accepting, ends every connection and waits until all of it is done.
    public func stop() async {
        task.cancel()
        try? await serverChannel.close()
        await task.value
    }
}

/// Runs a task's jobs on one NIO event loop: the loop's thread is the server's alone.
@available(macOS 15.0, *)
private final class EventLoopTaskExecutor: TaskExecutor {
    private let loop: any EventLoop
    init(_ loop: any EventLoop) { self.loop = loop }

    // platform-checked: a member of a type that needs macOS 15
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// Why the test server could not start.
public enum TestServerError: Error {
    case noPort
}

private func serve(
    _ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>,
    route: @Sendable (HTTPRequestHead) -> Reply,
    log: ServerLog
) async {
    defer { log.connectionEnded() }
    // A client that rejects the certificate ends the handshake with an error; that is expected.
    try? await connection.executeThenClose { inbound, outbound in
        var head: HTTPRequestHead?
        for try await part in inbound {
            switch part {
            case .head(let received):
                head = received
            case .body:
                break
            case .end:
                guard let request = head else { return }
                log.record(request)
                try await answer(route(request), outbound: outbound, log: log)
            }
        }
    }
}

private func answer(
    _ reply: Reply,
    outbound: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>,
    log: ServerLog
) async throws {
    func head(_ status: Int, _ headers: [(String, String)], chunked: Bool, length: Int? = nil) -> HTTPResponseHead {
        var fields = HTTPHeaders(headers)
        if chunked { fields.add(name: "Transfer-Encoding", value: "chunked") }
        if let length { fields.add(name: "Content-Length", value: String(length)) }
        return HTTPResponseHead(version: .http1_1, status: HTTPResponseStatus(statusCode: status), headers: fields)
    }
    switch reply {
    case .full(let status, let headers, let body):
        let declared = headers.contains { $0.0.lowercased() == "content-length" } ? nil : body.count
        try await outbound.write(.head(head(status, headers, chunked: false, length: declared)))
        if !body.isEmpty {
            try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: body))))
            log.wrote(body.count)
        }
        try await outbound.write(.end(nil))
    case .endless(let status, let headers, let chunkSize):
        try await outbound.write(.head(head(status, headers, chunked: true)))
        let chunk = ByteBuffer(repeating: UInt8(ascii: "x"), count: chunkSize)
        while true {
            // The write waits while the client is not reading, so this loop is as fast as the client.
            try await outbound.write(.body(.byteBuffer(chunk)))
            log.wrote(chunkSize)
        }
    case .trickle(let status, let headers, let interval):
        try await outbound.write(.head(head(status, headers, chunked: true)))
        while true {
            try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: [UInt8(ascii: " ")]))))
            log.wrote(1)
            try await Task.sleep(for: interval)
        }
    case .silence:
        try await Task.sleep(for: .seconds(3600))
    case .cutOff(let status, let headers, let declaredLength, let body):
        try await outbound.write(.head(head(status, headers, chunked: false, length: declaredLength)))
        try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: body))))
        log.wrote(body.count)
        // Throwing ends `executeThenClose`, which closes the connection before the body is complete.
        throw CutOff()
    }
}

/// Ends a connection on purpose, mid-response.
private struct CutOff: Error {}

/// Runs `body` with a fresh event loop group and a server started on it, and shuts both down
/// whether `body` returns or throws.
public func withTestServer<T: Sendable>(
    leaf: TestLeaf,
    route: @escaping @Sendable (HTTPRequestHead) -> Reply,
    _ body: (TestHTTPSServer, any EventLoopGroup) async throws -> T
) async throws -> T {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let server: TestHTTPSServer
    do {
        server = try await TestHTTPSServer.start(group: group, leaf: leaf, route: route)
    } catch {
        try? await group.shutdownGracefully()
        throw error
    }
    do {
        let result = try await body(server, group)
        await server.stop()
        try await group.shutdownGracefully()
        return result
    } catch {
        await server.stop()
        try? await group.shutdownGracefully()
        throw error
    }
}
