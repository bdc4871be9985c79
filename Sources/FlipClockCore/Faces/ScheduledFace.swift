/// One `[[face]]`: its rows, and when it is shown.
public struct ScheduledFace: Equatable, Sendable {
    /// Letters, digits, `-` and `_`; unique among the faces.
    public var name: String
    /// Each row's item names, as `[output.screen.NAME] rows` writes them.
    public var rows: [[String]]
    /// The days its period starts on (a period past midnight ends on the next).
    public var days: Weekdays
    /// When on those days it is shown; `nil`: all day.
    public var hours: DayPeriod?
    /// How long it shows in a turn while other faces are in force too.
    public var seconds: Int

    /// The shortest and longest turn.
    public static let turnSeconds = 5...3600
    public static let defaultSeconds = 20

    public init(name: String, rows: [[String]], days: Weekdays = .every, hours: DayPeriod? = nil, seconds: Int = ScheduledFace.defaultSeconds) {
        precondition(Self.turnSeconds.contains(seconds))
        self.name = name
        self.rows = rows
        self.days = days
        self.hours = hours
        self.seconds = seconds
    }
}
