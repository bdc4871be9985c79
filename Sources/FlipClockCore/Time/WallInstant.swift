/// An instant on the wall clock: Unix time (since 1970-01-01 00:00 UTC, leap seconds not
/// counted) to the nanosecond, as `CLOCK_REALTIME` gives it.
///
/// The one word for "when" on the wall clock: the reading a face shows, a timer's start, the
/// next change of the face or of the night schedule, a wake's deadline. A length of time, and
/// the monotonic clock that paces frames, are `Duration`; a time of day is ``WallTime``; what
/// a clock in a zone shows at an instant is a ``ClockReading`` (offsets from ``ZoneRules``).
public struct WallInstant: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// Nanoseconds since 1970-01-01 00:00 UTC (±292 years).
    public var nanosecondsSince1970: Int64

    public init(nanosecondsSince1970: Int64) {
        self.nanosecondsSince1970 = nanosecondsSince1970
    }

    /// The instant `seconds` whole seconds after 1970.
    public init(unixSeconds seconds: Int) {
        self.init(nanosecondsSince1970: Int64(seconds) * Self.second)
    }

    /// The instant `seconds` after 1970, to the nearest nanosecond; the number is finite and
    /// within ±292 years.
    public init(secondsSince1970 seconds: Double) {
        let whole = seconds.rounded(.down)
        precondition(seconds.isFinite && abs(whole) < 9e9, "not an instant: \(seconds) s since 1970")
        self.init(nanosecondsSince1970: Int64(whole) * Self.second + Int64(((seconds - whole) * 1e9).rounded()))
    }

    /// The instant `duration` after 1970, to the nearest nanosecond.
    public init(since1970 duration: Duration) {
        self.init(nanosecondsSince1970: Self.nanoseconds(duration))
    }

    static let second: Int64 = 1_000_000_000

    /// Whole seconds since 1970, rounded down (an instant before 1970 belongs to the second it is in).
    public var unixSeconds: Int { Int(nanosecondsSince1970 >= 0 ? nanosecondsSince1970 / Self.second : (nanosecondsSince1970 + 1) / Self.second - 1) }

    /// Whole minutes since 1970 in UTC, rounded down.
    public var unixMinutes: Int { unixSeconds.floorDivided(by: 60) }

    /// Seconds since 1970 as a `Double`: the nearest one to the nanosecond count, so an
    /// instant made from a `Double` gives that `Double` back.
    public var secondsSince1970: Double {
        let whole = unixSeconds
        return Double(whole) + Double(nanosecondsSince1970 - Int64(whole) * Self.second) / 1e9
    }

    /// The time since 1970.
    public var since1970: Duration { .nanoseconds(nanosecondsSince1970) }

    /// How long after the start of its whole `period` (a second, a minute, as Unix time counts
    /// them from 1970) this instant is.
    public func remainder(dividingBy period: Duration) -> Duration {
        let step = Self.nanoseconds(period)
        return .nanoseconds((nanosecondsSince1970 % step + step) % step)
    }

    public static func < (a: WallInstant, b: WallInstant) -> Bool { a.nanosecondsSince1970 < b.nanosecondsSince1970 }

    public static func + (instant: WallInstant, duration: Duration) -> WallInstant {
        WallInstant(nanosecondsSince1970: instant.nanosecondsSince1970 + nanoseconds(duration))
    }

    public static func - (instant: WallInstant, duration: Duration) -> WallInstant {
        WallInstant(nanosecondsSince1970: instant.nanosecondsSince1970 - nanoseconds(duration))
    }

    /// How long after `b` `a` is (negative if before).
    public static func - (a: WallInstant, b: WallInstant) -> Duration {
        .nanoseconds(a.nanosecondsSince1970 - b.nanosecondsSince1970)
    }

    /// `duration` in whole nanoseconds, the nearest.
    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (nanoseconds, rest) = attoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
        let carry: Int64 = rest >= 500_000_000 ? 1 : rest <= -500_000_000 ? -1 : 0
        return seconds * second + nanoseconds + carry
    }

    /// The instant in UTC, `2026-06-01T12:00:00Z` (with the nanoseconds when there are any).
    public var description: String {
        let seconds = unixSeconds
        let nanoseconds = nanosecondsSince1970 - Int64(seconds) * Self.second
        let day = CalendarDay(daysSinceEpoch: seconds.floorDivided(by: 86400))
        let time = WallTime(hour: 0, minute: 0, second: 0).adding(seconds: seconds - seconds.floorDivided(by: 86400) * 86400)
        let fraction = nanoseconds == 0 ? "" : "." + String(String(nanoseconds + Self.second).dropFirst())
        return "\(day)T\(time)\(fraction)Z"
    }
}
