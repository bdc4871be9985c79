import FlipClockCore
import Glibc
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
        _ settings: HTTPSettings, token: BearerToken?, limits: HTTPLimits, clock: ClockAPI.Clock, logger: Logger,
        onListening: @escaping @Sendable (Int) -> Void = { _ in }
    ) -> some Service {
        let timeout = settings.timeout
        let channel = HTTP1Channel.Configuration(
            additionalChannelHandlers: [RequestDeadline(timeout: timeout)],
            httpDecoderConfiguration: .init(
                maxHeaderFieldSize: limits.headerField, maxHeaderListSize: limits.headers, maxHeaderFieldCount: limits.headerCount)
        )
        let application = Application(
            router: ClockAPI.router(clock: clock, token: token, limits: limits),
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
        return Listening(application: application, address: "\(settings.host):\(settings.port)")
    }

    /// The API could not listen where `[http] listen` says (the port is taken, the address is
    /// not this machine's): what the daemon says before it stops.
    public struct ListenFailure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The application, its failure to listen told in the user's words.
    struct Listening: Service {
        let application: Application<RouterResponder<APIRequestContext>>
        let address: String

        func run() async throws {
            do {
                try await application.run()
            } catch let error as IOError {
                throw ListenFailure(description: "cannot listen on \(address): \(String(cString: strerror(error.errnoCode)))")
            }
        }
    }
}
