import NIOCore
import NIOHTTPTypes

/// Drops a client that does not send a whole request within the timeout of connecting or of
/// its last reply: an idle connection and a slow one (a byte now and then) alike; and one that
/// has not sent a request's head within the shorter `head` of then (a client with a request
/// sends its head at once: a connection held open without one only takes a place).
///
/// Hummingbird's own idle timeout waits only between requests; this one runs while a
/// request's head and body arrive, and stops while the clock answers it.
final class RequestDeadline: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let timeout: TimeAmount
    private let head: TimeAmount
    /// When the client was connected or last answered.
    private var since = NIODeadline.now()
    private var deadline: Scheduled<Void>?

    init(timeout: Duration, head: Duration) {
        self.timeout = TimeAmount(timeout)
        self.head = TimeAmount(min(head, timeout))
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: close(context, at: since + timeout)
        case .body: break
        case .end:
            deadline?.cancel()
            deadline = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { arm(context) }
        context.write(data, promise: promise)
    }

    private func arm(_ context: ChannelHandlerContext) {
        since = context.eventLoop.now
        close(context, at: since + head)
    }

    private func close(_ context: ChannelHandlerContext, at instant: NIODeadline) {
        deadline?.cancel()
        deadline = context.eventLoop.assumeIsolated().scheduleTask(deadline: instant) { context.close(promise: nil) }
    }
}
