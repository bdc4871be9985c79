/// `[sets]`: a sport counted in points and sets (``SetRules``), who serves first, and the
/// labels of its items.
public struct SetSettings: Equatable, Sendable {
    /// The sports `sport` names, with their rules at their usual length.
    public enum Sport: String, CaseIterable, Sendable {
        case volleyball
        case beachVolleyball = "beach_volleyball"
        case tennis
        case badminton
        case tableTennis = "table_tennis"
        case squash

        /// The sport's rules, best of `bestOf` (its usual with `nil`); tennis `noAd` and with a
        /// `matchTieBreak`.
        public func rules(bestOf: Int?, noAd: Bool, matchTieBreak: Bool) -> SetRules {
            var rules: SetRules =
                switch self {
                case .volleyball: .volleyball
                case .beachVolleyball: .beachVolleyball
                case .tennis: .tennis(bestOf: bestOf ?? 3, noAd: noAd, matchTieBreak: matchTieBreak)
                case .badminton: .badminton
                case .tableTennis: .tableTennis(bestOf: bestOf ?? 5)
                case .squash: .squash
                }
            if let bestOf { rules.bestOf = bestOf }
            return rules
        }
    }

    public var sport = Sport.volleyball
    public var rules = SetRules.volleyball
    /// The side that serves the match's first point (the toss); `point new away` changes it.
    public var firstServer = GameTeams.Team.home
    /// The points' labels: the sides' names.
    public var homeLabel = "HOME"
    public var awayLabel = "GUESTS"
    public var gamesLabel = "GAMES"
    public var setsLabel = "SETS"
    public var serveLabel = ""
    /// A set's column: `SET 1`, `SET 2`, … (the number alone when empty).
    public var setLabel = "SET"

    public init() {}

    /// The items rows can show: each side's points (labelled with its name), sets, serve and
    /// sets' scores (one a set the match can have), and in tennis its games.
    public var items: [SetItem] {
        var parts: [(SetItem.Part, String?)] = [(.points, nil)]
        if case .tennis = rules.scoring { parts.append((.games, gamesLabel)) }
        parts += [(.sets, setsLabel), (.serve, serveLabel)]
        parts += (1...max(1, rules.bestOf)).map { (.set($0), setLabel.isEmpty ? "\($0)" : "\(setLabel) \($0)") }
        return GameTeams.Team.allCases.flatMap { side in
            parts.map { SetItem(side, $0.0, label: $0.1 ?? (side == .home ? homeLabel : awayLabel)) }
        }
    }

    /// What the items show for `standing`, by name (`nil`: dark cards).
    public func faces(_ standing: SetMatch.Standing) -> [String: String?] {
        var faces: [String: String?] = [:]
        let points = standing.pointTexts(under: rules)
        let tennis = if case .tennis = rules.scoring { true } else { false }
        for item in items {
            let side = item.side
            switch item.part {
            case .points: faces[item.name] = standing.isOver ? nil : points[side]
            case .games: faces[item.name] = "\(standing.games[side])"
            case .sets: faces[item.name] = "\(standing.sets[side])"
            case .serve: faces[item.name] = standing.isOver || standing.server != side ? "" : SetItem.serveMark
            case .set(let n):
                if n <= standing.finishedSets.count {
                    let score = standing.finishedSets[n - 1]
                    faces[item.name] = "\(side == .home ? score.home : score.away)"
                } else {
                    faces[item.name] = tennis && n == standing.set && !standing.isOver ? "\(standing.games[side])" : nil
                }
            }
        }
        return faces
    }
}
