/// Why a point, a timeout or an undo was refused; the message says what to do instead.
public enum SetError: Error, Equatable, Sendable, CustomStringConvertible {
    case over
    case noTimeouts
    case noTimeoutLeft(GameTeams.Team, Int, SetRules.TimeoutSpan)
    case historyFull
    case nothingToUndo

    public var description: String {
        switch self {
        case .over: "the match is over: undo takes its last point back"
        case .noTimeouts: "these rules have no timeouts"
        case .noTimeoutLeft(let side, let n, let span):
            "\(side.rawValue) has taken its \(n) timeout\(n == 1 ? "" : "s") this \(span.rawValue)"
        case .historyFull:
            "the match keeps at most \(SetMatch.longestHistory) points and timeouts: a new match starts another"
        case .nothingToUndo: "nothing to undo: the match has no points yet"
        }
    }
}
