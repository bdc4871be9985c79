import FlipClockControl
import FlipClockCore

extension ClockState {
    /// How many operator changes `game undo` can take back.
    static let undoLevels = 20

    /// The game for `settings`: the saved one while its rules are the configuration's, else
    /// a new one; `nil` without `[game]`.
    static func game(for settings: GameSettings?, saved: Game?) -> Game? {
        guard let settings else { return nil }
        if let saved, saved.rules == settings.rules { return saved }
        return Game(rules: settings.rules)
    }

    /// Keeps what the game and scores were before an operator change, for `game undo`.
    mutating func remember(_ before: (game: Game?, scores: [String: Int])) {
        guard game != nil else { return }
        undoable.append(before)
        if undoable.count > Self.undoLevels { undoable.removeFirst(undoable.count - Self.undoLevels) }
    }

    /// Makes what happened by itself in the game up to `now` (a clock at zero, a break over):
    /// each thing with the game just before it (for the match record); the horns to sound are
    /// those not over ``Game/hornLateness`` late.
    mutating func advanceGame(to now: WallInstant) -> [(event: GameEvent, before: Game)] {
        guard var g = game else { return [] }
        var happened: [(event: GameEvent, before: Game)] = []
        while true {
            let before = g
            guard let event = g.nextHappening(until: now) else { break }
            happened.append((event, before))
        }
        game = g
        return happened
    }

    /// What the game's items show at `now`, by name (`nil`: dark cards).
    func gameFaces(at now: WallInstant) -> [String: String?] {
        guard let game else { return setFaces }
        var faces: [String: String?] = ["game": game.clockText(at: now), "period": "\(game.period)"]
        if game.rules.shotClock != nil { faces["shot"] = game.shotText(at: now) }
        faces["possession"] = game.teams.possessionText
        faces["home_penalty"] = game.teams.penaltyText(.home, at: now)
        faces["away_penalty"] = game.teams.penaltyText(.away, at: now)
        return faces
    }

    /// Answers a `game` request at `now`.
    mutating func answer(_ command: GameCommand, at now: WallInstant) throws(ControlError) -> Outcome {
        guard var g = game else {
            throw ControlError(.state, "this clock has no game: add [game] to the configuration (Config/presets/ has one for each sport)")
        }
        let before = (game, board.values)
        switch command {
        case .record:
            // The loop answers it from the record's folder.
            throw ControlError(.state, "this clock keeps no match record")
        case .undo:
            guard let last = undoable.popLast() else { throw ControlError(.state, "nothing to undo") }
            // The game as it was, run on to now: what it did by itself since happens again,
            // silently (its horns have sounded).
            if var restored = last.game.flatMap({ Self.game(for: configuration.game, saved: $0) }) {
                _ = restored.advance(to: now)
                game = restored
            }
            restore(scores: last.scores)
            return Outcome(reply: .game(reading(of: game ?? g, at: now)), change: .scores(board.values), saves: true)
        case .act(let action):
            do { try g.apply(action, at: now) } catch { throw ControlError(.state, error.description) }
            game = g
            remember(before)
            return Outcome(reply: .game(reading(of: g, at: now)), change: .redraw, saves: true)
        }
    }

    /// `game` (the one played) as a reply reports it at `now`.
    func reading(of game: Game, at now: WallInstant) -> GameReading {
        GameReading(
            period: game.period, phase: game.phase.rawValue, clock: game.clockText(at: now), shot: game.shotText(at: now),
            running: game.isRunning, undoable: undoable.count, resets: game.rules.shotClock?.resets ?? [],
            possession: game.teams.possession?.rawValue,
            penalties: GameTeams.Team.allCases.compactMap { team in game.teams.penaltyText(team, at: now).map { "\(team.rawValue) \($0)" } },
            count: Self.count(of: game, at: now))
    }

    /// `game`'s clocks as a page counts them on from `now`.
    static func count(of game: Game, at now: WallInstant) -> GameCount {
        func counting(_ clock: RunningClock) -> GameCount.Counting {
            clock.isRunning ? (clock.direction == .down ? .down : .up) : .stopped
        }
        return GameCount(
            clockMilliseconds: game.clock.milliseconds(at: now), clockCounting: counting(game.clock), tenthsBelow: game.clockTenthsBelow,
            shotMilliseconds: game.shot?.milliseconds(at: now), shotCounting: game.shot.map(counting) ?? .stopped,
            shotTenthsBelow: game.rules.shotClock?.tenthsBelow, at: now)
    }
}
