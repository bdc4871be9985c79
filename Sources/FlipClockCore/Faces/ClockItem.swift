/// A clock on the face: the time in one zone, with a label under it. The face's own clock
/// is `[clock]`; a world-clock row adds one `[[place]]` each (`TOKYO`, `Asia/Tokyo`).
public struct ClockItem: Equatable, Sendable {
    /// What rows call it: `time` for the face's own clock, a place's name otherwise.
    public var name: String
    /// The text under the cards; empty for none.
    public var label: String
    /// The zone's key in a ``ClockReading``: an IANA name, or ``ClockReading/ownZone``.
    public var zone: String
    public var time: TimeFormat

    /// The name of the face's own clock in `[[row]] show`.
    public static let ownName = "time"

    public init(name: String = ClockItem.ownName, label: String = "", zone: String = ClockReading.ownZone, time: TimeFormat = TimeFormat()) {
        self.name = name
        self.label = label
        self.zone = zone
        self.time = time
    }

    /// What the cards show at `reading`.
    public func values(_ reading: ClockReading) -> [String] { time.values(at: reading.time(in: zone)) }
}
