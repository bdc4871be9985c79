/// A running, paused or idle timer, on the wall clock so it keeps time across restarts.
///
/// The caller passes the instants in; the seconds on the timer are a `Double`.
public struct FlipTimer: Equatable, Sendable {
    public enum State: Equatable, Sendable {
        /// Not started: shows its duration (down) or zero (up).
        case idle
        /// Counting since `since`, from `from` seconds.
        case running(since: WallInstant, from: Double)
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

    /// A timer as it was kept (the state file), counting `direction`.
    public init(direction: TimerItem.Direction, duration: Int, state: State) {
        self.direction = direction
        self.duration = duration
        self.state = state
    }

    /// The seconds on the timer at `now`: counting down never below zero, up never above the longest.
    public func seconds(at now: WallInstant) -> Double {
        let start = direction == .down ? Double(duration) : 0
        switch state {
        case .idle: return start
        case let .paused(at): return at
        case let .running(since, from):
            let elapsed = max(0, (now - since).seconds)
            return direction == .down ? max(0, from - elapsed) : min(Double(TimerItem.longest), from + elapsed)
        }
    }

    /// The whole seconds to show: a countdown shows 0:01 until the last second is over.
    public func shown(at now: WallInstant) -> Int {
        let s = seconds(at: now)
        return direction == .down ? Int(s.rounded(.up)) : Int(s.rounded(.down))
    }

    public var isRunning: Bool { if case .running = state { true } else { false } }

    /// Whether a countdown has reached zero at `now`.
    public func isFinished(at now: WallInstant) -> Bool { direction == .down && seconds(at: now) <= 0 }

    /// Starts from the beginning (a countdown from `duration` if given).
    public mutating func start(duration new: Int? = nil, at now: WallInstant) {
        if let new { duration = new }
        state = .running(since: now, from: direction == .down ? Double(duration) : 0)
    }

    public mutating func pause(at now: WallInstant) {
        if isRunning { state = .paused(at: seconds(at: now)) }
    }

    public mutating func resume(at now: WallInstant) {
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
    public func isHidden(at now: WallInstant) -> Bool {
        if case .idle = state { return true }
        return hidesAt.map { now >= $0 } ?? false
    }

    /// When a running countdown that hides when idle leaves the screen; `nil` for any other.
    public var hidesAt: WallInstant? {
        guard case let .running(since, from) = state, direction == .down else { return nil }
        return since + .seconds(from + TimerItem.lingers)
    }

    /// The next instant after `now` at which the shown seconds change; `nil` when it will not.
    public func nextChange(after now: WallInstant) -> WallInstant? {
        guard case let .running(since, from) = state, !isFinished(at: now) else { return nil }
        let elapsed = (now - since).seconds
        // The shown value changes whenever the elapsed time crosses a whole second of `from`.
        let fraction = from - from.rounded(.down)
        let next = (elapsed - fraction).rounded(.down) + 1 + fraction
        return since + .seconds(next)
    }
}
