import FlipClockCore
import Foundation

/// Local time of day in a time zone: the configured IANA zone or the system's.
public struct WallClock: Sendable {
    public let timeZone: TimeZone
    private let calendar: Calendar

    /// The clock for an IANA zone name; `nil` if the name is unknown.
    public init?(zone identifier: String) {
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        self.init(timeZone: zone)
    }

    public init(timeZone zone: TimeZone) {
        timeZone = zone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        self.calendar = calendar
    }

    /// The time of day shown at `date`.
    public func time(at date: Date) -> WallTime {
        let c = calendar.dateComponents([.hour, .minute, .second], from: date)
        return WallTime(hour: c.hour ?? 0, minute: c.minute ?? 0, second: min(c.second ?? 0, 59))
    }

    /// The first instant after `date` at which a face changing every `tick` changes: the next
    /// whole second or minute of this zone.
    public func nextChange(after date: Date, tick: Duration) -> Date {
        let step = tick.seconds
        // Zones differ from UTC by whole minutes, so whole seconds and minutes line up with Unix time.
        let t = date.timeIntervalSince1970
        let offset = Double(timeZone.secondsFromGMT(for: date))
        let next = ((t + offset) / step).rounded(.down) * step + step - offset
        return Date(timeIntervalSince1970: next)
    }
}
