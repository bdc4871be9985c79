/// A match counted in points and sets, and its one owner: the history of what happened.
///
/// Everything the board shows is derived by playing the history again under the rules (a
/// fold, kept as ``standing``), so an undo drops the last action and crosses a game's, a
/// set's and the match's end by itself. A value with no I/O; the daemon keeps it in its
/// state file (``Codable``: the rules, the first server and the history as one letter an
/// action, checked again as they are read).
public struct SetMatch: Equatable, Sendable {
    public typealias Side = GameTeams.Team

    /// What an operator records.
    public enum Action: Equatable, Sendable {
        /// A side won a rally (a point).
        case point(Side)
        case timeout(Side)
        /// A side serves next: a toss's (before a deciding set) or a correction. The serve's
        /// order turns with it (the games', the turns'); under the rally point system, once
        /// the set has points, the next point's winner serves as before.
        case serve(Side)
    }

    public let rules: SetRules
    /// The side that serves the match's first point (the toss).
    public let firstServer: Side
    /// Every action recorded, in order; at most ``longestHistory``.
    public private(set) var history: [Action] = []
    /// What the history comes to: the board.
    public private(set) var standing: Standing

    /// The most actions a match keeps: a tennis match's five sets are well under 1000 points.
    public static let longestHistory = 2000

    /// A new match: no points yet, `firstServer` to serve.
    public init(rules: SetRules, firstServer: Side) {
        self.rules = rules
        self.firstServer = firstServer
        standing = Standing(rules: rules, firstServer: firstServer)
    }

    /// A match as it was saved: its history recorded again, each action checked as it was.
    public init(rules: SetRules, firstServer: Side, history: [Action]) throws(SetError) {
        self.init(rules: rules, firstServer: firstServer)
        for action in history { try record(action) }
    }

    /// The current game's points as the board shows them: ``Standing/pointTexts(under:)``.
    public var pointTexts: PerSide<String> { standing.pointTexts(under: rules) }

    /// The standing in one line for the log and the replies: ``Standing/summary(under:)``.
    public var summary: String { standing.summary(under: rules) }

    /// Records a point, a timeout or who serves; refused after the match's end, past a timeout's
    /// allowance, and past ``longestHistory``.
    public mutating func record(_ action: Action) throws(SetError) {
        guard history.count < Self.longestHistory else { throw .historyFull }
        var next = standing
        try next.apply(action, under: rules)
        standing = next
        history.append(action)
    }

    /// Takes the last action back. The standing's ``Standing/events`` are then the action's
    /// now last: the caller that undid shows none of them.
    public mutating func undo() throws(SetError) {
        guard !history.isEmpty else { throw .nothingToUndo }
        history.removeLast()
        standing = Self.play(history, under: rules, firstServer: firstServer)
    }

    /// What `history` comes to. Every action in it was accepted under the same rules in this
    /// order, so none is refused now.
    static func play(_ history: [Action], under rules: SetRules, firstServer: Side) -> Standing {
        var standing = Standing(rules: rules, firstServer: firstServer)
        for action in history { try? standing.apply(action, under: rules) }
        return standing
    }
}

extension SetMatch: Codable {
    private enum CodingKeys: String, CodingKey {
        case rules, firstServer, history
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rules, forKey: .rules)
        try container.encode(firstServer, forKey: .firstServer)
        try container.encode(String(history.map(\.letter)), forKey: .history)
    }

    /// A saved match: rules out of range (``SetRules/problem``) make it unreadable, and its
    /// history is recorded again: an action the rules refuse (a point after the match's
    /// end) makes it unreadable too, named by its place in the history.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let rules = try container.decode(SetRules.self, forKey: .rules)
        if let problem = rules.problem {
            throw DecodingError.dataCorruptedError(forKey: .rules, in: container, debugDescription: "rules: \(problem)")
        }
        let firstServer = try container.decode(Side.self, forKey: .firstServer)
        let history = try container.decode(String.self, forKey: .history)
        func refused(_ why: String) -> DecodingError {
            DecodingError.dataCorruptedError(forKey: .history, in: container, debugDescription: why)
        }
        // Every action is one ASCII letter: a longer history is refused unread.
        guard history.utf8.count <= Self.longestHistory else {
            throw refused("history: \(history.utf8.count) bytes, over the \(Self.longestHistory) actions a match keeps")
        }
        self.init(rules: rules, firstServer: firstServer)
        for (k, letter) in history.enumerated() {
            guard let action = Action(letter: letter) else {
                throw refused("history[\(k)]: \(Self.shown(letter)) is not h, a (a point), H, A (a timeout), <, > (a serve)")
            }
            do throws(SetError) {
                try record(action)
            } catch {
                throw refused("history[\(k)]: \(error.description)")
            }
        }
    }

    /// A letter as an error names it: quoted if printable ASCII, else its first code point.
    private static func shown(_ letter: Character) -> String {
        if let ascii = letter.asciiValue, (0x21..<0x7f).contains(ascii) { return "'\(letter)'" }
        let scalar = letter.unicodeScalars.first?.value ?? 0
        let hex = String(scalar, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

extension SetMatch.Action {
    /// The action as the state file keeps it, one letter: `h` and `a` a point for home and
    /// away, `H` and `A` a timeout, `<` and `>` a serve (home is on the left).
    public var letter: Character {
        switch self {
        case .point(let side): side == .home ? "h" : "a"
        case .timeout(let side): side == .home ? "H" : "A"
        case .serve(let side): side == .home ? "<" : ">"
        }
    }

    /// The action a letter stands for; `nil` if none.
    public init?(letter: Character) {
        switch letter {
        case "h": self = .point(.home)
        case "a": self = .point(.away)
        case "H": self = .timeout(.home)
        case "A": self = .timeout(.away)
        case "<": self = .serve(.home)
        case ">": self = .serve(.away)
        default: return nil
        }
    }
}

extension GameTeams.Team: Codable {}

extension GameTeams.Team {
    /// The other side.
    public var other: Self { self == .home ? .away : .home }
}
