// CLinux for the socket constants: with swift-system loaded (FlipClockControl), Glibc's
// module no longer owns them in a whole-module build (its module map is not modular).
import CLinux
import FlipClockControl
import FoundationEssentials
import Glibc
import Synchronization

/// systemd's notify protocol: one datagram of `KEY=VALUE` lines to `$NOTIFY_SOCKET` (a path,
/// or an abstract name written with a leading `@`). Without the variable it does nothing.
///
/// `READY=1` means every way in answers: while a listener it was told of (the HTTP API's
/// socket) is not yet bound, a `READY=1` is held and sent when the last one is.
public final class SystemdNotifier: @unchecked Sendable {
    private let fd: Int32
    private let path: String
    private let address: sockaddr_un
    /// Listeners not yet bound, and the `READY=1` held for them.
    private let held = Mutex<(listeners: Int, ready: [String]?)>((0, nil))
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
        var address = address
        _ = message.withCString { text in
            address.withSocketAddress(path: path) { sendto(fd, text, strlen(text), Int32(MSG_NOSIGNAL), $0, $1) }
        }
    }

    /// `READY=1` with `status`, or held until every listener is bound.
    public func ready(status: String) {
        let fields = ["READY=1", "STATUS=\(status)"]
        let now = held.withLock { held in
            if held.listeners > 0 { held.ready = fields }
            return held.listeners == 0
        }
        if now { send(fields) }
    }

    /// A listener `READY=1` waits for: call before it starts, and `listening()` once it is bound.
    public func waitForListener() { held.withLock { $0.listeners += 1 } }

    /// A listener is bound: the held `READY=1` goes out when it was the last.
    public func listening() {
        let fields = held.withLock { held -> [String]? in
            held.listeners = max(held.listeners - 1, 0)
            guard held.listeners == 0 else { return nil }
            defer { held.ready = nil }
            return held.ready
        }
        if let fields { send(fields) }
    }
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
