/// A period of the day: from one edge up to (not including) the next, wrapping past midnight
/// when the end is not after the start (`22:00-07:00`). Each edge is a time of day or a moment
/// of the sun at a place (`sunset+30m`).
///
/// The night schedule's periods and the faces' hours are both written this way, read by
/// ``init(parsing:)`` and laid on the wall clock by ``span(startingOn:offset:place:)``.
public struct DayPeriod: Equatable, Sendable {
    public var from: Edge
    public var to: Edge

    public init(from: Edge, to: Edge) {
        self.from = from
        self.to = to
    }

    /// Whether an end is a moment of the sun.
    public var followsTheSun: Bool { from.sun != nil || to.sun != nil }
}

extension DayPeriod {
    /// Where a period starts or ends: a time of day, or a moment of the sun and minutes after
    /// it (before it when negative).
    public enum Edge: Equatable, Sendable, CustomStringConvertible {
        /// Minutes since midnight, 0 ..< 1440.
        case time(Int)
        case sun(SunEvent, minutes: Int)

        /// The longest offset from a moment of the sun: 12 hours.
        public static let longestOffset = 720

        public var sun: SunEvent? {
            if case .sun(let event, _) = self { return event }
            return nil
        }

        /// `HH:MM`, or a sun word (`dawn`, `sunrise`, `sunset`, `dusk`) with an offset such as
        /// `+30m`, `-1h` or `+1h15m`; `nil` for anything else.
        public init?(parsing text: Substring) {
            if text.count == 5, let t = WallTime(parsing: String(text)) {
                self = .time(t.hour * 60 + t.minute)
                return
            }
            guard let event = SunEvent.allCases.first(where: { text.hasPrefix($0.rawValue) }) else { return nil }
            let rest = text.dropFirst(event.rawValue.count)
            guard let sign = rest.first else {
                self = .sun(event, minutes: 0)
                return
            }
            guard sign == "+" || sign == "-", let minutes = Self.minutes(rest.dropFirst()), minutes <= Self.longestOffset else { return nil }
            self = .sun(event, minutes: sign == "-" ? -minutes : minutes)
        }

        /// `30m`, `2h`, `1h30m` in minutes.
        private static func minutes(_ text: Substring) -> Int? {
            var total = 0, number: Int?, units: [Character] = []
            for c in text {
                if let digit = c.wholeNumberValue, c.isASCII {
                    number = (number ?? 0) * 10 + digit
                    guard number! <= 10_000 else { return nil }
                } else if (c == "h" && units.isEmpty) || (c == "m" && units.last != "m"), let n = number {
                    total += c == "h" ? n * 60 : n
                    units.append(c)
                    number = nil
                } else {
                    return nil
                }
            }
            return number == nil && !units.isEmpty ? total : nil
        }

        public var description: String {
            switch self {
            case .time(let m): return WallTime(hour: m / 60, minute: m % 60, second: 0).description.dropLast(3).description
            case .sun(let event, let minutes):
                guard minutes != 0 else { return event.rawValue }
                let a = abs(minutes)
                let h = a / 60 > 0 ? "\(a / 60)h" : "", m = a % 60 > 0 ? "\(a % 60)m" : ""
                return "\(event.rawValue)\(minutes < 0 ? "-" : "+")\(h)\(m)"
            }
        }
    }

    /// Parses `FROM-TO`, each an ``Edge`` (`22:00-07:00`, `sunset+30m-sunrise-15m`); `nil` for
    /// anything else.
    public init?(parsing text: String) {
        guard text.count <= 40 else { return nil }
        // The one dash between two edges (an offset has dashes of its own).
        let splits = text.indices.filter { text[$0] == "-" }.compactMap { dash -> (Edge, Edge)? in
            guard let from = Edge(parsing: text[..<dash]), let to = Edge(parsing: text[text.index(after: dash)...]) else { return nil }
            return (from, to)
        }
        guard splits.count == 1 else { return nil }
        self.init(from: splits[0].0, to: splits[0].1)
    }

    /// The minutes (counted as ``ClockReading/minute(in:)`` counts, on a wall clock `offset`
    /// seconds east of UTC) that the period covers from its start on the day `day` days after
    /// 1 January 1970, its moments of the sun seen from `place`; `nil` if it does not start that
    /// day (a moment of the sun that does not happen: polar day, or no place). Polar night (the
    /// sun stays below the moment) is the whole day.
    public func span(startingOn day: Int, offset: Int, place: Coordinates?) -> Range<Int>? {
        // Where it starts, and the earliest it may end: a polar night's period lasts the day
        // and on to the first end after it (the sun's first rise after the polar night).
        var start: Int, earliestEnd: Int
        switch Self.minute(of: from, on: day, offset: offset, place: place) {
        case .at(let m): (start, earliestEnd) = (m, m + 1)
        case .wholeDay: (start, earliestEnd) = (day * 1440, (day + 1) * 1440)
        case .none: return nil
        }
        // A moment of the sun that ends it sets the day's polar rule too.
        if to.sun != nil, from.sun == nil {
            switch Self.minute(of: to, on: day, offset: offset, place: place) {
            case .wholeDay: (start, earliestEnd) = (day * 1440, (day + 1) * 1440)
            case .none: return nil
            case .at: break
            }
        }
        // The first end after the start: that day's, the next's, or the one after that's.
        for d in day...day + 2 {
            switch Self.minute(of: to, on: d, offset: offset, place: place) {
            case .at(let m) where m >= earliestEnd: return start..<m
            case .wholeDay, .none: if d * 1440 >= earliestEnd { return start..<d * 1440 }
            default: continue
            }
        }
        return nil
    }

    private enum EdgeMinute { case at(Int), wholeDay, none }

    /// Where an edge falls on day `day`.
    private static func minute(of edge: Edge, on day: Int, offset: Int, place: Coordinates?) -> EdgeMinute {
        switch edge {
        case .time(let m): return .at(day * 1440 + m)
        case .sun(let event, let minutes):
            guard let place else { return .none }
            let zone = ZoneRules(identifier: "", fixed: LocalTimeType(offset: offset, abbreviation: ""))
            switch SunTimes.time(of: event, at: place, on: CalendarDay(daysSinceEpoch: day), in: zone) {
            case .at(let instant): return .at((instant.unixSeconds + offset + 30).floorDivided(by: 60) + minutes)
            case .alwaysBelow: return .wholeDay
            case .alwaysAbove, .notThatDay: return .none
            }
        }
    }
}
