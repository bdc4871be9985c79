import FlipClockCore

/// A match counted in sets as a reply reports it: ``SetMatch/Standing/summary(under:)`` and
/// how many steps `point undo` can take back, `set=2 sets=1-0 games=3-2 points=30-15
/// serve=home undo=31`; the JSON form has each part.
public struct SetReading: Equatable, Sendable, CustomStringConvertible {
    public var summary: String
    public var set: Int
    public var sets: PerSide<Int>
    /// Tennis' games in the current set; `nil` in the other sports.
    public var games: PerSide<Int>?
    /// As the board shows them: `15`, `AD`, `7`.
    public var points: PerSide<String>
    public var serve: GameTeams.Team
    /// The finished sets' scores: `25-23`, `7-6(7-5)`.
    public var finished: [String]
    public var winner: GameTeams.Team?
    /// The timeouts each side has taken this set (or match); `nil` where the rules have none.
    public var timeouts: PerSide<Int>?
    public var undoable: Int

    public init(_ match: SetMatch) {
        let standing = match.standing
        summary = match.summary
        set = standing.set
        sets = standing.sets
        if case .tennis = match.rules.scoring { games = standing.games }
        points = standing.pointTexts(under: match.rules)
        serve = standing.server
        finished = standing.finishedSets.map(\.text)
        winner = standing.winner
        if match.rules.timeouts > 0 { timeouts = standing.timeouts }
        undoable = match.history.count
    }

    public var description: String { "\(summary) undo=\(undoable)" }

    var object: JSONValue {
        func pair<T>(_ p: PerSide<T>, _ value: (T) -> JSONValue) -> JSONValue { .object(["home": value(p.home), "away": value(p.away)]) }
        var o: [String: JSONValue] = [
            "set": .integer(set), "sets": pair(sets) { .integer($0) }, "points": pair(points) { .string($0) },
            "serve": .string(serve.rawValue), "finished": .array(finished.map { .string($0) }), "undo": .integer(undoable),
        ]
        if let games { o["games"] = pair(games) { .integer($0) } }
        if let winner { o["winner"] = .string(winner.rawValue) }
        if let timeouts { o["timeouts"] = pair(timeouts) { .integer($0) } }
        return .object(o)
    }
}
