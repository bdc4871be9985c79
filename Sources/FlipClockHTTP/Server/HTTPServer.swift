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
        vestaboard: VestaboardKey? = nil, onListening: @escaping @Sendable (Int) -> Void = { _ in }
    ) -> some Service {
        let timeout = settings.timeout
        let connections = OpenConnections(total: limits.connections, perAddress: limits.connectionsPerAddress)
        let channel = HTTP1Channel.Configuration(
            additionalChannelHandlers: [connections.handler(), RequestDeadline(timeout: timeout, head: limits.head)],
            httpDecoderConfiguration: .init(
                maxHeaderFieldSize: limits.headerField, maxHeaderListSize: limits.headers, maxHeaderFieldCount: limits.headerCount)
        )
        let application = Application(
            router: ClockAPI.router(
                clock: clock, token: token, site: RequestSite(listen: settings.host, hasToken: token != nil, machine: machineName), limits: limits,
                vestaboard: vestaboard),
            server: .http1(configuration: channel),
            configuration: ApplicationConfiguration(
                address: .hostname(settings.host, port: settings.port), serverName: nil, backlog: limits.backlog,
                // Room past the share's total, so a newcomer is seen (and the share decides) rather
                // than left in the kernel's queue behind connections that only wait.
                availableConnectionsDelegate: MaximumAvailableConnections(limits.connections + limits.connectionsPerAddress, logger: logger)
            ),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? settings.port
                logger.info("HTTP API listening", metadata: ["address": "\(settings.host)", "port": "\(port)", "token": "\(token != nil)"])
                onListening(port)
            },
            logger: logger
        )
        return Listening(application: application, address: "\(settings.host):\(settings.port)", connections: connections)
    }

    /// The machine's name, as `gethostname` gives it; empty if it cannot.
    @Sendable static func machineName() -> String {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return "" }
        return String(decoding: name.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)
    }

    /// The API could not listen where `[http] listen` says (the port is taken, the address is
    /// not this machine's, IP sockets are not allowed): what the daemon says before it stops.
    public struct ListenFailure: Error, CustomStringConvertible {
        public var address: String
        /// The system's error number.
        public var code: Int32

        public init(address: String, code: Int32) {
            self.address = address
            self.code = code
        }

        /// Whether a restart cannot help: IP sockets refused to the process (systemd's
        /// `RestrictAddressFamilies=`, as in the shipped unit without its HTTP drop-in) or a port
        /// it may not bind. A port taken now, or an address not yet up, may be free at the restart.
        public var isConfiguration: Bool { code == EAFNOSUPPORT || code == EACCES }

        public var description: String {
            let said = "cannot listen on \(address): \(String(cString: strerror(code)))"
            switch code {
            case EAFNOSUPPORT:
                return said + "; IP sockets are not allowed to the daemon (under systemd: install the drop-in "
                    + "/usr/share/flipclock/http.conf in /etc/systemd/system/flipclockd.service.d/, see the README's HTTP API)"
            case EACCES: return said + "; a port under 1024 needs CAP_NET_BIND_SERVICE: choose 1024 or above"
            default: return said
            }
        }
    }

    /// The application, its failure to listen told in the user's words. At a stop, a connection
    /// still open after ``grace`` is closed: one whose client sends its request slowly, or not at
    /// all, would otherwise hold the stop for its whole timeout (up to 300 s, past systemd's
    /// patience); a reply the clock is making has that long to be written.
    struct Listening: Service {
        let application: Application<RouterResponder<APIRequestContext>>
        let address: String
        let connections: OpenConnections
        static let grace = Duration.seconds(2)

        func run() async throws {
            do {
                try await withGracefulShutdownHandler {
                    try await application.run()
                } onGracefulShutdown: { [connections] in
                    Task {
                        try? await Task.sleep(for: Self.grace)
                        connections.closeAll()
                    }
                }
            } catch let error as IOError {
                throw ListenFailure(address: address, code: error.errnoCode)
            }
        }
    }
}
