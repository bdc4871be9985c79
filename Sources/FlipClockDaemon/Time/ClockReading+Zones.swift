import FlipClockCore

/// Where the daemon turns an instant into what clocks in zones show: the zones' rules come
/// from the system's database here, and ``ZoneRules`` (Core) converts.
extension ClockReading {
    /// How clocks read at `instant`: the face's own zone is `own`, each other zone's offset is
    /// asked of its rules for that instant, so daylight saving shows at once.
    public init(_ instant: WallInstant, own: ZoneRules, zones: [String: ZoneRules]) {
        var offsets = [ClockReading.ownZone: own.offset(at: instant)]
        for (name, zone) in zones { offsets[name] = zone.offset(at: instant) }
        self.init(instant, offsets: offsets)
    }

    /// The face's own zone: `configuration`'s, or `system` when it names none (or one the
    /// system's database lacks).
    public static func zone(of configuration: ClockConfiguration, system: @autoclosure () -> ZoneRules) -> ZoneRules {
        configuration.timeZone.flatMap(ZoneInfo.system.rules(named:)) ?? system()
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

    /// The day a wall calendar in `zone` shows now, on the system's clock.
    public static func today(in zone: ZoneRules) -> CalendarDay {
        ClockReading(.now, own: zone, zones: [:]).day()
    }
}
