/// A match's clocks and their one owner: the period, the game clock (or the break's), and
/// the shot clock, as the rules run them.
///
/// A value with no I/O: an operator's action goes in with its instant (``apply(_:at:)``);
/// time goes in through ``advance(to:)``, which makes what happens by itself (a clock
/// reaching zero stops, the horn sounds, a break starts and ends) and returns it as events.
/// Each of those happens once: it changes the state, and the state is what is saved.
public struct Game: Equatable, Sendable {
    public enum Phase: String, Sendable {
        /// A period, its clock running or stopped.
        case play
        /// The break after a period: its own clock counts down by itself.
        case `break`
        /// After the last period.
        case over
    }

    public let rules: GameRules
    /// The period being played, or the one just played during its break (1-based).
    public private(set) var period: Int
    public private(set) var phase: Phase
    /// The period's clock in play; the break's in a break.
    public private(set) var clock: RunningClock
    /// The shot clock, if the rules have one; it runs only while the game clock runs.
    public private(set) var shot: RunningClock?
    /// Whether an up clock's horn at the period's length has sounded this period.
    public private(set) var lengthSounded = false
    /// The possession arrow and the penalties being served.
    public private(set) var teams = GameTeams()

    /// How late a horn may sound: a zero passed longer ago (the daemon was down) is not sounded.
    public static let hornLateness: Duration = .seconds(3)

    /// A new game: period 1, its clock stopped at the start.
    public init(rules: GameRules) {
        self.rules = rules
        period = 1
        phase = .play
        clock = RunningClock(rules.direction, milliseconds: rules.start(ofPeriod: 1))
        shot = rules.shotClock.map(\.full)
    }

    /// A game as it was saved.
    public init(
        rules: GameRules, period: Int, phase: Phase, clock: RunningClock, shot: RunningClock?, lengthSounded: Bool, teams: GameTeams = GameTeams()
    ) {
        self.teams = teams
        self.rules = rules
        self.period = max(1, period)
        self.phase = phase
        self.clock = clock
        self.shot = rules.shotClock.map { shot ?? $0.full }
        self.lengthSounded = lengthSounded
    }

    public var isRunning: Bool { phase == .play && clock.isRunning }

    /// Makes what happens by itself up to `now`, in order, and returns it.
    public mutating func advance(to now: WallInstant) -> [GameEvent] {
        var events: [GameEvent] = []
        while let event = nextHappening(until: now) {
            if case .horn(_, let at) = event, now - at > Self.hornLateness { continue }
            events.append(event)
        }
        return events
    }

    /// The first thing that happens by itself at or before `now`, made; `nil` if none does.
    /// ``advance(to:)`` is these in turn, late horns left out; the match record takes each
    /// with the game as it was just before.
    public mutating func nextHappening(until now: WallInstant) -> GameEvent? {
        let shotZero = phase == .play ? shot?.reaches(0) : nil
        switch phase {
        case .play where rules.direction == .down:
            guard let zero = clock.reaches(0), zero <= now else { break }
            if let shotZero, shotZero < zero { break }
            stop(at: zero)
            endPeriod(at: zero)
            return .horn(.game, at: zero)
        case .play:
            guard !lengthSounded, let at = clock.reaches(rules.end(ofPeriod: period)), at <= now else { break }
            if let shotZero, shotZero < at { break }
            lengthSounded = true
            return .horn(.game, at: at)
        case .break:
            guard let zero = clock.reaches(0), zero <= now else { return nil }
            startPeriod(period + 1, running: false, at: zero)
            return .horn(.break, at: zero)
        case .over:
            return nil
        }
        if let shotZero, shotZero <= now {
            shot?.stop(at: shotZero)
            return .horn(.shot, at: shotZero)
        }
        return nil
    }

    /// The period's clock is done: a break starts by itself if the rules have one, or the
    /// game is over after the last period.
    private mutating func endPeriod(at now: WallInstant) {
        if rules.isLast(period) {
            phase = .over
        } else if rules.breakLength(after: period) > 0 {
            phase = .break
            clock = RunningClock(.down, milliseconds: rules.breakLength(after: period), since: now)
        }
    }

    private mutating func startPeriod(_ n: Int, running: Bool, at now: WallInstant) {
        period = n
        phase = .play
        lengthSounded = false
        clock = RunningClock(rules.direction, milliseconds: rules.start(ofPeriod: n))
        shot = rules.shotClock.map(\.full)
        if running { start(at: now) }
    }

    /// Stops the game clock, and the shot clock and penalties with it.
    private mutating func stop(at now: WallInstant) {
        clock.stop(at: now)
        shot?.stop(at: now)
        teams.stop(at: now)
    }

    private mutating func start(at now: WallInstant) {
        clock.start(at: now)
        teams.start(at: now)
        if let s = shot, s.milliseconds(at: now) > 0 { shot?.start(at: now) }
    }

    /// Does what an operator asked at `now`; the caller has advanced the game to `now` first.
    public mutating func apply(_ action: GameAction, at now: WallInstant) throws(GameError) {
        switch action {
        case .start:
            switch phase {
            case .over: throw .over
            case .break: startPeriod(period + 1, running: true, at: now)
            case .play where rules.direction == .down && clock.milliseconds(at: now) == 0:
                guard !rules.isLast(period) else { throw .over }
                startPeriod(period + 1, running: true, at: now)
            case .play: start(at: now)
            }
        case .stop:
            guard phase == .play else { return }
            stop(at: now)
        case .toggle:
            try apply(isRunning ? .stop : .start, at: now)
        case .set(let ms):
            guard phase != .over else { throw .over }
            guard ms >= 0, ms <= Int64(GameRules.longest) * 1000 + 900 else { throw .outOfRange("game clock", ms) }
            clock.set(ms, at: now)
            if rules.direction == .up { lengthSounded = ms >= rules.end(ofPeriod: period) }
        case .adjust(let ms):
            guard phase != .over else { throw .over }
            try apply(.set(clock.milliseconds(at: now) + ms), at: now)
        case .shotReset(let seconds):
            guard let rules = rules.shotClock, var s = shot else { throw .noShotClock }
            let value = seconds ?? rules.resets.first ?? 24
            guard (1...GameRules.longest).contains(value) else { throw .outOfRange("shot clock", Int64(value) * 1000) }
            s.set(Int64(value) * 1000, at: now)
            if isRunning { s.start(at: now) }
            shot = s
        case .period(let n):
            guard (1...rules.periods + (rules.overtimeSeconds > 0 ? 9 : 0)).contains(n) else { throw .noPeriod(n, of: rules.periods) }
            startPeriod(n, running: false, at: now)
        case .endPeriod:
            guard phase == .play else { throw .notInPlay }
            stop(at: now)
            endPeriod(at: now)
            // Without a break the next period waits at its start, not at zero.
            if phase == .play { startPeriod(period + 1, running: false, at: now) }
        case .newGame:
            self = Game(rules: rules)
        case .possession(let team):
            teams.possession = team
        case .switchPossession:
            teams.possession = teams.possession.map { $0 == .home ? .away : .home }
        case .penalty(let team, let ms):
            guard phase != .over else { throw .over }
            try teams.add(team, ms, running: isRunning, at: now)
        case .clearPenalties(let team):
            teams.clear(team)
        }
    }
}

/// What an operator does to a game.
public enum GameAction: Equatable, Sendable {
    /// Starts the game clock (and the shot clock); in a break, or at zero, the next period.
    case start
    case stop
    /// Start when stopped, stop when running: one key.
    case toggle
    /// Sets the game clock to these milliseconds.
    case set(Int64)
    /// Moves the game clock by these milliseconds (more time when positive).
    case adjust(Int64)
    /// Resets the shot clock to these seconds (`nil`: its full value).
    case shotReset(Int?)
    /// Goes to the start of period N, stopped.
    case period(Int)
    /// Ends the period now (an up clock's stoppage is over): its break starts.
    case endPeriod
    case newGame
    /// Points the possession arrow at a team (`nil`: neither).
    case possession(GameTeams.Team?)
    /// Points it at the other team (basketball's alternating possession).
    case switchPossession
    /// A penalty of these milliseconds for a team, running with the game clock.
    case penalty(GameTeams.Team, Int64)
    case clearPenalties(GameTeams.Team)
}

/// What happens by itself: a clock's horn at the instant it sounds.
public enum GameEvent: Equatable, Sendable {
    public enum Horn: String, Sendable {
        /// The game clock at zero (down), or at the period's length (up).
        case game
        /// The shot clock at zero.
        case shot
        /// A break's clock at zero: the next period is ready.
        case `break`
    }

    case horn(Horn, at: WallInstant)
}
