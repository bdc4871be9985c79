/// The names a date shows: months and weekdays, full and short. Any list may be missing, to
/// be taken from a locale or from English.
public struct DateNames: Equatable, Sendable {
    /// January first.
    public var months: [String]?
    public var shortMonths: [String]?
    /// Sunday first.
    public var weekdays: [String]?
    public var shortWeekdays: [String]?

    public init(months: [String]? = nil, shortMonths: [String]? = nil, weekdays: [String]? = nil, shortWeekdays: [String]? = nil) {
        self.months = months
        self.shortMonths = shortMonths
        self.weekdays = weekdays
        self.shortWeekdays = shortWeekdays
    }

    /// These names, with what they leave out taken from `fallback`.
    public func merged(over fallback: DateNames) -> DateNames {
        DateNames(
            months: months ?? fallback.months, shortMonths: shortMonths ?? fallback.shortMonths,
            weekdays: weekdays ?? fallback.weekdays, shortWeekdays: shortWeekdays ?? fallback.shortWeekdays
        )
    }

    public static let english = DateNames(
        months: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
        shortMonths: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
        weekdays: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
        shortWeekdays: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    )
}
