/// A message the configuration posts by itself (`[[message]]`): on days of the week, or on one
/// date, at a time of day on the clock's wall clock.
///
/// Read by the zone's rules for each day (``ZoneRules/instant(showing:on:)``): in the hour
/// repeated when the clocks go back it is due once, the first time; in the hour skipped when
/// they go forward, as long after the change as its time is after it.
public struct ScheduledMessage: Equatable, Sendable {
    public enum Days: Equatable, Sendable {
        case weekly(Weekdays)
        case once(CalendarDay)
    }

    public var text: String
    public var days: Days
    public var time: WallTime
    /// How long it shows (``PanelMessage/holds``), counted from when it is due.
    public var hold: Duration
    public var row: Int
    public var name: String?
    public var urgent: Bool

    public init(text: String, days: Days, time: WallTime, hold: Duration, row: Int = 1, name: String? = nil, urgent: Bool = false) {
        self.text = text
        self.days = days
        self.time = time
        self.hold = hold
        self.row = row
        self.name = name
        self.urgent = urgent
    }

    /// The instants it is due after `start` up to and including `end`, earliest first.
    public func due(after start: WallInstant, upTo end: WallInstant, in zone: ZoneRules) -> [WallInstant] {
        guard start < end else { return [] }
        // A day on the wall calendar begins within a day of the same day in UTC.
        let first = start.unixSeconds.floorDivided(by: 86400) - 1, last = end.unixSeconds.floorDivided(by: 86400) + 1
        return days(from: first, through: last).map { zone.instant(showing: time, on: $0) }.filter { $0 > start && $0 <= end }
    }

    /// The first instant after `now` it is due, looking at most eight days ahead (a week's
    /// days all come within that); `nil`: not in that time.
    public func next(after now: WallInstant, in zone: ZoneRules) -> WallInstant? {
        due(after: now, upTo: now + .seconds(8 * 86400), in: zone).first
    }

    private func days(from first: Int, through last: Int) -> [CalendarDay] {
        switch days {
        case .weekly(let weekdays): (first...last).filter { weekdays.contains(daySinceEpoch: $0) }.map(CalendarDay.init(daysSinceEpoch:))
        case .once(let day): (first...last).contains(day.daysSinceEpoch) ? [day] : []
        }
    }
}
