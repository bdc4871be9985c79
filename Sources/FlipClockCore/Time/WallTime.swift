/// A time of day on the wall clock, already in the zone the face shows.
public struct WallTime: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(hour: Int, minute: Int, second: Int) {
        precondition((0..<24).contains(hour) && (0..<60).contains(minute) && (0..<61).contains(second), "not a time of day")
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Parses `HH:MM` or `HH:MM:SS` (24-hour); `nil` for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
            parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
            let h = Int(parts[0]), let m = Int(parts[1]), let s = parts.count == 3 ? Int(parts[2]) : 0,
            (0..<24).contains(h), (0..<60).contains(m), (0..<60).contains(s)
        else { return nil }
        self.init(hour: h, minute: m, second: s)
    }

    /// Seconds since midnight.
    public var secondOfDay: Int { hour * 3600 + minute * 60 + second }

    /// The time `seconds` later, wrapping at midnight.
    public func adding(seconds: Int) -> WallTime {
        let t = ((secondOfDay + seconds) % 86400 + 86400) % 86400
        return WallTime(hour: t / 3600, minute: t / 60 % 60, second: t % 60)
    }

    public var description: String {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(two(hour)):\(two(minute)):\(two(second))"
    }
}
