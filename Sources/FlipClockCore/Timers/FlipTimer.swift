/// A running, paused or idle timer, on the wall clock so it keeps time across restarts.
///
/// Instants are seconds since the Unix epoch; the caller passes them in.
public struct FlipTimer: Equatable, Sendable, Codable {
    public enum State: Equatable, Sendable, Codable {
        /// Not started: shows its duration (down) or zero (up).
        case idle
        /// Counting since `since`, from `from` seconds.
        case running(since: Double, from: Double)
        /// Stopped at `at` seconds.
        case paused(at: Double)
    }

    public var direction: TimerItem.Direction
    public private(set) var duration: Int
    public private(set) var state: State = .idle

    public init(_ item: TimerItem) {
        direction = item.direction
        duration = item.duration
    }

    enum CodingKeys: String, CodingKey { case duration, state }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        direction = .down
        duration = try c.decode(Int.self, forKey: .duration)
        state = try c.decode(State.self, forKey: .state)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(duration, forKey: .duration)
        try c.encode(state, forKey: .state)
    }

    /// The seconds on the timer at `now`: counting down never below zero, up never above the longest.
    public func seconds(at now: Double) -> Double {
        let start = direction == .down ? Double(duration) : 0
        switch state {
        case .idle: return start
        case let .paused(at): return at
        case let .running(since, from):
            let elapsed = max(0, now - since)
            return direction == .down ? max(0, from - elapsed) : min(Double(TimerItem.longest), from + elapsed)
        }
    }

    /// The whole seconds to show: a countdown shows 0:01 until the last second is over.
    public func shown(at now: Double) -> Int {
        let s = seconds(at: now)
        return direction == .down ? Int(s.rounded(.up)) : Int(s.rounded(.down))
    }

    public var isRunning: Bool { if case .running = state { true } else { false } }

    /// Whether a countdown has reached zero at `now`.
    public func isFinished(at now: Double) -> Bool { direction == .down && seconds(at: now) <= 0 }

    /// Starts from the beginning (a countdown from `duration` if given).
    public mutating func start(duration new: Int? = nil, at now: Double) {
        if let new { duration = new }
        state = .running(since: now, from: direction == .down ? Double(duration) : 0)
    }

    public mutating func pause(at now: Double) {
        if isRunning { state = .paused(at: seconds(at: now)) }
    }

    public mutating func resume(at now: Double) {
        if case let .paused(at) = state { state = .running(since: now, from: at) }
    }

    /// Stops and goes back to the start (to `duration` if given: the configured one, after a
    /// start that set another).
    public mutating func reset(duration new: Int? = nil) {
        if let new { duration = new }
        state = .idle
    }

    /// Whether a timer shown only while in use (``TimerItem/hideWhenIdle``) is hidden at
    /// `now`: idle, or a countdown finished ``TimerItem/lingers`` seconds ago.
    public func isHidden(at now: Double) -> Bool {
        if case .idle = state { return true }
        return hidesAt.map { now >= $0 } ?? false
    }

    /// When a running countdown that hides when idle leaves the screen; `nil` for any other.
    public var hidesAt: Double? {
        guard case let .running(since, from) = state, direction == .down else { return nil }
        return since + from + TimerItem.lingers
    }

    /// The next instant after `now` at which the shown seconds change; `nil` when it will not.
    public func nextChange(after now: Double) -> Double? {
        guard case let .running(since, from) = state, !isFinished(at: now) else { return nil }
        let elapsed = now - since
        // The shown value changes whenever the elapsed time crosses a whole second of `from`.
        let fraction = from - from.rounded(.down)
        let next = (elapsed - fraction).rounded(.down) + 1 + fraction
        return since + next
    }
}
