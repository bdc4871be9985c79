import FlipClockCore
import Foundation

/// Tests name instants as people write them (`ISO8601DateFormatter`); Foundation's `Date` is
/// met only here, at the tests' edge.
extension WallInstant {
    /// The instant `date` is, to the nanosecond.
    init(_ date: Date) { self.init(secondsSince1970: date.timeIntervalSince1970) }

    /// This instant as a `Date` (to format it).
    var date: Date { Date(timeIntervalSince1970: secondsSince1970) }
}
