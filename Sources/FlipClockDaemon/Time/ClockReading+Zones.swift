import FlipClockCore
import Foundation

extension ClockReading {
    /// How the clocks of `configuration` read at `date`: the face's own zone is `own`, each
    /// place's zone is looked up by name (fresh each time, so daylight saving shows at once).
    public init(_ date: Date, own: TimeZone, configuration: ClockConfiguration) {
        var offsets = [ClockReading.ownZone: own.secondsFromGMT(for: date)]
        for place in configuration.places where offsets[place.zone] == nil {
            offsets[place.zone] = TimeZone(identifier: place.zone)?.secondsFromGMT(for: date) ?? 0
        }
        self.init(unixSeconds: Int(date.timeIntervalSince1970.rounded(.down)), offsets: offsets)
    }
}
