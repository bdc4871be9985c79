/// The clock face: which cards show the time, and what each shows at a given time.
public struct TimeFormat: Equatable, Sendable {
    public enum Format: String, CaseIterable, Sendable {
        case hoursMinutes = "HH:MM"
        case hoursMinutesSeconds = "HH:MM:SS"
    }

    public enum HourCycle: Int, CaseIterable, Sendable {
        case twelve = 12
        case twentyFour = 24
    }

    public var format: Format
    public var hourCycle: HourCycle
    /// Whether an hour below ten shows a leading zero card ("09") or a blank card (" 9").
    public var leadingZero: Bool

    /// Width of a digit card as a fraction of its height.
    public static let digitAspect = 0.68
    /// The AM/PM card: wider, with smaller text.
    public static let meridiemShape = FaceLayout.CardShape(aspect: 0.9, textScale: 0.42)

    public init(format: Format = .hoursMinutes, hourCycle: HourCycle = .twentyFour, leadingZero: Bool = true) {
        self.format = format
        self.hourCycle = hourCycle
        self.leadingZero = leadingZero
    }

    /// The cards in groups: hours, minutes, [seconds], [AM/PM].
    public var groups: [[FaceLayout.CardShape]] {
        let digit = FaceLayout.CardShape(aspect: Self.digitAspect)
        var groups = [[digit, digit], [digit, digit]]
        if format == .hoursMinutesSeconds { groups.append([digit, digit]) }
        if hourCycle == .twelve { groups.append([Self.meridiemShape]) }
        return groups
    }

    /// What every card shows at `time`, in the order of ``groups``.
    public func values(at time: WallTime) -> [String] {
        var hour = time.hour
        if hourCycle == .twelve {
            hour %= 12
            if hour == 0 { hour = 12 }
        }
        var values = [hour >= 10 || leadingZero ? String(hour / 10) : "", String(hour % 10)]
        values += [String(time.minute / 10), String(time.minute % 10)]
        if format == .hoursMinutesSeconds { values += [String(time.second / 10), String(time.second % 10)] }
        if hourCycle == .twelve { values.append(time.hour < 12 ? "AM" : "PM") }
        return values
    }

    /// How often the face changes: the precision the daemon must wake at.
    public var tick: Duration { format == .hoursMinutesSeconds ? .seconds(1) : .seconds(60) }
}
