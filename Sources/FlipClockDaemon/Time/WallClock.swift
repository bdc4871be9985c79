import FlipClockCore
import FoundationEssentials

/// Local time of day in a time zone: the configured IANA zone or the system's.
public struct WallClock: Sendable {
    public let timeZone: ZoneRules

    /// The clock for an IANA zone name; `nil` if the system's zone database has no such zone.
    public init?(zone identifier: String) {
        guard let zone = ZoneInfo.system.rules(named: identifier) else { return nil }
        self.init(timeZone: zone)
    }

    public init(timeZone zone: ZoneRules) {
        timeZone = zone
    }

    /// The clock in `configuration`'s zone, or in `systemZone` when it names none (or one
    /// the system's database lacks).
    public init(configuration: ClockConfiguration, systemZone: @autoclosure () -> ZoneRules) {
        self = configuration.timeZone.flatMap(WallClock.init(zone:)) ?? WallClock(timeZone: systemZone())
    }

    /// The time of day shown at `date`.
    public func time(at date: Date) -> WallTime {
        ClockReading(date, own: timeZone, zones: [:]).time()
    }

    /// The instant this clock shows `time` on `day` (`nil`: today, as this clock reads now).
    public func date(showing time: WallTime, on day: CalendarDay? = nil) -> Date {
        let day = day ?? ClockReading(Date(), own: timeZone, zones: [:]).day()
        return Date(timeIntervalSince1970: Double(timeZone.unixSeconds(at: day, time)))
    }

    /// The first instant after `date` at which a face changing every `tick` changes: the next
    /// whole second or minute of this zone.
    public func nextChange(after date: Date, tick: Duration) -> Date {
        let step = tick.seconds
        // Zones differ from UTC by whole minutes, so whole seconds and minutes line up with Unix time.
        let t = date.timeIntervalSince1970
        let offset = Double(timeZone.offset(at: Int(t.rounded(.down))))
        let next = ((t + offset) / step).rounded(.down) * step + step - offset
        return Date(timeIntervalSince1970: next)
    }
}
