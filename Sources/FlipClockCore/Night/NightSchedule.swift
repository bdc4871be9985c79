/// When the screen dims or goes dark: periods of the day, each with a brightness.
///
/// A period runs from its start minute up to (not including) its end minute, and wraps past
/// midnight when the end is not after the start (`22:00-07:00`). Where periods overlap the
/// darker one wins, so `22:00-07:00 dim 20 %` with `01:00-06:00 off` is dim, then off, then
/// dim again. Outside every period the screen is at full brightness.
public struct NightSchedule: Equatable, Sendable {
    public struct Period: Equatable, Sendable {
        /// Minutes since midnight.
        public var start: Int
        public var end: Int
        /// 0 is off; 0 < b < 1 dims the colours (and the backlight, where there is one).
        public var brightness: Double

        public init(start: Int, end: Int, brightness: Double) {
            precondition((0..<1440).contains(start) && (0..<1440).contains(end) && (0...1).contains(brightness))
            self.start = start
            self.end = end
            self.brightness = brightness
        }

        /// Parses `HH:MM-HH:MM`; `nil` for anything else.
        public init?(parsing text: String, brightness: Double) {
            let ends = text.split(separator: "-", omittingEmptySubsequences: false)
            guard ends.count == 2, ends.allSatisfy({ $0.count == 5 }), let from = WallTime(parsing: String(ends[0])),
                let to = WallTime(parsing: String(ends[1])), (0...1).contains(brightness)
            else { return nil }
            self.init(start: from.hour * 60 + from.minute, end: to.hour * 60 + to.minute, brightness: brightness)
        }

        /// Whether the minute of the day `minute` is in this period.
        public func covers(_ minute: Int) -> Bool {
            start < end ? (start..<end).contains(minute) : (minute >= start || minute < end)
        }
    }

    public var periods: [Period]

    public init(periods: [Period] = []) {
        self.periods = periods
    }

    /// The brightness at a minute of the day: the darkest period covering it, or 1.
    public func brightness(atMinute minute: Int) -> Double {
        periods.filter { $0.covers(minute) }.map(\.brightness).min() ?? 1
    }

    public func brightness(at time: WallTime) -> Double { brightness(atMinute: time.hour * 60 + time.minute) }

    /// How many minutes after `minute` the brightness next changes; `nil` if it never does.
    public func minutesUntilChange(after minute: Int) -> Int? {
        let now = brightness(atMinute: minute)
        // Brightness only changes where a period starts or ends.
        let edges = Set(periods.flatMap { [$0.start, $0.end] }).map { ($0 - minute + 1440) % 1440 }.filter { $0 > 0 }.sorted()
        return edges.first { brightness(atMinute: (minute + $0) % 1440) != now }
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
        overrideEndMinute = schedule.minutesUntilChange(after: Self.dayMinute(minute)).map { minute + $0 }
    }

    /// The instant at which the level next changes after `reading` (at its offset); `nil` if
    /// it never does.
    public func nextChange(after reading: ClockReading) -> WallInstant? {
        let minute = reading.minute()
        return schedule.minutesUntilChange(after: Self.dayMinute(minute)).map { reading.instant(atMinute: minute + $0) }
    }

    /// The brightness at `reading`; an override ends when the schedule next changes.
    public mutating func level(at reading: ClockReading) -> Double {
        let minute = reading.minute()
        if let ends = overrideEndMinute, minute >= ends {
            override = nil
            overrideEndMinute = nil
        }
        return override ?? schedule.brightness(atMinute: Self.dayMinute(minute))
    }
}

extension RGBColor {
    /// The colour at `brightness` (0…1) of its own: each channel scaled, rounded.
    public func dimmed(to brightness: Double) -> RGBColor {
        func scale(_ c: UInt8) -> UInt8 { UInt8((Double(c) * max(0, min(1, brightness))).rounded()) }
        return RGBColor(red: scale(red), green: scale(green), blue: scale(blue))
    }
}
