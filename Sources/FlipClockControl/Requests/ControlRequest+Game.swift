import FlipClockCore

/// What a `game` request asks: an operator's action on the match's clocks, or to take the
/// last action back.
public enum GameCommand: Equatable, Sendable {
    case act(GameAction)
    /// Takes back the last game or score change (several in a row, as far as they are kept).
    case undo
    /// A page of a match's record (the newest if `match` is `nil`): the entries from sequence
    /// number `from` on, at most ``RecordPage/size`` (`flipclockctl game record` reads them in turn).
    case record(match: Int?, from: Int)

    /// `game start|stop|toggle|end|new|undo`, `game set 12:00`, `game add -0.1`, `game shot [14]`,
    /// `game period 2`: the words after `game`.
    static func parse(_ words: [String]) throws(ControlError) -> GameCommand {
        let usage =
            "game takes start, stop, toggle, set TIME, add SECONDS, shot [SECONDS], period N, possession TEAM, penalty TEAM M:SS, end, new or undo"
        guard let verb = words.first else { throw ControlError(.syntax, usage) }
        let argument = words.count == 2 ? words[1] : nil
        if verb == "penalty" { return try penalty(Array(words.dropFirst())) }
        if verb == "record" { return try record(Array(words.dropFirst())) }
        guard words.count <= 2 else { throw ControlError(.syntax, "game \(verb) takes at most one argument") }
        let bare: [String: GameCommand] = [
            "start": .act(.start), "stop": .act(.stop), "toggle": .act(.toggle), "end": .act(.endPeriod), "new": .act(.newGame),
            "undo": .undo,
        ]
        if let command = bare[verb] {
            guard argument == nil else { throw ControlError(.syntax, "game \(verb) takes no argument") }
            return command
        }
        switch (verb, argument) {
        case ("set", let text?):
            guard let ms = GameClockText.parse(text) else {
                throw ControlError(.syntax, "\"\(text)\" is not a game clock time; write MM:SS, MM:SS.t or SS.t, up to 99:59.9")
            }
            return .act(.set(ms))
        case ("add", let text?):
            guard let ms = GameClockText.parse(text, signed: true) else {
                throw ControlError(.syntax, "\"\(text)\" is not a number of seconds; write 1, -1, 0.1 or -0.1")
            }
            return .act(.adjust(ms))
        case ("shot", nil):
            return .act(.shotReset(nil))
        case ("shot", let text?):
            guard let s = Int(text), (1...99).contains(s) else { throw ControlError(.syntax, "\"\(text)\" is not whole seconds 1...99") }
            return .act(.shotReset(s))
        case ("possession", let text?):
            switch text {
            case "home": return .act(.possession(.home))
            case "away": return .act(.possession(.away))
            case "none": return .act(.possession(nil))
            case "switch": return .act(.switchPossession)
            default: throw ControlError(.syntax, "game possession takes home, away, none or switch")
            }
        case ("period", let text?):
            guard let n = Int(text), (1...99).contains(n) else { throw ControlError(.syntax, "\"\(text)\" is not a period number") }
            return .act(.period(n))
        default:
            throw ControlError(.syntax, usage)
        }
    }

    /// `game penalty home 2:00`, `game penalty away clear`: the words after `penalty`.
    static func penalty(_ words: [String]) throws(ControlError) -> GameCommand {
        guard words.count == 2, let team = GameTeams.Team(rawValue: words[0]) else {
            throw ControlError(.syntax, "game penalty takes home or away, then M:SS or clear")
        }
        if words[1] == "clear" { return .act(.clearPenalties(team)) }
        guard let ms = GameClockText.parse(words[1]), ms > 0, ms <= GameTeams.longestPenalty else {
            throw ControlError(.syntax, "\"\(words[1])\" is not a penalty; write M:SS up to 9:59, such as 2:00")
        }
        return .act(.penalty(team, ms))
    }

    /// `game record`, `game record match 3 from 101`: the words after `record`.
    static func record(_ words: [String]) throws(ControlError) -> GameCommand {
        var match: Int?
        var from = 1
        var rest = words[...]
        while rest.count >= 2 {
            let (key, value) = (rest[rest.startIndex], rest[rest.startIndex + 1])
            guard let n = Int(value), n >= 1, n <= 1_000_000_000 else { throw ControlError(.syntax, "\"\(value)\" is not a number 1 or more") }
            switch key {
            case "match" where match == nil: match = n
            case "from" where from == 1: from = n
            default: throw ControlError(.syntax, "game record takes match K and from N")
            }
            rest = rest.dropFirst(2)
        }
        guard rest.isEmpty else { throw ControlError(.syntax, "game record takes match K and from N") }
        return .record(match: match, from: from)
    }

    /// The words after `game`, as ``parse(_:)`` reads them back.
    var words: String {
        switch self {
        case .undo: "undo"
        case .record(let match, let from): "record" + (match.map { " match \($0)" } ?? "") + (from == 1 ? "" : " from \(from)")
        case .act(let action):
            switch action {
            case .start: "start"
            case .stop: "stop"
            case .toggle: "toggle"
            case .endPeriod: "end"
            case .newGame: "new"
            case .set(let ms): "set \(GameClockText.typed(ms))"
            case .adjust(let ms): "add \(ms < 0 ? "-" : "")\(GameClockText.typed(abs(ms)))"
            case .shotReset(let s): s.map { "shot \($0)" } ?? "shot"
            case .period(let n): "period \(n)"
            case .possession(let team): "possession \(team?.rawValue ?? "none")"
            case .switchPossession: "possession switch"
            case .penalty(let team, let ms): "penalty \(team.rawValue) \(GameClockText.typed(ms))"
            case .clearPenalties(let team): "penalty \(team.rawValue) clear"
            }
        }
    }
}
