import CLinux
import FlipClockControl
import FlipClockCore
import Glibc
import Synchronization

/// Requests from other threads (the HTTP server's) waiting for the loop to answer them: the
/// same ``ControlRequest``s the socket makes, decided by the same state, and asks for what
/// the screens show.
///
/// ``ask(_:from:)`` and ``pictures()`` queue a question and wait; an eventfd the loop polls
/// wakes it, and it answers what it ``take()``s with ``answer(_:with:)``. Bounded: with
/// ``capacity`` waiting a question is refused at once (`busy`), and one the loop has not taken
/// within ``patience`` (the loop waits for a display, say) is refused then. A request the
/// loop has taken is always answered by the loop, so a refusal never hides a change made.
public final class WaitingRequests: Sendable {
    /// What another thread asks the loop.
    enum Question: Equatable {
        case request(ControlRequest)
        /// What each screen shows now.
        case pictures
    }

    /// The loop's answer to a ``Question``.
    enum Answer {
        case reply(ControlReply)
        case pictures([ScreenPicture])
    }

    /// A question the loop has taken, with where it came from (for the log) and by which
    /// way (for the metrics).
    struct Taken {
        var id: Int
        var question: Question
        var source: String
        var kind: ClockMetrics.Source
    }

    private struct Queue {
        var next = 0
        var untaken: [Taken] = []
        var waiting: [Int: CheckedContinuation<Answer?, Never>] = [:]
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

    /// The loop's reply to `request`, or a `busy` refusal; `source` names the asker in the
    /// log, `kind` the way it came (HTTP or MQTT) in the metrics.
    public func ask(_ request: ControlRequest, from source: String, kind: ClockMetrics.Source = .http) async -> ControlReply {
        switch await ask(.request(request), from: source, kind: kind) {
        case .reply(let reply): reply
        case .pictures: preconditionFailure("the loop answered a request with pictures")
        }
    }

    /// What each screen shows now, or why not (`busy`).
    public func pictures() async throws(ControlError) -> [ScreenPicture] {
        switch await ask(.pictures, from: "http", kind: .http) {
        case .pictures(let pictures): return pictures
        case .reply(let reply):
            guard case .refused(let error) = reply else { preconditionFailure("the loop answered pictures with \(reply)") }
            throw error
        }
    }

    private func ask(_ question: Question, from source: String, kind: ClockMetrics.Source) async -> Answer {
        let full = ControlError(.busy, "\(capacity) requests wait for the clock already; try again later")
        let late = ControlError(.busy, "the clock did not take the request in time (it may be waiting for a display)")
        let answer: Answer? = await withCheckedContinuation { continuation in
            let id: Int? = queue.withLock { queue in
                guard queue.waiting.count < capacity else { return nil }
                let id = queue.next
                queue.next += 1
                queue.untaken.append(Taken(id: id, question: question, source: source, kind: kind))
                queue.waiting[id] = continuation
                return id
            }
            guard let id else { return continuation.resume(returning: .reply(.refused(full))) }
            var one: UInt64 = 1
            _ = write(descriptor, &one, 8)
            Task { [patience] in
                try? await Task.sleep(for: patience)
                let untaken = queue.withLock { queue -> CheckedContinuation<Answer?, Never>? in
                    guard let index = queue.untaken.firstIndex(where: { $0.id == id }) else { return nil }
                    queue.untaken.remove(at: index)
                    return queue.waiting.removeValue(forKey: id)
                }
                untaken?.resume(returning: nil)
            }
        }
        return answer ?? .reply(.refused(late))
    }

    /// The questions asked since the last call, oldest first; each must be answered.
    func take() -> [Taken] {
        var count: UInt64 = 0
        _ = read(descriptor, &count, 8)
        return queue.withLock { queue in
            defer { queue.untaken = [] }
            return queue.untaken
        }
    }

    /// Resumes the asker of a question ``take()`` returned.
    func answer(_ id: Int, with answer: Answer) {
        queue.withLock { $0.waiting.removeValue(forKey: id) }?.resume(returning: answer)
    }
}

/// What one screen shows: the output's name, the loop's frame count when it was taken (a
/// picture taken later with the same count is the same picture), and the canvas, upright
/// and at full brightness.
public struct ScreenPicture: Sendable {
    public var screen: String
    public var frame: Int
    public var canvas: Canvas
}
