import FlipClockCore

/// A game as the state file keeps it: its clocks' milliseconds and the instants they were
/// started, in seconds since 1970 (`{"period":2,"phase":"play","clock":{"ms":431200,"since":1795000000.25},…}`),
/// and the rules it was played under, so a game is only taken back under the same rules.
public struct SavedGame: Codable, Equatable, Sendable {
    struct Clock: Codable, Equatable, Sendable {
        var ms: Int64
        var since: Double?
    }

    var rules: String
    var period: Int
    var phase: String
    var clock: Clock
    var shot: Clock?
    var lengthSounded: Bool
    var possession: String?
    /// Each penalty served: `{"team":"home","ms":92000,"since":1795000000.25}`.
    var penalties: [Penalty]?

    struct Penalty: Codable, Equatable, Sendable {
        var team: String
        var ms: Int64
        var since: Double?
    }

    init(_ game: Game) {
        rules = game.rules.summary
        period = game.period
        phase = game.phase.rawValue
        func saved(_ c: RunningClock) -> Clock { Clock(ms: c.base, since: c.since?.secondsSince1970) }
        clock = saved(game.clock)
        shot = game.shot.map(saved)
        lengthSounded = game.lengthSounded
        possession = game.teams.possession?.rawValue
        let penalties = game.teams.penalties.map { Penalty(team: $0.team.rawValue, ms: $0.clock.base, since: $0.clock.since?.secondsSince1970) }
        self.penalties = penalties.isEmpty ? nil : penalties
    }

    /// Why it cannot be what the daemon saved at about `now`; `nil` if it can be.
    func problem(now: WallInstant) -> String? {
        guard (1...99).contains(period), Game.Phase(rawValue: phase) != nil else { return "game: period \(period) \(phase) is not a game's" }
        if let possession, GameTeams.Team(rawValue: possession) == nil { return "game: possession \(possession) is not home or away" }
        let penalties = penalties ?? []
        guard penalties.count <= 2 * GameTeams.mostPenalties else { return "game: \(penalties.count) penalties, over \(2 * GameTeams.mostPenalties)" }
        for p in penalties {
            guard GameTeams.Team(rawValue: p.team) != nil, (0...GameTeams.longestPenalty).contains(p.ms) else {
                return "game: a penalty of \(p.ms) ms for \(p.team) is not one a request could make"
            }
        }
        let all = [("clock", clock), ("shot", shot)] + penalties.map { ("penalty", Clock(ms: $0.ms, since: $0.since)) }
        for (name, c) in all {
            guard let c else { continue }
            guard (0...RunningClock.longest).contains(c.ms) else { return "game: \(name) at \(c.ms) ms, not 0...\(RunningClock.longest)" }
            if let since = c.since, !(since.isFinite && abs(since - now.secondsSince1970) <= 366 * 86400) {
                return "game: \(name) running since \(since), not within a year of now (\(now.unixSeconds))"
            }
        }
        return nil
    }

    /// The game, if it was played under `rules` (checked first by ``problem(now:)``).
    public func game(under rules: GameRules) -> Game? {
        guard rules.summary == self.rules, let phase = Game.Phase(rawValue: phase) else { return nil }
        func running(_ c: Clock, _ direction: RunningClock.Direction) -> RunningClock {
            RunningClock(direction, milliseconds: c.ms, since: c.since.map { WallInstant(secondsSince1970: $0) })
        }
        let clockDirection: RunningClock.Direction = phase == .break ? .down : rules.direction
        let teams = GameTeams(
            possession: possession.flatMap(GameTeams.Team.init(rawValue:)),
            penalties: (penalties ?? []).compactMap { p in
                GameTeams.Team(rawValue: p.team).map { GameTeams.Penalty(team: $0, clock: running(Clock(ms: p.ms, since: p.since), .down)) }
            })
        return Game(
            rules: rules, period: period, phase: phase, clock: running(clock, clockDirection), shot: shot.map { running($0, .down) },
            lengthSounded: lengthSounded, teams: teams)
    }

    /// Clocks started more than ``StateFile/slack`` after `now` (seconds since 1970) taken as
    /// started now; what was, said.
    mutating func bound(now: Double) -> [String] {
        var notes: [String] = []
        func bounded(_ name: String, _ since: Double?) -> Double? {
            guard let since, since > now + StateFile.slack else { return since }
            notes.append("game: \(name) running since \(since), after now (\(now)); taken as started now")
            return now
        }
        clock.since = bounded("clock", clock.since)
        if let s = shot { shot?.since = bounded("shot", s.since) }
        penalties = penalties?.map { p in
            var p = p
            p.since = bounded("penalty", p.since)
            return p
        }
        return notes
    }
}
