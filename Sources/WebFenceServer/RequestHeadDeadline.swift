import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Closes a connection that does not send a whole request head within `limit` of opening, or of
/// the server's last answer on it: a client that trickles its headers a byte at a time (a
/// slow-loris) would otherwise hold the connection for ever, each byte resetting the idle timeout,
/// and enough of them would take every connection the server accepts. A request whose head has
/// arrived is not limited here (its body has the body time limit, its answer no limit).
///
/// One timer per connection, not one per request: an answer moves the deadline (a clock read), and
/// the timer, when it fires, closes the connection only if the deadline has passed with no request
/// open, else sleeps until the new deadline.
final class RequestHeadDeadline: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    let limit: TimeAmount
    /// Requests whose head has arrived and whose answer has not ended.
    private var open = 0
    /// When the connection must have sent a head by, while no request is open.
    private var deadline = NIODeadline.distantFuture
    private var timer: Scheduled<Void>?

    init(limit: TimeAmount) {
        self.limit = limit
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) { open += 1 }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            open = max(0, open - 1)
            if open == 0 { arm(context) }
        }
        context.write(data, promise: promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
    }

    private func arm(_ context: ChannelHandlerContext) {
        deadline = .now() + limit
        if timer == nil { schedule(context) }
    }

    private func schedule(_ context: ChannelHandlerContext) {
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(deadline: deadline) {
            let (handler, context) = loopBound.value
            handler.timer = nil
            guard handler.open == 0 else { return }
            if NIODeadline.now() >= handler.deadline {
                context.close(promise: nil)
            } else {
                handler.schedule(context)
            }
        }
    }
}
