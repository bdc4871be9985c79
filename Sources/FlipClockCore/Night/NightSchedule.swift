/// When the screen dims or goes dark: periods of the day, each with a brightness.
///
/// A period runs from its start up to (not including) its end, and wraps past midnight when
/// the end is not after the start (`22:00-07:00`). Where periods overlap the darker one wins,
/// so `22:00-07:00 dim 20 %` with `01:00-06:00 off` is dim, then off, then dim again. Outside
/// every period the screen is at full brightness.
///
/// An end may be a moment of the sun (`sunset+30m`, ``Period/Edge``) at ``place``; a day with no
/// such moment (polar day) has no such period, and a day the sun stays below it (polar night)
/// is the period all day.
public struct NightSchedule: Equatable, Sendable {
    public struct Period: Equatable, Sendable {
        public typealias Edge = DayPeriod.Edge
        /// When it holds.
        public var hours: DayPeriod
        /// 0 is off; 0 < b < 1 dims the colours (and the backlight, where there is one).
        public var brightness: Double

        public var from: Edge {
            get { hours.from }
            set { hours.from = newValue }
        }
        public var to: Edge {
            get { hours.to }
            set { hours.to = newValue }
        }

        /// A period between two times of day, in minutes since midnight.
        public init(start: Int, end: Int, brightness: Double) {
            precondition((0..<1440).contains(start) && (0..<1440).contains(end))
            self.init(from: .time(start), to: .time(end), brightness: brightness)
        }

        public init(from: Edge, to: Edge, brightness: Double) {
            precondition((0...1).contains(brightness))
            self.hours = DayPeriod(from: from, to: to)
            self.brightness = brightness
        }

        public init(hours: DayPeriod, brightness: Double) {
            precondition((0...1).contains(brightness))
            self.hours = hours
            self.brightness = brightness
        }

        /// Parses `FROM-TO` as ``DayPeriod/init(parsing:)`` does; `nil` for anything else or a
        /// brightness outside 0…1.
        public init?(parsing text: String, brightness: Double) {
            guard (0...1).contains(brightness), let hours = DayPeriod(parsing: text) else { return nil }
            self.hours = hours
            self.brightness = brightness
        }

        /// Whether an end is a moment of the sun.
        public var followsTheSun: Bool { hours.followsTheSun }
    }

    public var periods: [Period]
    /// Where the sun is watched from (`[sun]`); a period that follows the sun needs one.
    public var place: Coordinates?

    public init(periods: [Period] = [], place: Coordinates? = nil) {
        self.periods = periods
        self.place = place
    }

    /// The brightness at `minute`, counted as ``ClockReading/minute(in:)`` counts (a minute
    /// of the day is one of 1 January 1970) on a wall clock `offset` seconds east of UTC: the
    /// darkest period covering it, or 1.
    public func brightness(atMinute minute: Int, offset: Int = 0) -> Double {
        let day = minute.floorDivided(by: 1440)
        let spans = (day - 2...day).flatMap { d in periods.compactMap { p in span(of: p, startingOn: d, offset: offset).map { ($0, p) } } }
        return spans.filter { $0.0.contains(minute) }.map(\.1.brightness).min() ?? 1
    }

    public func brightness(at time: WallTime) -> Double { brightness(atMinute: time.hour * 60 + time.minute) }

    /// How many minutes after `minute` (counted as ``brightness(atMinute:offset:)`` counts) the
    /// brightness next changes within two days; `nil` if it does not.
    public func minutesUntilChange(after minute: Int, offset: Int = 0) -> Int? {
        let now = brightness(atMinute: minute, offset: offset)
        let day = minute.floorDivided(by: 1440)
        // Brightness only changes where a period starts or ends.
        let edges = Set(
            (day - 2...day + 2).flatMap { d in
                periods.compactMap { span(of: $0, startingOn: d, offset: offset) }.flatMap { [$0.lowerBound, $0.upperBound] }
            })
        return edges.filter { $0 > minute }.sorted().first { brightness(atMinute: $0, offset: offset) != now }.map { $0 - minute }
    }

    /// Whether a period follows the sun: its changes move from day to day.
    public var followsTheSun: Bool { periods.contains(where: \.followsTheSun) }

    /// The minutes `period` covers from its start on day `day` (``DayPeriod/span(startingOn:offset:place:)``).
    func span(of period: Period, startingOn day: Int, offset: Int) -> Range<Int>? {
        period.hours.span(startingOn: day, offset: offset, place: place)
    }
}

/// How bright the screen is now: the schedule's level, unless a person said otherwise
/// (`flipclockctl screen off|on|dim N`), which holds until the schedule next changes.
///
/// The schedule is read on the face's own wall clock (``ClockReading/minute(in:)``), so an
/// override set before midnight still ends after it, and one that spans a change of the
/// zone's offset ends when the wall clock shows the schedule's change.
public struct ScreenBrightness: Equatable, Sendable {
    public var schedule: NightSchedule
    /// The override's level (`nil`: none, the schedule's).
    public private(set) var override: Double?
    /// The minute on the face's wall clock (counted as ``ClockReading/minute(in:)`` counts) at
    /// which the schedule takes over again; `nil`: never, the schedule does not change.
    private var overrideEndMinute: Int?

    public init(schedule: NightSchedule) {
        self.schedule = schedule
    }

    static func dayMinute(_ minute: Int) -> Int { (minute % 1440 + 1440) % 1440 }

    /// The time of day at which the override ends; `nil`: no override, or one that never ends.
    public var overrideEnds: WallTime? {
        overrideEndMinute.map { WallTime(hour: Self.dayMinute($0) / 60, minute: Self.dayMinute($0) % 60, second: 0) }
    }

    /// Sets the brightness at `reading` until the schedule's next change.
    public mutating func set(_ level: Double, at reading: ClockReading) {
        precondition((0...1).contains(level))
        let minute = reading.minute()
        override = level
        overrideEndMinute = schedule.minutesUntilChange(after: minute, offset: reading.offset).map { minute + $0 }
    }

    /// The instant at which the level next changes after `reading` (at its offset); `nil` if
    /// it never does. A schedule that follows the sun is looked at again at least every day
    /// (a polar night's period may last weeks).
    public func nextChange(after reading: ClockReading) -> WallInstant? {
        let minute = reading.minute()
        let ahead = schedule.minutesUntilChange(after: minute, offset: reading.offset)
        return (ahead ?? (schedule.followsTheSun ? 1440 : nil)).map { reading.instant(atMinute: minute + $0) }
    }

    /// The brightness at `reading`; an override ends when the schedule next changes.
    public mutating func level(at reading: ClockReading) -> Double {
        let minute = reading.minute()
        if let ends = overrideEndMinute, minute >= ends {
            override = nil
            overrideEndMinute = nil
        }
        return override ?? schedule.brightness(atMinute: minute, offset: reading.offset)
    }
}

extension RGBColor {
    /// The colour at `brightness` (0…1) of its own: each channel scaled, rounded.
    public func dimmed(to brightness: Double) -> RGBColor {
        func scale(_ c: UInt8) -> UInt8 { UInt8((Double(c) * max(0, min(1, brightness))).rounded()) }
        return RGBColor(red: scale(red), green: scale(green), blue: scale(blue))
    }
}
