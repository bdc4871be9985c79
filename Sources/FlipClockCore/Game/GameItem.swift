/// A game's clock, period or shot clock on the face: `[game]` in the configuration makes
/// the items `game`, `period` and (with `[game.shot_clock]`) `shot` that rows show.
public struct GameItem: Equatable, Sendable {
    public enum Part: String, CaseIterable, Sendable {
        /// The game clock (the break's between periods): `MM:SS`, or `SS.t` at the end.
        case clock = "game"
        /// The period, one card.
        case period
        /// The shot clock, two cards.
        case shot
        /// The possession arrow, one card: `«` home, `»` away.
        case possession
        /// The penalty each team serves that ends first, `M:SS` on three cards.
        case homePenalty = "home_penalty"
        case awayPenalty = "away_penalty"
    }

    public var part: Part
    public var label: String
    /// What it shows before a game's state is set: a new game's (`10:00`, `1`, `24`).
    public var start: String

    public init(_ part: Part, label: String, start: String) {
        self.part = part
        self.label = label
        self.start = start
    }

    public var name: String { part.rawValue }

    public var groups: [[FaceLayout.CardShape]] {
        let digit = FaceLayout.CardShape(aspect: TimeFormat.digitAspect)
        switch part {
        case .clock: return [[digit, digit], [digit, digit]]
        case .period, .possession: return [[digit]]
        case .shot: return [[digit, digit]]
        case .homePenalty, .awayPenalty: return [[digit], [digit, digit]]
        }
    }

    /// The cards for `text` (``GameClockText``; a period's number; `nil`: dark cards), always
    /// as many as the item has, right-aligned.
    ///
    /// `SS.t` on the game clock's four cards is the seconds, then the point on a card of its
    /// own and the tenth; on the shot clock's two, `4.` and `9`.
    public func values(_ text: String?) -> [String] {
        let count = groups.reduce(0) { $0 + $1.count }
        let cards: [String]
        switch (part, text) {
        case (_, nil):
            cards = []
        case (.clock, let text?):
            if let dot = text.firstIndex(of: ".") {
                let seconds = text[..<dot].map(String.init)
                cards = Array(repeating: "", count: max(0, 2 - seconds.count)) + seconds.suffix(2) + [".", String(text[text.index(after: dot)...])]
            } else {
                cards = text.map(String.init).filter { $0 != ":" }
            }
        case (.period, let text?), (.possession, let text?):
            cards = [text]
        case (.shot, let text?):
            if let dot = text.firstIndex(of: ".") {
                cards = [String(text[...dot]), String(text[text.index(after: dot)...])]
            } else {
                cards = text.map(String.init)
            }
        case (.homePenalty, let text?), (.awayPenalty, let text?):
            cards = text.map(String.init).filter { $0 != ":" }
        }
        return Array(repeating: "", count: max(0, count - cards.count)) + cards.suffix(count)
    }
}

/// `[game]`: the rules and the labels of its items.
public struct GameSettings: Equatable, Sendable {
    public var rules = GameRules()
    public var clockLabel = "TIME"
    public var periodLabel = "PERIOD"
    public var shotLabel = "SHOT CLOCK"
    /// `possession`: the item `possession` (the arrow) is there to show.
    public var possession = false
    public var possessionLabel = ""
    /// `penalties`: the items `home_penalty` and `away_penalty` are there to show.
    public var penalties = false
    public var penaltyLabel = "PENALTY"

    public init() {}

    /// The items rows can show.
    public var items: [GameItem] {
        let game = Game(rules: rules), now = WallInstant(unixSeconds: 0)
        return [GameItem(.clock, label: clockLabel, start: game.clockText(at: now)), GameItem(.period, label: periodLabel, start: "1")]
            + (rules.shotClock == nil ? [] : [GameItem(.shot, label: shotLabel, start: game.shotText(at: now) ?? "")])
            + (possession ? [GameItem(.possession, label: possessionLabel, start: "")] : [])
            + (penalties ? [GameItem(.homePenalty, label: penaltyLabel, start: ""), GameItem(.awayPenalty, label: penaltyLabel, start: "")] : [])
    }
}
