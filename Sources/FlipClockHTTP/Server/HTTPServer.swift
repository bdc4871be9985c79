import FlipClockCore
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle

/// The HTTP API as a service of the daemon's group: it listens where `[http]` says, bounded
/// by ``HTTPLimits``, and stops with the group.
public enum HTTPServer {
    /// The service; `onListening` gets the port it listens on (the configured one, or the one
    /// the system chose for port 0).
    public static func service(
        _ settings: HTTPSettings, token: BearerToken?, limits: HTTPLimits, ask: @escaping ClockAPI.Ask, logger: Logger,
        onListening: @escaping @Sendable (Int) -> Void = { _ in }
    ) -> some Service {
        var limits = limits
        limits.timeout = settings.timeout
        let timeout = settings.timeout
        let channel = HTTP1Channel.Configuration(
            additionalChannelHandlers: [RequestDeadline(timeout: timeout)],
            httpDecoderConfiguration: .init(
                maxHeaderFieldSize: limits.headerField, maxHeaderListSize: limits.headers, maxHeaderFieldCount: limits.headerCount)
        )
        return Application(
            router: ClockAPI.router(ask: ask, token: token, limits: limits),
            server: .http1(configuration: channel),
            configuration: ApplicationConfiguration(
                address: .hostname(settings.host, port: settings.port), serverName: nil, backlog: limits.backlog,
                availableConnectionsDelegate: MaximumAvailableConnections(limits.connections, logger: logger)
            ),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? settings.port
                logger.info("HTTP API listening", metadata: ["address": "\(settings.host)", "port": "\(port)", "token": "\(token != nil)"])
                onListening(port)
            },
            logger: logger
        )
    }
}
