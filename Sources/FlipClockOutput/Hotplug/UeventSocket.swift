import CLinux
import FlipClockSystem
import Glibc

/// The kernel's device events, read from a netlink socket the loop polls.
public final class UeventSocket {
    public let descriptor: Int32

    /// `nil` where the kernel gives no uevents to this process (no netlink, a network namespace without them).
    public init?() {
        let fd = flipclock_uevent_socket()
        guard fd >= 0 else { return nil }
        descriptor = fd
    }

    deinit { Glibc.close(descriptor) }

    /// Every event waiting on the socket, oldest first.
    public func take() -> [Uevent] {
        var events: [Uevent] = []
        // A uevent is at most a page of properties (UEVENT_BUFFER_SIZE is 2048).
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            // EAGAIN: nothing more waiting.
            guard let n = try? valueOrErrno({ recv(descriptor, &buffer, buffer.count, 0) }), n > 0 else { return events }
            if let event = Uevent(parsing: buffer[..<n]) { events.append(event) }
        }
    }
}
