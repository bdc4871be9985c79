import FlipClockCore

extension SetMatch {
    /// Records actions written as the state file's letters (``SetMatch/Action/letter``):
    /// `h` and `a` points, `H` and `A` timeouts, `<` and `>` serves; spaces ignored.
    mutating func play(_ actions: String) throws(SetError) {
        for c in actions where c != " " {
            guard let action = Action(letter: c) else { fatalError("no action \(c)") }
            try record(action)
        }
    }

    /// Records `n` points for each side in turn, home first: `rally(24)` makes 24 all.
    mutating func rally(_ n: Int) throws(SetError) {
        try play(String(repeating: "ha", count: n))
    }

    /// The servers of the next points as letters, each point won by `points`' letter.
    mutating func servers(_ points: String) throws(SetError) -> String {
        var servers = ""
        for c in points where c != " " {
            servers += standing.server == .home ? "h" : "a"
            try play(String(c))
        }
        return servers
    }

    var setTexts: [String] { standing.finishedSets.map(\.text) }
}

/// `n` games won by `side` in a row, to love.
func games(_ n: Int, _ side: Character) -> String { String(repeating: side, count: 4 * n) }
