/// What the sports counted in points and sets differ in: how a set (a game, in table tennis,
/// badminton and squash) is won, how many make a match, who serves, when ends change, and
/// the timeouts.
///
/// A value with no behaviour of its own: ``SetMatch`` plays a match under it. The presets
/// follow each sport's rules for singles; what a preset leaves out is said at it.
public struct SetRules: Equatable, Sendable, Codable {
    /// The most sets a match has: a side wins with more than half of them (3, 5, 7).
    public var bestOf: Int
    /// How a set is played and counted.
    public var scoring: Scoring
    /// Timeouts a side may take in each set (or match; see ``timeoutsPer``); 0: none.
    public var timeouts: Int
    public var timeoutsPer: TimeoutSpan

    /// Rally scoring: every rally is a point, the points make the set. Tennis: points make
    /// games, games make sets.
    public enum Scoring: Equatable, Sendable, Codable {
        case rally(Rally)
        case tennis(Tennis)
    }

    public enum TimeoutSpan: String, Equatable, Sendable, Codable {
        case set, match
    }

    public init(bestOf: Int, scoring: Scoring, timeouts: Int = 0, timeoutsPer: TimeoutSpan = .set) {
        self.bestOf = bestOf
        self.scoring = scoring
        self.timeouts = timeouts
        self.timeoutsPer = timeoutsPer
    }

    /// The sets a side needs to win the match.
    public var setsToWin: Int { max(1, bestOf) / 2 + 1 }

    /// Whether set `n` (1-based) is the deciding one: the last a match can have.
    public func isDeciding(_ n: Int) -> Bool { n >= max(1, bestOf) }

    /// A set won by points alone (volleyball, badminton, table tennis, squash).
    public struct Rally: Equatable, Sendable, Codable {
        /// The points that win a set, and the deciding set's.
        public var points: Int
        public var decidingPoints: Int
        /// The lead a set is won by (2); at ``cap`` the next point wins whatever the lead.
        public var winBy: Int = 2
        /// The points that win a set whatever the lead (badminton's 30); `nil`: none.
        public var cap: Int?
        public var serve: Serve
        /// Who serves first in sets after the first.
        public var nextSetServer: NextSetServer
        /// Whether ends change after each set.
        public var endsAfterSet: Bool
        /// Whether a new toss chooses ends and the first server before the deciding set
        /// (volleyball): then no change of ends is shown before it, and the first server is
        /// the one ``nextSetServer`` gives until ``SetMatch/Action/serve(_:)`` records the toss's.
        public var tossBeforeDecidingSet = false
        /// Ends change each time the points played in a set reach a multiple of this, in the
        /// sets before the deciding one and in it (beach volleyball's 7 and 5); 0: never.
        public var endsEvery = 0
        public var decidingEndsEvery = 0
        /// Ends change in the deciding set when a side first reaches these points (8, 11, 5); 0: never.
        public var decidingEndsAt = 0

        public init(
            points: Int, decidingPoints: Int, winBy: Int = 2, cap: Int? = nil, serve: Serve, nextSetServer: NextSetServer,
            endsAfterSet: Bool
        ) {
            self.points = points
            self.decidingPoints = decidingPoints
            self.winBy = winBy
            self.cap = cap
            self.serve = serve
            self.nextSetServer = nextSetServer
            self.endsAfterSet = endsAfterSet
        }

        /// The points that win set `n` of a match under `rules`.
        func points(inSet n: Int, of rules: SetRules) -> Int { rules.isDeciding(n) ? decidingPoints : points }
    }

    /// Who serves a rally.
    public enum Serve: Equatable, Sendable, Codable {
        /// The side that won the last rally (the rally point system); the set's first server first.
        case winner
        /// Each side serves this many points in turn; from one point short of the set
        /// (10–10 in table tennis) on, each serves one.
        case turns(Int)
    }

    public enum NextSetServer: String, Equatable, Sendable, Codable {
        /// The side that did not serve first in the set before.
        case alternates
        /// The side that won the set before.
        case setWinner
    }

    /// Tennis' points, games and sets.
    public struct Tennis: Equatable, Sendable, Codable {
        /// The games that win a set, by two.
        public var games = 6
        /// At deuce the next point wins the game (no advantage).
        public var noAd = false
        /// A tie-break is played at these games all (6–6); `nil`: advantage sets.
        public var tieBreakAt: Int? = 6
        /// The points that win a tie-break, by two.
        public var tieBreakPoints = 7
        /// The deciding set is one tie-break to these points, by two (10); `nil`: a set.
        public var matchTieBreak: Int?
        /// Ends change in a tie-break each time its points reach a multiple of this.
        public var tieBreakEndsEvery = 6

        public init(noAd: Bool = false, matchTieBreak: Int? = nil) {
            self.noAd = noAd
            self.matchTieBreak = matchTieBreak
        }
    }
}

extension SetRules {
    /// The most points, games or sets a rule may name: a board shows two digits.
    public static let most = 99

    /// Why these rules cannot be played (a value out of its range, named by its key); `nil`
    /// if they can. A saved or configured match is checked with it where it enters.
    public var problem: String? {
        var bounds: [(String, Int, ClosedRange<Int>)] = [("best_of", bestOf, 1...9), ("timeouts", timeouts, 0...9)]
        switch scoring {
        case .rally(let rally):
            bounds += [
                ("points", rally.points, 1...Self.most), ("deciding_points", rally.decidingPoints, 1...Self.most),
                ("win_by", rally.winBy, 1...9), ("ends_every", rally.endsEvery, 0...Self.most),
                ("deciding_ends_every", rally.decidingEndsEvery, 0...Self.most), ("deciding_ends_at", rally.decidingEndsAt, 0...Self.most),
            ]
            // At least the points, kept within `most` (points past it are named first).
            if let cap = rally.cap { bounds.append(("cap", cap, min(max(rally.points, rally.decidingPoints), Self.most)...Self.most)) }
            if case .turns(let each) = rally.serve { bounds.append(("serve_turns", each, 1...9)) }
        case .tennis(let tennis):
            bounds += [
                ("games", tennis.games, 1...Self.most), ("tie_break_points", tennis.tieBreakPoints, 1...Self.most),
                ("tie_break_ends_every", tennis.tieBreakEndsEvery, 0...Self.most),
            ]
            if let at = tennis.tieBreakAt { bounds.append(("tie_break_at", at, 1...Self.most)) }
            if let points = tennis.matchTieBreak { bounds.append(("match_tie_break", points, 1...Self.most)) }
        }
        for (key, value, range) in bounds where !range.contains(value) {
            return "\(key) \(value) is out of range \(range.lowerBound)–\(range.upperBound)"
        }
        return bestOf % 2 == 1 ? nil : "best_of \(bestOf) is even: a match is best of an odd number of sets"
    }
}
