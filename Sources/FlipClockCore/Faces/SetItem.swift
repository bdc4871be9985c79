/// A side's points, games, sets, serve or one set's score on the face: `[sets]` makes the
/// items (`home_points`, `away_sets`, `home_set_2`, …) that rows show.
public struct SetItem: Equatable, Sendable {
    public enum Part: Equatable, Sendable {
        /// The current set's points (a tennis game's: `15`, `AD`), two cards.
        case points
        /// The current set's games (tennis), one card.
        case games
        /// The sets won, one card.
        case sets
        /// ``serveMark`` on the side that serves, one card.
        case serve
        /// Set `n`'s score (1-based), two cards: dark until it is played; tennis shows the
        /// current set's games in it.
        case set(Int)
    }

    public var side: GameTeams.Team
    public var part: Part
    public var label: String

    /// What the serving side's serve item shows.
    public static let serveMark = "•"

    public init(_ side: GameTeams.Team, _ part: Part, label: String) {
        self.side = side
        self.part = part
        self.label = label
    }

    /// `home_points`, `away_games`, `home_sets`, `away_serve`, `home_set_1`.
    public var name: String {
        let what =
            switch part {
            case .points: "points"
            case .games: "games"
            case .sets: "sets"
            case .serve: "serve"
            case .set(let n): "set_\(n)"
            }
        return "\(side.rawValue)_\(what)"
    }

    public var groups: [[FaceLayout.CardShape]] {
        let digit = FaceLayout.CardShape(aspect: TimeFormat.digitAspect)
        switch part {
        case .points, .set: return [[digit, digit]]
        case .games, .sets, .serve: return [[digit]]
        }
    }

    /// The cards for `text` (`nil`: dark cards), right-aligned: `AD` on two cards, `7` on the
    /// second of two.
    public func values(_ text: String?) -> [String] {
        let count = groups.reduce(0) { $0 + $1.count }
        let cards = text.map { $0.map(String.init) } ?? []
        return Array(repeating: "", count: max(0, count - cards.count)) + cards.suffix(count)
    }
}
