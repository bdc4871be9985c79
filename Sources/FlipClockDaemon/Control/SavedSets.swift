import FlipClockCore

/// A match counted in sets as the state file keeps it: its rules, who served first, and its
/// history as one letter an action (`h` a point for home, `a` for away, `H` and `A` their
/// timeouts): `{"rules":{…},"first_server":"home","history":"hhaHah"}`. Taken back only under
/// the same rules, each action recorded again as it was.
public struct SavedSets: Codable, Equatable, Sendable {
    var rules: SetRules
    var firstServer: GameTeams.Team
    var history: String

    enum CodingKeys: String, CodingKey {
        case rules, history
        case firstServer = "first_server"
    }

    static let letters: [Character: SetMatch.Action] = ["h": .point(.home), "a": .point(.away), "H": .timeout(.home), "A": .timeout(.away)]

    init(_ match: SetMatch) {
        rules = match.rules
        firstServer = match.firstServer
        history = String(
            match.history.map { action in
                switch action {
                case .point(let side): side == .home ? "h" : "a"
                case .timeout(let side): side == .home ? "H" : "A"
                }
            })
    }

    /// Why the history cannot be a match's: too long, a letter that is no action, or an
    /// action the rules refuse (a point after the match's end), named by its place.
    func match() -> Result<SetMatch, SetsProblem> {
        guard history.utf8.count <= SetMatch.longestHistory else {
            return .failure(SetsProblem(description: "history of \(history.utf8.count) actions; a match keeps at most \(SetMatch.longestHistory)"))
        }
        var match = SetMatch(rules: rules, firstServer: firstServer)
        for (k, letter) in history.enumerated() {
            guard let action = Self.letters[letter] else {
                return .failure(SetsProblem(description: "history[\(k)]: \"\(letter)\" is not h, a, H or A"))
            }
            do throws(SetError) {
                try match.record(action)
            } catch {
                return .failure(SetsProblem(description: "history[\(k)]: \(error.description)"))
            }
        }
        return .success(match)
    }

    struct SetsProblem: Error, CustomStringConvertible {
        var description: String
    }
}
