import FlipClockCore
import FoundationEssentials

/// Tests name instants as people write them (`ISO8601DateFormatter`, ISO 8601); Foundation's
/// `Date` is met only here, at the tests' edge.
extension WallInstant {
    /// The instant `date` is, to the nanosecond.
    public init(_ date: Date) { self.init(secondsSince1970: date.timeIntervalSince1970) }

    /// The instant an ISO 8601 time in UTC names (`2026-06-01T12:00:00Z`).
    public init(iso text: String) throws {
        self.init(try Date.ISO8601FormatStyle().parse(text))
    }

    /// This instant as a `Date` (to format it).
    public var date: Date { Date(timeIntervalSince1970: secondsSince1970) }
}
