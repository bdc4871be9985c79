import CLinux
import FlipClockControl
import Glibc
import Synchronization

/// Requests from other threads (the HTTP server's) waiting for the loop to answer them: the
/// same ``ControlRequest``s the socket makes, decided by the same state.
///
/// ``ask(_:from:)`` queues a request and waits; an eventfd the loop polls wakes it, and it
/// answers what it ``take()``s with ``answer(_:with:)``. Bounded: with ``capacity`` waiting a
/// request is refused at once (`busy`), and one the loop has not taken within ``patience``
/// (the loop waits for a display, say) is refused then. A request the loop has taken is
/// always answered by the loop, so a refusal never hides a change made.
public final class WaitingRequests: Sendable {
    /// A request the loop has taken, with where it came from (for the log).
    struct Taken {
        var id: Int
        var request: ControlRequest
        var source: String
    }

    private struct Queue {
        var next = 0
        var untaken: [Taken] = []
        var waiting: [Int: CheckedContinuation<ControlReply, Never>] = [:]
    }

    public let capacity: Int
    public let patience: Duration
    private let queue = Mutex(Queue())
    let descriptor: Int32

    public init(capacity: Int = 64, patience: Duration = .seconds(5)) {
        self.capacity = capacity
        self.patience = patience
        descriptor = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
    }

    deinit { close(descriptor) }

    /// The loop's reply to `request`, or a `busy` refusal; `source` names the asker in the log.
    public func ask(_ request: ControlRequest, from source: String) async -> ControlReply {
        let full = ControlReply.refused(ControlError(.busy, "\(capacity) requests wait for the clock already; try again later"))
        let late = ControlReply.refused(ControlError(.busy, "the clock did not take the request in time (it may be waiting for a display)"))
        return await withCheckedContinuation { continuation in
            let id: Int? = queue.withLock { queue in
                guard queue.waiting.count < capacity else { return nil }
                let id = queue.next
                queue.next += 1
                queue.untaken.append(Taken(id: id, request: request, source: source))
                queue.waiting[id] = continuation
                return id
            }
            guard let id else { return continuation.resume(returning: full) }
            var one: UInt64 = 1
            _ = write(descriptor, &one, 8)
            Task { [patience] in
                try? await Task.sleep(for: patience)
                let untaken = queue.withLock { queue -> CheckedContinuation<ControlReply, Never>? in
                    guard let index = queue.untaken.firstIndex(where: { $0.id == id }) else { return nil }
                    queue.untaken.remove(at: index)
                    return queue.waiting.removeValue(forKey: id)
                }
                untaken?.resume(returning: late)
            }
        }
    }

    /// The requests asked since the last call, oldest first; each must be answered.
    func take() -> [Taken] {
        var count: UInt64 = 0
        _ = read(descriptor, &count, 8)
        return queue.withLock { queue in
            defer { queue.untaken = [] }
            return queue.untaken
        }
    }

    /// Resumes the asker of a request ``take()`` returned.
    func answer(_ id: Int, with reply: ControlReply) {
        queue.withLock { $0.waiting.removeValue(forKey: id) }?.resume(returning: reply)
    }
}
