/// Days (and hours and minutes) to or since a moment on the clock's wall calendar:
/// `[[countdown]]` in the configuration ("123 DAYS TO OPENING").
///
/// Days alone count calendar days in the clock's zone, so the cards flip at local midnight
/// whatever daylight saving does in between; with hours or minutes it is the time that
/// passes, to the minute, the target read by the zone's rules for its own day.
public struct CountdownItem: Equatable, Sendable {
    /// The smallest unit shown: days; days and hours; days, hours and minutes.
    public enum Unit: String, CaseIterable, Sendable {
        case days, hours, minutes
    }

    /// The name commands and rows use (`opening`).
    public var name: String
    public var label: String
    /// The days' cards, 1 to 5.
    public var digits: Int
    public var unit: Unit
    /// What it counts to or from until a request says otherwise; `nil`: dashes until one does.
    public var target: CountdownTarget?

    public init(name: String, label: String = "", digits: Int = 3, unit: Unit = .days, target: CountdownTarget? = nil) {
        self.name = name
        self.label = label
        self.digits = digits
        self.unit = unit
        self.target = target
    }

    public var groups: [[FaceLayout.CardShape]] {
        let digit = FaceLayout.CardShape(aspect: TimeFormat.digitAspect)
        let days = [Array(repeating: digit, count: digits)]
        switch unit {
        case .days: return days
        case .hours: return days + [[digit, digit]]
        case .minutes: return days + [[digit, digit], [digit, digit]]
        }
    }

    /// The cards as one text, a character a card (`" 12"`, `" 120437"`), at `now` on a day
    /// the clock's calendar calls `today`; dashes with no target.
    public func text(to target: CountdownTarget?, at now: WallInstant, today: CalendarDay, zone: ZoneRules) -> String {
        guard let target else { return String(repeating: "-", count: groups.joined().count) }
        let largest = ScoreItem.largest(digits: digits)
        switch unit {
        case .days:
            let days = target.day.daysSinceEpoch - today.daysSinceEpoch
            return padded(min(max(target.direction == .to ? days : -days, 0), largest))
        case .hours, .minutes:
            let at = zone.instant(showing: target.time, on: target.day).unixSeconds
            // Counting down, a part of a minute left counts as a minute, so zero shows at the moment itself.
            let seconds = target.direction == .to ? at - now.unixSeconds : now.unixSeconds - at
            let minutes = max(target.direction == .to ? (seconds + 59).floorDivided(by: 60) : seconds.floorDivided(by: 60), 0)
            let shown = min(minutes, largest * 1440 + 1439)
            let hours = shown / 60 % 24
            let clock = hours < 10 ? "0\(hours)" : "\(hours)"
            let rest = unit == .hours ? clock : clock + (shown % 60 < 10 ? "0\(shown % 60)" : "\(shown % 60)")
            return padded(shown / 1440) + rest
        }
    }

    /// What each of `countdowns`' cards show at `reading` (its day and instant in the clock's
    /// own zone, whose rules are `zone`), counting to `targets`' moment where it names one,
    /// else the configuration's: by name, as ``ClockScene/setGame(_:at:)`` takes them.
    public static func faces(
        _ countdowns: [CountdownItem], targets: [String: CountdownTarget] = [:], at reading: ClockReading, zone: ZoneRules
    ) -> [String: String?] {
        Dictionary(
            uniqueKeysWithValues: countdowns.map {
                ($0.name, $0.text(to: targets[$0.name] ?? $0.target, at: reading.instant, today: reading.day(), zone: zone))
            })
    }

    /// The days right-aligned on their cards, blanks in front (`"  5"`).
    private func padded(_ days: Int) -> String {
        let text = String(days)
        return String(repeating: " ", count: max(0, digits - text.count)) + text
    }

    /// The cards' values for a ``text(to:at:today:zone:)`` (a blank: a blank card).
    public func values(_ text: String?) -> [String] {
        let count = groups.joined().count
        guard let text, text.count == count else { return Array(repeating: "", count: count) }
        return text.map { $0 == " " ? "" : String($0) }
    }
}

/// The moment a countdown counts to (or a count-up from): a day and a time of day on the
/// clock's wall calendar, written `2027-06-01` or `2027-06-01T09:00`.
public struct CountdownTarget: Equatable, Sendable, CustomStringConvertible {
    public enum Direction: String, CaseIterable, Sendable {
        /// Down to it, then zeros.
        case to
        /// Up from it (zeros before it).
        case since
    }

    public var direction: Direction
    public var day: CalendarDay
    /// Whole minutes; midnight for a day alone.
    public var time: WallTime

    public init(_ direction: Direction, day: CalendarDay, time: WallTime = WallTime(hour: 0, minute: 0, second: 0)) {
        self.direction = direction
        self.day = day
        self.time = time
    }

    /// `2027-06-01` or `2027-06-01T09:00` (years 1970 to 9999); `nil` for anything else.
    public init?(_ direction: Direction, parsing text: String) {
        let parts = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        let date = parts[0].split(separator: "-", omittingEmptySubsequences: false)
        guard date.count == 3, zip(date, [4, 2, 2]).allSatisfy({ $0.count == $1 && $0.utf8.allSatisfy { (48...57).contains($0) } }),
            let year = Int(date[0]), let month = Int(date[1]), let day = Int(date[2]), (1970...9999).contains(year), (1...12).contains(month),
            (1...31).contains(day)
        else { return nil }
        let calendar = CalendarDay(year: year, month: month, day: day)
        // 31 February is not a day: it would be read as 3 March.
        guard CalendarDay(daysSinceEpoch: calendar.daysSinceEpoch) == calendar else { return nil }
        var time = WallTime(hour: 0, minute: 0, second: 0)
        if parts.count == 2 {
            guard parts[1].count == 5, let t = WallTime(parsing: String(parts[1])) else { return nil }
            time = t
        }
        self.init(direction, day: calendar, time: time)
    }

    /// Whether `text` has a moment's shape, digits where they go (`2027-02-31` has: it is
    /// refused as a day not on the calendar, not as words not understood).
    public static func isShaped(_ text: String) -> Bool {
        let shape = text.utf8.map { (48...57).contains($0) ? UInt8(ascii: "9") : $0 }
        return shape.elementsEqual("9999-99-99".utf8) || shape.elementsEqual("9999-99-99T99:99".utf8)
    }

    /// `2027-06-01T09:00` (the time left out at midnight).
    public var moment: String {
        time.secondOfDay == 0 ? "\(day)" : "\(day)T\(String("\(time)".prefix(5)))"
    }

    /// `to 2027-06-01T09:00`: the words of the request that sets it.
    public var description: String { "\(direction.rawValue) \(moment)" }

    /// What a refusal of a moment says.
    public static let form = "a day YYYY-MM-DD or a moment YYYY-MM-DDTHH:MM on the clock's calendar (years 1970 to 9999)"
}
