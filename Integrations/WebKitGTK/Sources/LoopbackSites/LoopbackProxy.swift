import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// An HTTP proxy on 127.0.0.1 that is itself every site: a web view whose proxy is this reaches
/// `https://shop.example/` without any packet leaving the machine. A `CONNECT host:443` tunnel is
/// answered by TLS with the run-time certificate and served from the `SiteTable`; a plain
/// `GET http://host/...` is served directly.
public final class LoopbackProxy: Sendable {
    /// The port on 127.0.0.1.
    public let port: Int
    private let channel: any Channel
    private let group: MultiThreadedEventLoopGroup

    /// Starts listening; blocks until the socket is bound.
    public init(sites: SiteTable, ca: RunTimeCA) throws {
        var tls = TLSConfiguration.makeServerConfiguration(
            certificateChain: [.certificate(ca.leafCertificate)], privateKey: .privateKey(ca.leafKey))
        tls.applicationProtocols = ["http/1.1"]
        let context = try NIOSSLContext(configuration: tls)
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        channel = try ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    try pipeline.addHandler(
                        ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .forwardBytes)), name: "decoder")
                    try pipeline.addHandler(HTTPResponseEncoder(), name: "encoder")
                    try pipeline.addHandler(ProxyFront(sites: sites, tls: context))
                }
            }
            .bind(host: "127.0.0.1", port: 0).wait()
        guard let port = channel.localAddress?.port else { throw LoopbackError.noPort }
        self.port = port
    }

    /// The proxy URI for the web view's network session.
    public var uri: String { "http://127.0.0.1:\(port)" }

    /// Closes the socket and stops the threads.
    public func stop() {
        try? channel.close().wait()
        try? group.syncShutdownGracefully()
    }
}

public enum LoopbackError: Error {
    case noPort
}

/// The first request on a connection: a tunnel to open, or a plain-HTTP request to serve.
private final class ProxyFront: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    let sites: SiteTable
    let tls: NIOSSLContext
    var head: HTTPRequestHead?

    init(sites: SiteTable, tls: NIOSSLContext) {
        self.sites = sites
        self.tls = tls
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let received): head = received
        case .body: break
        case .end:
            guard let head else { return }
            self.head = nil
            if head.method == .CONNECT {
                openTunnel(context: context, target: head.uri)
            } else {
                // A plain-HTTP request through a proxy names the whole URL.
                let response = sites.respond(to: head.uri)
                SiteConnection.write(response, context: context, wrap: wrapOutboundOut, keepAlive: head.isKeepAlive)
            }
        }
    }

    /// Answers the CONNECT, then turns the connection into a TLS server for `target` (host:port).
    private func openTunnel(context: ChannelHandlerContext, target: String) {
        let origin = target.hasSuffix(":443") ? String(target.dropLast(4)) : target
        let pipeline = context.pipeline
        let site = SiteConnection(sites: sites, origin: "https://" + origin)
        let tls = self.tls
        pipeline.removeHandler(name: "encoder")
            .flatMap { pipeline.removeHandler(name: "decoder") }
            .flatMapThrowing {
                let sync = pipeline.syncOperations
                try sync.addHandler(NIOSSLServerHandler(context: tls))
                try sync.configureHTTPServerPipeline(withErrorHandling: true)
                try sync.addHandler(site)
            }
            .flatMap {
                context.writeAndFlush(NIOAny(ByteBuffer(string: "HTTP/1.1 200 Connection Established\r\n\r\n")))
            }
            .flatMap { pipeline.removeHandler(context: context) }
            .whenFailure { _ in context.close(promise: nil) }
    }
}

/// Requests inside a tunnel: paths on one origin.
private final class SiteConnection: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    let sites: SiteTable
    let origin: String
    var head: HTTPRequestHead?

    init(sites: SiteTable, origin: String) {
        self.sites = sites
        self.origin = origin
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let received): head = received
        case .body: break
        case .end:
            guard let head else { return }
            self.head = nil
            Self.write(sites.respond(to: origin + head.uri), context: context, wrap: wrapOutboundOut, keepAlive: head.isKeepAlive)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A client that gives up mid-handshake or mid-request: nothing to answer.
        context.close(promise: nil)
    }

    static func write(
        _ response: SiteTable.Response, context: ChannelHandlerContext, wrap: (HTTPServerResponsePart) -> NIOAny,
        keepAlive: Bool
    ) {
        var headers = HTTPHeaders(response.headers)
        headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count))
        if !keepAlive { headers.replaceOrAdd(name: "Connection", value: "close") }
        let head = HTTPResponseHead(version: .http1_1, status: HTTPResponseStatus(statusCode: response.status), headers: headers)
        context.write(wrap(.head(head)), promise: nil)
        if !response.body.isEmpty { context.write(wrap(.body(.byteBuffer(ByteBuffer(bytes: response.body)))), promise: nil) }
        let done = context.writeAndFlush(wrap(.end(nil)))
        if !keepAlive { done.whenComplete { _ in context.close(promise: nil) } }
    }
}
