/// One clock of a game (the game clock, a break, the shot clock), kept as milliseconds of
/// game time against the wall clock, so it keeps time across a restart: a clock that was
/// running when the daemon stopped has run on meanwhile, as the game has.
///
/// A value: the caller passes the instants in.
public struct RunningClock: Equatable, Sendable {
    public enum Direction: String, CaseIterable, Sendable {
        /// From its length down to zero, where it stops.
        case down
        /// Up from the time played before (0:00, 45:00), past the period's end (stoppage) to
        /// ``RunningClock/longest``.
        case up
    }

    public let direction: Direction
    /// Milliseconds on the clock when it was last started, stopped, set or adjusted.
    public private(set) var base: Int64
    /// When it was last started; `nil` while it is stopped.
    public private(set) var since: WallInstant?

    /// The most an up clock shows: 99:59.9.
    public static let longest: Int64 = 5_999_900

    public init(_ direction: Direction, milliseconds: Int64, since: WallInstant? = nil) {
        self.direction = direction
        base = Self.bounded(milliseconds)
        self.since = since
    }

    public var isRunning: Bool { since != nil }

    /// The milliseconds on the clock at `now`: a countdown never below zero, an up clock
    /// never above ``longest``.
    public func milliseconds(at now: WallInstant) -> Int64 {
        guard let since else { return base }
        let elapsed = max(0, (now.nanosecondsSince1970 - since.nanosecondsSince1970) / 1_000_000)
        return direction == .down ? max(0, base - elapsed) : min(Self.longest, base + elapsed)
    }

    /// When a running countdown reaches zero, or a running up clock reaches `milliseconds`.
    public func reaches(_ milliseconds: Int64) -> WallInstant? {
        guard let since else { return nil }
        let left = direction == .down ? base - milliseconds : milliseconds - base
        guard left >= 0 else { return nil }
        return since + .milliseconds(left)
    }

    public mutating func start(at now: WallInstant) {
        guard since == nil else { return }
        since = now
    }

    public mutating func stop(at now: WallInstant) {
        guard since != nil else { return }
        base = milliseconds(at: now)
        since = nil
    }

    /// Sets the clock to `milliseconds`, running on from there if it was running.
    public mutating func set(_ milliseconds: Int64, at now: WallInstant) {
        base = Self.bounded(milliseconds)
        if since != nil { since = now }
    }

    /// Moves the clock by `milliseconds` (more time on it when positive).
    public mutating func adjust(by milliseconds: Int64, at now: WallInstant) {
        set(self.milliseconds(at: now).addingReportingOverflow(milliseconds).partialValue, at: now)
    }

    private static func bounded(_ milliseconds: Int64) -> Int64 { min(max(milliseconds, 0), longest) }
}
