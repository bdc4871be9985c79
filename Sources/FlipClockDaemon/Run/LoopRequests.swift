import CLinux
import Glibc
import Synchronization

/// What other threads ask of the loop (the service group's shutdown, SIGHUP, the console
/// being switched away and back): noted under a lock, and an eventfd the loop polls wakes it.
public final class LoopRequests: Sendable {
    /// What is asked, in the order it was asked.
    public enum Request: Equatable, Sendable {
        /// Stop: give the screen back and return the report.
        case stop
        /// Read the configuration again.
        case reload
        /// The console was switched away (the kernel waits for the loop to let go) or back.
        case terminalReleased
        case terminalAcquired
    }
    private let pending = Mutex<[Request]>([])
    let descriptor: Int32

    public init() {
        descriptor = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
    }

    deinit { close(descriptor) }

    public func send(_ request: Request) {
        pending.withLock { $0.append(request) }
        var one: UInt64 = 1
        _ = write(descriptor, &one, 8)
    }

    /// Waits up to `timeout` for a stop request, or for one of `descriptors` to be readable;
    /// `true` if a stop was asked. Other requests stay for the loop (see ``wakeIfPending()``).
    func waitForStop(upTo timeout: Duration, or descriptors: [Int32] = []) -> Bool {
        var fds = ([descriptor] + descriptors).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let ms = Int32(clamping: timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        _ = poll(&fds, nfds_t(fds.count), max(ms, 0))
        var count: UInt64 = 0
        _ = read(descriptor, &count, 8)
        return pending.withLock { $0.contains(.stop) }
    }

    /// Wakes the loop for requests that came while ``waitForStop(upTo:or:)`` waited.
    func wakeIfPending() {
        guard pending.withLock({ !$0.isEmpty }) else { return }
        var one: UInt64 = 1
        _ = write(descriptor, &one, 8)
    }

    /// What was asked since the last call, oldest first.
    func take() -> [Request] {
        var count: UInt64 = 0
        _ = read(descriptor, &count, 8)
        return pending.withLock { p in
            defer { p = [] }
            return p
        }
    }
}
