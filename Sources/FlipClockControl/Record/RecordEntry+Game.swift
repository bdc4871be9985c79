import FlipClockCore

extension RecordEntry {
    /// What the game did by itself, as the record says it: `period 2 ended`, `break ended`,
    /// `period 1 length reached` (a clock that counts up), `shot clock expired`; `before` is
    /// the game just before it.
    public static func change(_ event: GameEvent, before: Game) -> String {
        switch event {
        case .horn(.game, _) where before.rules.direction == .down: "period \(before.period) ended"
        case .horn(.game, _): "period \(before.period) length reached"
        case .horn(.break, _): "break ended"
        case .horn(.shot, _): "shot clock expired"
        }
    }

    /// The instant `event` happened at.
    public static func instant(of event: GameEvent) -> WallInstant {
        switch event {
        case .horn(_, let at): at
        }
    }
}
