/// Why an operator's action was refused; the message says what to do instead.
public enum GameError: Error, Equatable, Sendable, CustomStringConvertible {
    case over
    case outOfRange(String, Int64)
    case noShotClock
    case noPeriod(Int, of: Int)
    case notInPlay
    case tooManyPenalties(String)

    public var description: String {
        switch self {
        case .over: "the game is over: 'game new' starts another"
        case .outOfRange(let clock, let ms): "\(clock): \(GameClockText.typed(ms)) is out of range 0–99:59.9"
        case .noShotClock: "this game has no shot clock ([game.shot_clock] in the configuration)"
        case .noPeriod(let n, let periods): "no period \(n): the game has \(periods)"
        case .notInPlay: "no period is being played"
        case .tooManyPenalties(let team): "\(team) serves \(GameTeams.mostPenalties) penalties already; 'game penalty \(team) clear' clears them"
        }
    }
}
