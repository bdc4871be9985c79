/// What the clocks of a zone show for a stretch of time: the offset from UTC, whether it is
/// daylight saving time, and its abbreviation (`CEST`, `+0530`).
///
/// RFC 8536 calls it a local time type; a zone's rules (``ZoneRules``) say which one holds
/// at each instant.
public struct LocalTimeType: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Seconds east of UTC.
    public var offset: Int
    public var isDaylightSaving: Bool
    public var abbreviation: String

    public init(offset: Int, isDaylightSaving: Bool = false, abbreviation: String) {
        self.offset = offset
        self.isDaylightSaving = isDaylightSaving
        self.abbreviation = abbreviation
    }

    public static let utc = LocalTimeType(offset: 0, abbreviation: "UTC")

    /// `CEST +02:00:00 DST`.
    public var description: String {
        let a = abs(offset)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(abbreviation) \(offset < 0 ? "-" : "+")\(two(a / 3600)):\(two(a / 60 % 60)):\(two(a % 60))\(isDaylightSaving ? " DST" : "")"
    }
}
