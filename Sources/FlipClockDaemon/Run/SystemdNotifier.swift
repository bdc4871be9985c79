// CLinux for the socket constants: with swift-system loaded (FlipClockControl), Glibc's
// module no longer owns them in a whole-module build (its module map is not modular).
import CLinux
import FlipClockControl
import FoundationEssentials
import Glibc

/// systemd's notify protocol: one datagram of `KEY=VALUE` lines to `$NOTIFY_SOCKET` (a path,
/// or an abstract name written with a leading `@`). Without the variable it does nothing.
public final class SystemdNotifier: @unchecked Sendable {
    private let fd: Int32
    private let path: String
    private var address: sockaddr_un
    /// How often systemd wants `WATCHDOG=1`, from `$WATCHDOG_USEC`: half its timeout.
    public let watchdogInterval: Duration?

    public init?(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let path = environment["NOTIFY_SOCKET"], !path.isEmpty, let address = sockaddr_un(path: path) else { return nil }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        self.fd = fd
        self.path = path
        self.address = address
        // 0 (or nonsense) is no watchdog, not one to feed at every instant.
        watchdogInterval = environment["WATCHDOG_USEC"].flatMap(Int64.init).flatMap { $0 > 0 ? .microseconds($0) / 2 : nil }
    }

    deinit { close(fd) }

    /// Sends `fields` as one datagram.
    public func send(_ fields: [String]) {
        let message = fields.joined(separator: "\n")
        _ = message.withCString { text in
            address.withSocketAddress(path: path) { sendto(fd, text, strlen(text), Int32(MSG_NOSIGNAL), $0, $1) }
        }
    }

    public func ready(status: String) { send(["READY=1", "STATUS=\(status)"]) }
    public func stopping() { send(["STOPPING=1", "STATUS=stopping"]) }
    public func watchdog() { send(["WATCHDOG=1"]) }
    public func status(_ text: String) { send(["STATUS=\(text)"]) }

    /// `RELOADING=1` with the monotonic time systemd needs to order it against `READY=1`.
    public func reloading() {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        send(["RELOADING=1", "MONOTONIC_USEC=\(Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000)", "STATUS=reloading"])
    }
}
