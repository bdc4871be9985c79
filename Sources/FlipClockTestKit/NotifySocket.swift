import FoundationEssentials
import Glibc

/// A datagram socket at a fresh path, standing in for systemd's `$NOTIFY_SOCKET`.
public final class NotifySocket {
    public let path: String
    private let fd: Int32

    /// Bound in `folder` (a socket's path is at most 107 bytes).
    public init(in folder: String = "/tmp") {
        path = folder + "/notify-\(UUID().uuidString.prefix(8)).sock"
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in path.utf8.prefix(raw.count - 1).enumerated() { raw[i] = b }
        }
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    deinit {
        close(fd)
        unlink(path)
    }

    /// The next datagram, or `nil` after `seconds` (0: only one already sent).
    public func next(within seconds: Double = 10) -> String? {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&p, 1, Int32(seconds * 1000)) > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        return n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : nil
    }

    /// The next datagram that starts with `prefix`, skipping watchdog pings; another one ends
    /// the wait and is returned.
    public func next(startingWith prefix: String, within seconds: Double = 10) -> String? {
        while let d = next(within: seconds) {
            if d.hasPrefix(prefix) || d != "WATCHDOG=1" { return d }
        }
        return nil
    }

    /// Every datagram already sent, read and dropped (before a new process is started).
    public func drain() { while next(within: 0) != nil {} }
}
