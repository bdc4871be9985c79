/// A day of the Gregorian calendar, as a wall calendar in some zone shows it.
public struct CalendarDay: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var year: Int
    /// 1 (January) … 12.
    public var month: Int
    /// 1 … 31.
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        precondition((1...12).contains(month) && (1...31).contains(day), "not a day of the calendar")
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `days` after 1 January 1970 (negative before it).
    ///
    /// Howard Hinnant's `civil_from_days`: exact for every day of the proleptic Gregorian
    /// calendar, with no table and no Foundation.
    public init(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// Days since 1 January 1970: the inverse of ``init(daysSinceEpoch:)``.
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// 0 (Sunday) … 6 (Saturday); 1 January 1970 was a Thursday.
    public var weekday: Int { ((daysSinceEpoch + 4) % 7 + 7) % 7 }

    /// 1 … 366.
    public var dayOfYear: Int { daysSinceEpoch - CalendarDay(year: year, month: 1, day: 1).daysSinceEpoch + 1 }

    public var description: String {
        "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
    }
}
