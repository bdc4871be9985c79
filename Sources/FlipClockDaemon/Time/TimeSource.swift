import FlipClockCore
import Foundation

/// Where the face's time comes from, at an instant of the daemon's monotonic clock.
public protocol TimeSource: Sendable {
    /// The wall time at `instant` (time since the daemon started).
    func time(at instant: Duration) -> WallTime
    /// How long after `instant` the time shown at `tick` precision next changes.
    func untilNextChange(after instant: Duration, tick: Duration) -> Duration
    /// The next change as an absolute `CLOCK_REALTIME` instant, for a timer that a clock step
    /// cancels; `nil` when the source does not follow the wall clock.
    func realtimeDeadline(tick: Duration) -> timespec?
}

extension TimeSource {
    public func realtimeDeadline(tick: Duration) -> timespec? { nil }
}

/// The system's clock in the configured zone.
public struct SystemTime: TimeSource {
    public let clock: WallClock

    public init(clock: WallClock) { self.clock = clock }

    public func time(at instant: Duration) -> WallTime { clock.time(at: Date()) }

    public func untilNextChange(after instant: Duration, tick: Duration) -> Duration {
        let now = Date()
        return .nanoseconds(Int64((clock.nextChange(after: now, tick: tick).timeIntervalSince(now) * 1e9).rounded(.up)))
    }

    public func realtimeDeadline(tick: Duration) -> timespec? {
        let next = clock.nextChange(after: Date(), tick: tick).timeIntervalSince1970
        let seconds = next.rounded(.down)
        return timespec(tv_sec: Int(seconds), tv_nsec: Int(((next - seconds) * 1e9).rounded()))
    }
}

/// A clock that starts at a fixed time of day and runs from the daemon's start: for tests
/// and previews (`FLIPCLOCK_START=HH:MM:SS`), so a run shows the same frames every time.
public struct FixedStartTime: TimeSource {
    public let start: WallTime

    public init(start: WallTime) { self.start = start }

    public func time(at instant: Duration) -> WallTime {
        start.adding(seconds: Int(instant.components.seconds))
    }

    public func untilNextChange(after instant: Duration, tick: Duration) -> Duration {
        let step = tick.components.seconds
        let elapsed = instant.components.seconds
        // The next whole tick of the wall time, measured from the start.
        let wall = Int64(start.secondOfDay) + elapsed
        let next = (wall / step + 1) * step - Int64(start.secondOfDay)
        return .seconds(next) - instant
    }
}
