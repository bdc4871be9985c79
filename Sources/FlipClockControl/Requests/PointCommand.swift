import FlipClockCore

/// What a `point` request asks of a match counted in sets (`[sets]`): a point or a timeout
/// for a side, who serves next, the last of them taken back, or a new match.
public enum PointCommand: Equatable, Sendable {
    case point(GameTeams.Team)
    case timeout(GameTeams.Team)
    /// The side that serves next: the toss before a deciding set, or a correction.
    case serve(GameTeams.Team)
    /// Takes back the last point or timeout, across a game's, a set's and the match's end.
    case undo
    /// A new match, no points yet: `firstServer` serves first (the configuration's when `nil`).
    case new(firstServer: GameTeams.Team?)

    static let usage = "point takes home, away, undo, timeout home|away, serve home|away, or new [home|away] (who serves first)"

    /// `point home`, `point undo`, `point timeout away`, `point new [home]`: the words after `point`.
    public static func parse(_ words: [String]) throws(ControlError) -> PointCommand {
        func side(_ word: String) -> GameTeams.Team? { GameTeams.Team(rawValue: word) }
        switch words.count {
        case 1:
            if let team = side(words[0]) { return .point(team) }
            if words[0] == "undo" { return .undo }
            if words[0] == "new" { return .new(firstServer: nil) }
        case 2:
            if words[0] == "timeout", let team = side(words[1]) { return .timeout(team) }
            if words[0] == "serve", let team = side(words[1]) { return .serve(team) }
            if words[0] == "new", let team = side(words[1]) { return .new(firstServer: team) }
        default:
            break
        }
        throw ControlError(.syntax, usage)
    }

    /// The words after `point`, as ``parse(_:)`` reads them back.
    var words: String {
        switch self {
        case .point(let team): team.rawValue
        case .timeout(let team): "timeout \(team.rawValue)"
        case .serve(let team): "serve \(team.rawValue)"
        case .undo: "undo"
        case .new(let server): "new" + (server.map { " \($0.rawValue)" } ?? "")
        }
    }
}
