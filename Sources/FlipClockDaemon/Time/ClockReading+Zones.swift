import FlipClockCore
import FoundationEssentials

extension ClockReading {
    /// How clocks read at `date`: the face's own zone is `own`, each other zone's offset is
    /// asked of its rules for that instant, so daylight saving shows at once.
    public init(_ date: Date, own: ZoneRules, zones: [String: ZoneRules]) {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        var offsets = [ClockReading.ownZone: own.offset(at: seconds)]
        for (name, zone) in zones { offsets[name] = zone.offset(at: seconds) }
        self.init(unixSeconds: seconds, offsets: offsets)
    }

    /// The zones of `configuration`'s places by name, read once from the system's database;
    /// an unknown one reads as UTC.
    public static func zones(of configuration: ClockConfiguration) -> [String: ZoneRules] {
        let database = ZoneInfo.system
        return Dictionary(
            configuration.places.map { ($0.zone, database.rules(named: $0.zone) ?? ZoneRules(identifier: $0.zone, fixed: .utc)) },
            uniquingKeysWith: { first, _ in first }
        )
    }
}
