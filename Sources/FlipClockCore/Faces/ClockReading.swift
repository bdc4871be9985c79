/// One instant as the face's clocks read it: the instant, and each shown zone's offset from
/// UTC at that instant.
///
/// The core reads no time-zone database; the daemon looks the offsets up (``ZoneRules`` of
/// the system's tzdata) each time it wakes, so a daylight-saving change shows at the next reading.
/// The face's own zone (the configured one, or the system's) is ``ownZone``.
public struct ClockReading: Equatable, Sendable {
    /// The instant read; the clocks show its whole second.
    public var instant: WallInstant
    /// Seconds east of UTC by zone name; a zone not listed reads as UTC.
    public var offsets: [String: Int]

    /// The key of the face's own zone in ``offsets``.
    public static let ownZone = ""

    public init(_ instant: WallInstant, offsets: [String: Int] = [:]) {
        self.instant = instant
        self.offsets = offsets
    }

    /// The instant at which the face's own zone shows `time` on `day`, every zone at UTC
    /// (previews and tests).
    public init(day: CalendarDay = CalendarDay(year: 2026, month: 1, day: 1), time: WallTime) {
        self.init(WallInstant(unixSeconds: day.daysSinceEpoch * 86400 + time.secondOfDay))
    }

    /// Seconds since 1970 on a wall clock in `zone`.
    private func local(_ zone: String) -> Int { instant.unixSeconds + (offsets[zone] ?? 0) }

    /// Seconds east of UTC of the face's own wall clock.
    public var offset: Int { offsets[ClockReading.ownZone] ?? 0 }

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

    /// The instant at which a wall clock in `zone` shows `minute` (as ``minute(in:)`` counts
    /// them), at this reading's offset.
    public func instant(atMinute minute: Int, in zone: String = ClockReading.ownZone) -> WallInstant {
        WallInstant(unixSeconds: minute * 60 - (offsets[zone] ?? 0))
    }

    /// The first instant after this one at which a face that changes every `tick` (a second
    /// or a minute) changes in `zone`: its next whole second or minute there.
    public func nextChange(every tick: Duration, in zone: String = ClockReading.ownZone) -> WallInstant {
        // Zones differ from UTC by whole minutes, so whole seconds and minutes line up with Unix time.
        let offset = Duration.seconds(offsets[zone] ?? 0)
        return instant - (instant + offset).remainder(dividingBy: tick) + tick
    }

    /// The day on a wall calendar in `zone`.
    public func day(in zone: String = ClockReading.ownZone) -> CalendarDay {
        let l = local(zone)
        return CalendarDay(daysSinceEpoch: l >= 0 ? l / 86400 : (l - 86399) / 86400)
    }
}
