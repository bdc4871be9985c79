/// One instant as the face's clocks read it: the Unix time, and each shown zone's offset
/// from UTC at that instant.
///
/// The core reads no time-zone database; the daemon looks the offsets up (``ZoneRules`` of
/// the system's tzdata) each time it wakes, so a daylight-saving change shows at the next reading.
/// The face's own zone (the configured one, or the system's) is ``ownZone``.
public struct ClockReading: Equatable, Sendable {
    /// Seconds since 1970-01-01 00:00 UTC.
    public var unixSeconds: Int
    /// Seconds east of UTC by zone name; a zone not listed reads as UTC.
    public var offsets: [String: Int]

    /// The key of the face's own zone in ``offsets``.
    public static let ownZone = ""

    public init(unixSeconds: Int, offsets: [String: Int] = [:]) {
        self.unixSeconds = unixSeconds
        self.offsets = offsets
    }

    /// The instant at which the face's own zone shows `time` on `day`, every zone at UTC
    /// (previews and tests).
    public init(day: CalendarDay = CalendarDay(year: 2026, month: 1, day: 1), time: WallTime) {
        self.init(unixSeconds: day.daysSinceEpoch * 86400 + time.secondOfDay)
    }

    /// The reading `seconds` later, with the same offsets.
    public func adding(seconds: Int) -> ClockReading {
        ClockReading(unixSeconds: unixSeconds + seconds, offsets: offsets)
    }

    private func local(_ zone: String) -> Int { unixSeconds + (offsets[zone] ?? 0) }

    /// The time of day on a wall clock in `zone`.
    public func time(in zone: String = ClockReading.ownZone) -> WallTime {
        let s = ((local(zone) % 86400) + 86400) % 86400
        return WallTime(hour: s / 3600, minute: s / 60 % 60, second: s % 60)
    }

    /// Minutes since 1970-01-01 00:00 on a wall clock in `zone` (a count that keeps going past
    /// midnight, for the night schedule).
    public func minute(in zone: String = ClockReading.ownZone) -> Int {
        let l = local(zone)
        return l >= 0 ? l / 60 : (l - 59) / 60
    }

    /// The Unix time at which a wall clock in `zone` shows `minute` (as ``minute(in:)`` counts
    /// them), at this reading's offset.
    public func unixSeconds(atMinute minute: Int, in zone: String = ClockReading.ownZone) -> Int {
        minute * 60 - (offsets[zone] ?? 0)
    }

    /// The day on a wall calendar in `zone`.
    public func day(in zone: String = ClockReading.ownZone) -> CalendarDay {
        let l = local(zone)
        return CalendarDay(daysSinceEpoch: l >= 0 ? l / 86400 : (l - 86399) / 86400)
    }
}
