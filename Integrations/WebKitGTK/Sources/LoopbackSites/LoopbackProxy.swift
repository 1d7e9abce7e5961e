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
                    try pipeline.addHandler(SiteRequests(sites: sites, tls: context, origin: nil))
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

/// Requests on a connection. Before a tunnel (`origin` nil) a request is a `CONNECT` to open, or a
/// plain-HTTP request naming its whole URL; inside a tunnel, a path on `origin`.
private final class SiteRequests: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    let sites: SiteTable
    let tls: NIOSSLContext
    let origin: String?
    var head: HTTPRequestHead?

    init(sites: SiteTable, tls: NIOSSLContext, origin: String?) {
        self.sites = sites
        self.tls = tls
        self.origin = origin
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let received): head = received
        case .body: break
        case .end:
            guard let head else { return }
            self.head = nil
            if origin == nil, head.method == .CONNECT {
                sites.recordTunnel(to: head.uri)
                openTunnel(context: context, target: head.uri)
            } else {
                write(sites.respond(to: (origin ?? "") + head.uri), context: context, keepAlive: head.isKeepAlive)
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A client that gives up mid-handshake or mid-request: nothing to answer.
        context.close(promise: nil)
    }

    /// Answers the CONNECT, then turns the connection into a TLS server for `target` (host:port).
    private func openTunnel(context: ChannelHandlerContext, target: String) {
        let origin = target.hasSuffix(":443") ? String(target.dropLast(4)) : target
        let pipeline = context.pipeline
        let inside = SiteRequests(sites: sites, tls: tls, origin: "https://" + origin)
        let tls = self.tls
        pipeline.removeHandler(name: "encoder")
            .flatMap { pipeline.removeHandler(name: "decoder") }
            .flatMapThrowing {
                let sync = pipeline.syncOperations
                try sync.addHandler(NIOSSLServerHandler(context: tls))
                try sync.configureHTTPServerPipeline(withErrorHandling: true)
                try sync.addHandler(inside)
            }
            .flatMap {
                context.writeAndFlush(NIOAny(ByteBuffer(string: "HTTP/1.1 200 Connection Established\r\n\r\n")))
            }
            .flatMap { pipeline.removeHandler(context: context) }
            .whenFailure { _ in context.close(promise: nil) }
    }

    private func write(_ response: SiteTable.Response, context: ChannelHandlerContext, keepAlive: Bool) {
        var headers = HTTPHeaders(response.headers)
        headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count))
        if !keepAlive { headers.replaceOrAdd(name: "Connection", value: "close") }
        let head = HTTPResponseHead(
            version: .http1_1, status: HTTPResponseStatus(statusCode: response.status), headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if !response.body.isEmpty {
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: response.body)))), promise: nil)
        }
        let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !keepAlive { done.whenComplete { _ in context.close(promise: nil) } }
    }
}
