import NIOCore
import NIOHTTPTypes
import Synchronization

/// The API's open connections: shared as ``ConnectionShare`` decides (a connection it refuses
/// or picks to make room is closed here), and closed all together when the daemon stops.
final class OpenConnections: Sendable {
    private struct Held {
        var share: ConnectionShare
        var channels: [Int: any Channel] = [:]
        var next = 0
    }

    private let held: Mutex<Held>

    init(total: Int, perAddress: Int) {
        held = Mutex(Held(share: ConnectionShare(total: total, perAddress: perAddress)))
    }

    /// Takes in `channel`; its id, or `nil` if it is refused (and closed).
    func admit(_ channel: any Channel) -> Int? {
        let address = channel.remoteAddress?.ipAddress ?? "unknown"
        let (id, admission, closing) = held.withLock { held in
            let id = held.next
            held.next += 1
            let admission = held.share.opened(id, from: address)
            var closing: (any Channel)?
            switch admission {
            case .admitted: held.channels[id] = channel
            case .admittedClosing(let other):
                held.channels[id] = channel
                closing = held.channels.removeValue(forKey: other)
            case .refused: break
            }
            return (id, admission, closing)
        }
        closing?.close(promise: nil)
        guard admission != .refused else {
            channel.close(promise: nil)
            return nil
        }
        return id
    }

    func answering(_ id: Int, _ isAnswered: Bool) { held.withLock { $0.share.answering(id, isAnswered) } }

    func closed(_ id: Int) {
        held.withLock { held in
            held.share.closed(id)
            held.channels[id] = nil
        }
    }

    /// How many are open.
    var count: Int { held.withLock { $0.share.count } }

    /// Closes every connection still open.
    func closeAll() {
        let channels = held.withLock { Array($0.channels.values) }
        for channel in channels { channel.close(promise: nil) }
    }

    /// The handler that tells the connections of one channel's life.
    func handler() -> Place { Place(connections: self) }

    /// One channel's place: taken when it is active, being answered between its request's end and
    /// its reply's, given back when it closes.
    final class Place: ChannelDuplexHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPRequestPart
        typealias InboundOut = HTTPRequestPart
        typealias OutboundIn = HTTPResponsePart
        typealias OutboundOut = HTTPResponsePart

        let connections: OpenConnections
        private var id: Int?
        private var isTaken = false

        init(connections: OpenConnections) {
            self.connections = connections
        }

        func handlerAdded(context: ChannelHandlerContext) {
            if context.channel.isActive { take(context) }
        }

        func channelActive(context: ChannelHandlerContext) {
            take(context)
            context.fireChannelActive()
        }

        func channelInactive(context: ChannelHandlerContext) {
            if let id { connections.closed(id) }
            id = nil
            context.fireChannelInactive()
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            if case .end = unwrapInboundIn(data), let id { connections.answering(id, true) }
            context.fireChannelRead(data)
        }

        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            if case .end = unwrapOutboundIn(data), let id { connections.answering(id, false) }
            context.write(data, promise: promise)
        }

        private func take(_ context: ChannelHandlerContext) {
            guard !isTaken else { return }
            isTaken = true
            id = connections.admit(context.channel)
        }
    }
}
