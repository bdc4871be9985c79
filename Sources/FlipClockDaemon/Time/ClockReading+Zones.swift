import FlipClockCore
import Foundation

extension ClockReading {
    /// How clocks read at `date`: the face's own zone is `own`, each other zone's offset is
    /// asked of its `TimeZone` for that instant, so daylight saving shows at once.
    public init(_ date: Date, own: TimeZone, zones: [String: TimeZone]) {
        var offsets = [ClockReading.ownZone: own.secondsFromGMT(for: date)]
        for (name, zone) in zones { offsets[name] = zone.secondsFromGMT(for: date) }
        self.init(unixSeconds: Int(date.timeIntervalSince1970.rounded(.down)), offsets: offsets)
    }

    /// How the clocks of `configuration` read at `date` (its places' zones looked up now).
    public init(_ date: Date, own: TimeZone, configuration: ClockConfiguration) {
        self.init(date, own: own, zones: Self.zones(of: configuration))
    }

    /// The zones of `configuration`'s places by name, looked up once; an unknown one reads as UTC.
    public static func zones(of configuration: ClockConfiguration) -> [String: TimeZone] {
        Dictionary(configuration.places.map { ($0.zone, TimeZone(identifier: $0.zone) ?? TimeZone(secondsFromGMT: 0)!) }, uniquingKeysWith: { first, _ in first })
    }
}
