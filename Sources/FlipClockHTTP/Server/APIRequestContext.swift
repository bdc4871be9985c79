import Hummingbird
import Logging
import NIOCore

/// What the API knows of a request besides itself: the client's address, for its rate and the log.
public struct APIRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The client's IP address (`127.0.0.1`, `::1`).
    public var peer: String

    public init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        peer = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }

    /// A request from `peer` (tests, which have no channel).
    init(peer: String, logger: Logger) {
        struct Source: RequestContextSource { var logger: Logger }
        coreContext = CoreRequestContextStorage(source: Source(logger: logger))
        self.peer = peer
    }
}
