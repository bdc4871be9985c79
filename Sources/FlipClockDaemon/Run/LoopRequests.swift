import CLinux
import Glibc
import Synchronization

/// What other threads ask of the loop (the service group's shutdown, SIGHUP): noted under a
/// lock, and an eventfd the loop polls wakes it.
public final class LoopRequests: Sendable {
    private struct Pending {
        var stop = false
        var reload = false
    }
    private let pending = Mutex(Pending())
    let descriptor: Int32

    public init() {
        descriptor = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
    }

    deinit { close(descriptor) }

    /// Asks the loop to stop: it gives the screen back and returns its report.
    public func stop() { note { $0.stop = true } }

    /// Asks the loop to read its configuration again.
    public func reload() { note { $0.reload = true } }

    private func note(_ change: (inout Pending) -> Void) {
        pending.withLock { change(&$0) }
        var one: UInt64 = 1
        _ = write(descriptor, &one, 8)
    }

    /// What was asked since the last call.
    func take() -> (stop: Bool, reload: Bool) {
        var count: UInt64 = 0
        _ = read(descriptor, &count, 8)
        let p = pending.withLock { p in
            defer { p = Pending() }
            return p
        }
        return (p.stop, p.reload)
    }
}
