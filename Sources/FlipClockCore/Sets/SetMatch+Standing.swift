extension SetMatch {
    /// What the board shows of a match: the fold of its history.
    public struct Standing: Equatable, Sendable {
        /// The current set's points; in tennis the current game's (a tie-break's in one).
        public internal(set) var points = PerSide(0, 0)
        /// The current set's games (tennis; 0 in the other sports).
        public internal(set) var games = PerSide(0, 0)
        /// The sets each side has won.
        public internal(set) var sets = PerSide(0, 0)
        /// The finished sets' scores, in order.
        public internal(set) var finishedSets: [SetScore] = []
        /// The side serving the next point.
        public internal(set) var server: Side
        /// Timeouts taken this set (this match, when the rules count them a match).
        public internal(set) var timeouts = PerSide(0, 0)
        /// Whether the current game is a tie-break (tennis).
        public internal(set) var inTieBreak = false
        /// The side that won the match; `nil` while it is played.
        public internal(set) var winner: Side?
        /// What the last action in the history made happen besides its point, in order:
        /// empty, or the game, set or match it won, then a change of ends; or a timeout.
        public internal(set) var events: [Event] = []
        /// The side that served (tennis: will serve) the current set's first point.
        var setServer: Side

        init(firstServer: Side) {
            server = firstServer
            setServer = firstServer
        }

        public var isOver: Bool { winner != nil }

        /// The set being played (1-based); after the match's end, its last.
        public var set: Int { finishedSets.count + (isOver ? 0 : 1) }
    }

    /// A finished set: its points (tennis: its games), and a tennis tie-break's points.
    public struct SetScore: Equatable, Sendable {
        public var home: Int
        public var away: Int
        public var tieBreak: PerSide<Int>?

        public init(_ home: Int, _ away: Int, tieBreak: PerSide<Int>? = nil) {
            self.home = home
            self.away = away
            self.tieBreak = tieBreak
        }

        /// `25-23`, `7-6(7-5)`.
        public var text: String {
            "\(home)-\(away)" + (tieBreak.map { "(\($0.home)-\($0.away))" } ?? "")
        }
    }

    /// What a point or a timeout made happen, for the board to say.
    public enum Event: Equatable, Sendable {
        /// A tennis game won, the set going on.
        case gameWon(Side)
        /// A set won, the match going on.
        case setWon(Side)
        case matchWon(Side)
        /// The sides change ends now.
        case changeEnds
        case timeout(Side)
    }
}

/// Two values, home's and away's.
public struct PerSide<Value: Equatable & Sendable>: Equatable, Sendable {
    public var home: Value
    public var away: Value

    public init(_ home: Value, _ away: Value) {
        self.home = home
        self.away = away
    }

    public subscript(side: GameTeams.Team) -> Value {
        get { side == .home ? home : away }
        set {
            if side == .home { home = newValue } else { away = newValue }
        }
    }
}

extension SetMatch.Standing {
    /// The current game's points as the board shows them: numbers, or in a tennis game
    /// `0`, `15`, `30`, `40` and `AD` (deuce is 40 all).
    public func pointTexts(under rules: SetRules) -> PerSide<String> {
        guard case .tennis = rules.scoring, !inTieBreak else { return PerSide("\(points.home)", "\(points.away)") }
        let calls = ["0", "15", "30", "40"]
        let (h, a) = (points.home, points.away)
        if h >= 3, a >= 3 { return PerSide(h > a ? "AD" : "40", a > h ? "AD" : "40") }
        return PerSide(calls[min(h, 3)], calls[min(a, 3)])
    }

    /// The standing in one line for the log and the replies:
    /// `set=2 sets=1-0 games=3-2 points=30-15 serve=home timeouts=1-0`, `sets=2-1 won=home`.
    public func summary(under rules: SetRules) -> String {
        var words = ["set=\(set)", "sets=\(sets.home)-\(sets.away)"]
        if let winner { return (words + ["won=\(winner.rawValue)"]).joined(separator: " ") }
        if case .tennis = rules.scoring { words.append("games=\(games.home)-\(games.away)") }
        let shown = pointTexts(under: rules)
        words += ["points=\(shown.home)-\(shown.away)" + (inTieBreak ? " tiebreak" : ""), "serve=\(server.rawValue)"]
        if rules.timeouts > 0 { words.append("timeouts=\(timeouts.home)-\(timeouts.away)") }
        return words.joined(separator: " ")
    }
}
