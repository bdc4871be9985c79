/// Days of the week a face is shown on (`[[face]] days`): `mon-fri`, `sat,sun`, `tue`.
public struct Weekdays: Equatable, Sendable, CustomStringConvertible {
    /// Bit `n` is weekday `n` as ``CalendarDay/weekday`` counts them (0 Sunday … 6 Saturday).
    public private(set) var bits: UInt8

    /// The days' short names, Sunday first as ``CalendarDay/weekday`` counts.
    public static let names = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

    public static let every = Weekdays(bits: 0x7F)

    public init(bits: UInt8) { self.bits = bits & 0x7F }

    /// Whether weekday `day` (0 Sunday … 6 Saturday) is one of them.
    public func contains(_ day: Int) -> Bool { bits & (1 << UInt8(day)) != 0 }

    /// Whether the day `day` days after 1 January 1970 (a Thursday) is one of them.
    public func contains(daySinceEpoch day: Int) -> Bool { contains(((day + 4) % 7 + 7) % 7) }

    /// Days and ranges of days separated by commas, each a short name (`mon`) or two joined by
    /// a dash (`mon-fri`, `fri-mon` wrapping past Sunday); `nil` for anything else.
    public init?(parsing text: String) {
        guard !text.isEmpty, text.count <= 64 else { return nil }
        var bits: UInt8 = 0
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let ends = part.split(separator: "-", omittingEmptySubsequences: false).map { $0.trimmingSpaces.lowercased() }
            let days = ends.compactMap { Self.names.firstIndex(of: $0) }
            guard days.count == ends.count, (1...2).contains(days.count) else { return nil }
            var day = days[0]
            bits |= 1 << UInt8(day)
            while day != days.last! {
                day = (day + 1) % 7
                bits |= 1 << UInt8(day)
            }
        }
        self.init(bits: bits)
    }

    /// The days as short names joined by commas, Monday first (`mon,tue,sat`).
    public var description: String {
        [1, 2, 3, 4, 5, 6, 0].filter { contains($0) }.map { Self.names[$0] }.joined(separator: ",")
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
