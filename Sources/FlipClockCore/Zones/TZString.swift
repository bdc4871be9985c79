/// A POSIX TZ string: a zone's rule for every year, as a TZif file's footer gives it for the
/// instants after its last transition (`CET-1CEST,M3.5.0,M10.5.0/3`) and as `$TZ` may.
///
/// With RFC 8536's extension (version 3): a change's time may be negative or past 24 hours
/// (`<-02>2<-01>,M3.5.0/-1,M10.5.0/0`, `IST-2IDT,M3.4.4/26,M10.5.0`). It is evaluated as
/// glibc evaluates it, so the clock agrees with every other program on the system: the
/// changes are those of the instant's UTC year, the start's time read in standard time and
/// the end's in daylight saving time.
public struct TZString: Equatable, Sendable {
    public var standard: LocalTimeType
    /// `nil` for a zone without daylight saving time (`JST-9`, `<+0530>-5:30`).
    public var daylightSaving: DaylightSaving?

    public struct DaylightSaving: Equatable, Sendable {
        public var type: LocalTimeType
        public var start: Change
        public var end: Change

        public init(type: LocalTimeType, start: Change, end: Change) {
            self.type = type
            self.start = start
            self.end = end
        }
    }

    /// When a change happens: a day of the year and a time of that day, on the clock in force
    /// until then.
    public struct Change: Equatable, Sendable {
        public enum Day: Equatable, Sendable {
            /// `Jn`: 1 … 365, 29 February never counted.
            case julian(Int)
            /// `n`: 0 … 365, 29 February counted in leap years.
            case zeroBased(Int)
            /// `Mm.w.d`: weekday `d` (0 Sunday) of week `w` (1 … 5, 5 the last) of month `m`.
            case monthWeekDay(month: Int, week: Int, weekday: Int)
        }

        public var day: Day
        /// Seconds after that day's midnight: −167 h … 167 h, 2 h when the string gives none.
        public var time: Int

        public init(day: Day, time: Int = 7200) {
            self.day = day
            self.time = time
        }
    }

    public init(standard: LocalTimeType, daylightSaving: DaylightSaving? = nil) {
        self.standard = standard
        self.daylightSaving = daylightSaving
    }

    /// What the clocks show at `instant`.
    public func localTimeType(at instant: WallInstant) -> LocalTimeType { localTimeType(atSecond: instant.unixSeconds) }

    /// What the clocks show in the second `unixSeconds` after 1970.
    func localTimeType(atSecond unixSeconds: Int) -> LocalTimeType {
        let year = CalendarDay(daysSinceEpoch: unixSeconds.floorDivided(by: 86400)).year
        guard let daylightSaving, let change = changes(inYear: year) else { return standard }
        // South of the equator daylight saving time spans the new year: it ends before it starts.
        let isDaylightSaving =
            change.start > change.end
            ? unixSeconds < change.end || unixSeconds >= change.start
            : unixSeconds >= change.start && unixSeconds < change.end
        return isDaylightSaving ? daylightSaving.type : standard
    }

    /// The instants daylight saving time starts and ends in `year` (their UTC year's rule).
    func changes(inYear year: Int) -> (start: Int, end: Int)? {
        guard let daylightSaving else { return nil }
        let start = Self.daysSinceEpoch(daylightSaving.start.day, in: year) * 86400 + daylightSaving.start.time - standard.offset
        let end = Self.daysSinceEpoch(daylightSaving.end.day, in: year) * 86400 + daylightSaving.end.time - daylightSaving.type.offset
        return (start, end)
    }

    static func daysSinceEpoch(_ day: Change.Day, in year: Int) -> Int {
        let january = CalendarDay(year: year, month: 1, day: 1).daysSinceEpoch
        switch day {
        case .julian(let n):
            let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            return january + n - 1 + (isLeap && n >= 60 ? 1 : 0)
        case .zeroBased(let n):
            return january + n
        case .monthWeekDay(let month, let week, let weekday):
            let first = CalendarDay(year: year, month: month, day: 1)
            let next = month == 12 ? CalendarDay(year: year + 1, month: 1, day: 1) : CalendarDay(year: year, month: month + 1, day: 1)
            let length = next.daysSinceEpoch - first.daysSinceEpoch
            var day = (weekday - first.weekday + 7) % 7 + 7 * (week - 1)
            while day >= length { day -= 7 }
            return first.daysSinceEpoch + day
        }
    }
}

extension Int {
    /// The quotient rounded toward minus infinity: the day of an instant before 1970 too.
    func floorDivided(by divisor: Int) -> Int {
        let q = self / divisor
        return self % divisor < 0 ? q - 1 : q
    }
}
