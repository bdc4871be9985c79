import FlipClockControl
import FlipClockCore

/// The countdowns: what each counts to or since (a request's moment, else the file's), and
/// what its cards show at a wake.
extension ClockState {
    /// What `countdown` is counting to or since now (`nil`: nothing yet).
    func target(of countdown: CountdownItem) -> CountdownTarget? { countdowns[countdown.name] ?? countdown.target }

    /// The countdowns as a reply reports them, in the configuration's order.
    var countdownReadings: [CountdownReading] {
        configuration.countdowns.map { CountdownReading(name: $0.name, target: target(of: $0)) }
    }

    /// What each countdown's cards show at `reading` (the clock's own zone's rules are `zone`), by name.
    func countdownFaces(at reading: ClockReading, zone: ZoneRules) -> [String: String?] {
        CountdownItem.faces(configuration.countdowns, targets: countdowns, at: reading, zone: zone)
    }

    /// Answers `countdown NAME to|since MOMENT` and `countdown NAME reset`.
    mutating func count(_ name: String, to target: CountdownTarget?) throws(ControlError) -> Outcome {
        guard let item = configuration.countdowns.first(where: { $0.name == name }) else {
            throw ControlError(.unknownCountdown, unknownName(name, kind: "countdown", known: configuration.countdowns.map(\.name)))
        }
        countdowns[name] = target
        let shown = self.target(of: item).map(\.description) ?? "none"
        return Outcome(
            reply: .countdowns(countdownReadings), change: .redraw, saves: true,
            note: Note(message: "countdown set", metadata: ["name": name, "target": shown]))
    }
}
