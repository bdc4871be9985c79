import CLinux
import FlipClockControl
import FlipClockCore
import Glibc
import Synchronization

/// Requests from other threads (the HTTP server's) waiting for the loop to answer them: the
/// same ``ControlRequest``s the socket makes, decided by the same state, and asks for what
/// the screens show.
///
/// ``ask(_:from:kind:)`` and ``pictures()`` queue a question and wait; an eventfd the loop
/// polls wakes it, and it answers what it ``take()``s with ``answer(_:with:)-(_,ControlReply)``
/// or ``answer(_:with:)-(_,[ScreenPicture])``. Bounded: with ``capacity`` waiting a question is
/// refused at once (`busy`), and one the loop has not taken within ``patience`` (the loop waits
/// for a display, say) is refused then. A request the loop has taken is always answered by the
/// loop, so a refusal never hides a change made. The patience is a child task of the asker's,
/// cancelled when the answer comes: nothing outlives a question.
public final class WaitingRequests: Sendable {
    /// What another thread asks the loop.
    enum Question: Equatable {
        case request(ControlRequest)
        /// What each screen shows now.
        case pictures
        /// The `[match]` as this clock holds it, as its leader publishes it.
        case match
        /// A `T/state` payload of the `[match]`'s leader, to follow.
        case follow(String)
        /// Whether this clock leads its `[match]` now, and whether it has lost its leader.
        case lead(leading: Bool, lost: Bool)
        /// The match's broker took its state up to this version (``HeldReplies``).
        case shared(Int)
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
        var replies = Slots<ControlReply>()
        var pictures = Slots<[ScreenPicture]>()
        /// The match's questions' answers: its JSON, or why a state was not followed.
        var match = Slots<String?>()
        /// The match's JSON with its version (``ClockState/MatchStanding/version``).
        var state = Slots<MatchNow>()
        /// Patience tasks running now (what the tests count).
        var timers = 0
        var count: Int { replies.count + pictures.count + match.count + state.count }
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

    /// The `[match]` as this clock holds it: the JSON its leader publishes.
    struct MatchNow: Sendable {
        var json: String?
        var version: Int
    }

    /// The `[match]` as this clock holds it (``MatchState``'s JSON, what its leader publishes),
    /// with the count of its changes it contains (``shared(_:)`` tells it back); `nil` without
    /// `[match]`, or when the loop does not answer in time.
    public func match() async -> (json: String, version: Int)? {
        guard case .success(let now) = await ask(.match, from: "mqtt", kind: .mqtt, in: \.state), let json = now.json else { return nil }
        return (json, now.version)
    }

    /// Tells the loop that the match's broker took a `T/state` of `version`: the replies to the
    /// changes up to it go.
    public func shared(_ version: Int) async {
        _ = await ask(.shared(version), from: "mqtt", kind: .mqtt, in: \.match)
    }

    /// A `T/state` payload of the `[match]`'s leader, followed by the loop: `nil` if taken, else
    /// why not (one line, `match: …`).
    public func follow(_ payload: String) async -> String? {
        switch await ask(.follow(payload), from: "mqtt", kind: .mqtt, in: \.match) {
        case .success(let why): why
        case .failure(let error): "match: \(error.reason)"
        }
    }

    /// Tells the loop whether this clock leads its `[match]` now (while it does not, requests
    /// that change the match are refused) and whether it has lost its leader (the screens show
    /// the mark); `false` if the loop did not take it in time.
    public func lead(_ leading: Bool, lost: Bool = false) async -> Bool {
        if case .success = await ask(.lead(leading: leading, lost: lost), from: "mqtt", kind: .mqtt, in: \.match) { true } else { false }
    }

    /// The loop's reply to `request`, or a `busy` refusal; `source` names the asker in the
    /// log, `kind` the way it came (HTTP or MQTT) in the metrics.
    public func ask(_ request: ControlRequest, from source: String, kind: ClockMetrics.Source = .http) async -> ControlReply {
        switch await ask(.request(request), from: source, kind: kind, in: \.replies) {
        case .success(let reply): reply
        case .failure(let error): .refused(error)
        }
    }

    /// What each screen shows now, or why not (`busy`).
    public func pictures() async throws(ControlError) -> [ScreenPicture] {
        try await ask(.pictures, from: "http", kind: .http, in: \.pictures).get()
    }

    /// The answer to `question`, waited for in `slots`; a `busy` refusal when the queue is full
    /// or the loop does not take it within ``patience``.
    private func ask<Answer: Sendable>(
        _ question: Question, from source: String, kind: ClockMetrics.Source, in slots: WritableKeyPath<Queue, Slots<Answer>> & Sendable
    ) async -> Result<Answer, ControlError> {
        let id: Int? = queue.withLock { queue in
            guard queue.count < capacity else { return nil }
            let id = queue.next
            queue.next += 1
            queue.untaken.append(Taken(id: id, question: question, source: source, kind: kind))
            queue[keyPath: slots].open(id)
            return id
        }
        guard let id else { return .failure(ControlError(.busy, "\(capacity) requests wait for the clock already; try again later")) }
        var one: UInt64 = 1
        _ = write(descriptor, &one, 8)
        let answer = await withTaskGroup(of: Answer?.self) { group in
            group.addTask {
                await withCheckedContinuation { continuation in
                    if let settled = self.queue.withLock({ $0[keyPath: slots].wait(id, continuation) }) {
                        continuation.resume(returning: settled)
                    }
                }
            }
            group.addTask { [patience] in
                self.queue.withLock { $0.timers += 1 }
                defer { self.queue.withLock { $0.timers -= 1 } }
                // Cancelled: the answer came (or the asker went away, and so may the question).
                try? await Task.sleep(for: patience)
                self.withdraw(id, from: slots)
                return nil
            }
            // The first answer that is one; a withdrawn question's waiter answers nil.
            var answer: Answer?
            for await result in group {
                guard let result else { continue }
                answer = result
                group.cancelAll()
            }
            return answer
        }
        guard let answer else { return .failure(ControlError(.busy, "the clock did not take the request in time (it may be waiting for a display)")) }
        return .success(answer)
    }

    /// Takes question `id` back if the loop has not taken it: its waiter answers nil.
    private func withdraw<Answer: Sendable>(_ id: Int, from slots: WritableKeyPath<Queue, Slots<Answer>> & Sendable) {
        let waiter = queue.withLock { queue -> CheckedContinuation<Answer?, Never>? in
            guard let index = queue.untaken.firstIndex(where: { $0.id == id }) else { return nil }
            queue.untaken.remove(at: index)
            return queue[keyPath: slots].settle(id, with: nil)
        }
        waiter?.resume(returning: nil)
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

    /// Resumes the asker of a request ``take()`` returned.
    func answer(_ id: Int, with reply: ControlReply) {
        queue.withLock { $0.replies.settle(id, with: reply) }?.resume(returning: reply)
    }

    /// Resumes the asker of a ``Question/pictures`` question ``take()`` returned.
    func answer(_ id: Int, with pictures: [ScreenPicture]) {
        queue.withLock { $0.pictures.settle(id, with: pictures) }?.resume(returning: pictures)
    }

    /// Resumes the asker of a match's question ``take()`` returned.
    func answer(_ id: Int, with match: String?) {
        queue.withLock { $0.match.settle(id, with: match) }?.resume(returning: match)
    }

    /// Resumes the asker of a ``Question/match`` question ``take()`` returned.
    func answer(_ id: Int, with match: String?, version: Int) {
        let now = MatchNow(json: match, version: version)
        queue.withLock { $0.state.settle(id, with: now) }?.resume(returning: now)
    }

    /// How many patience tasks run now: one per question not yet answered.
    var patienceTasks: Int { queue.withLock { $0.timers } }
}

/// The questions of one kind of answer waiting, by id: each waits for its asker's continuation
/// and its answer, in either order.
private struct Slots<Answer> {
    private enum Slot {
        /// Asked; the asker's continuation, once it waits.
        case asked(CheckedContinuation<Answer?, Never>?)
        /// Answered (`nil`: withdrawn) before the asker waited.
        case settled(Answer?)
    }
    private var slots: [Int: Slot] = [:]

    var count: Int { slots.count }

    mutating func open(_ id: Int) { slots[id] = .asked(nil) }

    /// Notes the asker of `id` waiting on `continuation`; returns what to resume it with at
    /// once if the question was settled already (the slot then goes).
    mutating func wait(_ id: Int, _ continuation: CheckedContinuation<Answer?, Never>) -> Answer?? {
        guard case .settled(let answer) = slots[id] else {
            slots[id] = .asked(continuation)
            return nil
        }
        slots[id] = nil
        return .some(answer)
    }

    /// Settles `id` with `answer` (`nil`: withdrawn): returns the continuation to resume with
    /// it if its asker waits already (the slot then goes); else keeps the answer for it.
    mutating func settle(_ id: Int, with answer: Answer?) -> CheckedContinuation<Answer?, Never>? {
        guard case .asked(let waiting) = slots[id] else { return nil }
        guard let waiting else {
            slots[id] = .settled(answer)
            return nil
        }
        slots[id] = nil
        return waiting
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
