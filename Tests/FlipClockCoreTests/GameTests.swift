import FlipClockCore
import Testing

/// A game's clocks on a simulated clock: what they show at each instant, the horns, and
/// what an operator can do.
@Suite struct GameTests {
    static let t0 = WallInstant(unixSeconds: 1_700_000_000)

    static var basketball: GameRules {
        var r = GameRules()
        r.periods = 4
        r.periodSeconds = 600
        r.breakSeconds = [120, 900, 120]
        r.shotClock = ShotClockRules()
        return r
    }

    static func at(_ ms: Int64) -> WallInstant { t0 + .milliseconds(ms) }

    /// Runs `game` tick by tick (every `step` ms) up to `end`, doing each operator action at
    /// its instant, and returns the horns and every change of what the clocks show.
    static func run(
        _ game: inout Game, from start: Int64 = 0, to end: Int64, step: Int64 = 100, actions: [Int64: GameAction] = [:]
    ) throws -> (horns: [(GameEvent.Horn, Int64)], shown: [(Int64, String, String?)]) {
        var horns: [(GameEvent.Horn, Int64)] = []
        var shown: [(Int64, String, String?)] = []
        var t = start
        while t <= end {
            for event in game.advance(to: at(t)) {
                if case .horn(let horn, let instant) = event { horns.append((horn, (instant - t0).milliseconds)) }
            }
            if let action = actions[t] { try game.apply(action, at: at(t)) }
            let now = (game.clockText(at: at(t)), game.shotText(at: at(t)))
            if shown.last.map({ $0.1 != now.0 || $0.2 != now.1 }) ?? true { shown.append((t, now.0, now.1)) }
            t += step
        }
        return (horns, shown)
    }

    @Test func aQuarterCountsDownInSecondsThenTenthsAndStopsAtZeroWithOneHorn() throws {
        var rules = Self.basketball
        rules.shotClock = nil
        var game = Game(rules: rules)
        #expect(game.clockText(at: Self.at(0)) == "10:00")
        let (horns, shown) = try Self.run(&game, to: 700_000, actions: [0: .start])
        let texts = Dictionary(shown.map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })
        #expect(texts[1000] == "09:59")
        #expect(texts[540_100] == "59.9")
        #expect(texts[599_900] == "0.1")
        // At zero the horn sounds and the break's clock takes over.
        #expect(texts[600_000] == "02:00")
        // 10:00 for the first second, 09:59 … 01:00, then 599 tenths to 0.1, then the break.
        #expect(shown.filter { $0.0 < 600_000 }.count == 1 + 540 + 599)
        #expect(horns.map(\.0) == [.game])
        #expect(horns.map(\.1) == [600_000])
        #expect(game.phase == .break)
        #expect(game.clockText(at: Self.at(600_000)) == "02:00")
        #expect(game.clockText(at: Self.at(700_000)) == "00:20")
    }

    @Test func aBreakEndsWithItsHornAndTheNextPeriodWaitsForTheOperator() throws {
        var game = Game(rules: Self.basketball)
        let (horns, _) = try Self.run(&game, to: 800_000, step: 500, actions: [0: .start, 20_000: .shotReset(nil), 40_000: .shotReset(nil)])
        #expect(horns.map(\.0) == [.shot, .game, .break])
        #expect(horns.map(\.1) == [64_000, 600_000, 720_000])
        #expect(game.period == 2)
        #expect(game.phase == .play)
        #expect(!game.isRunning)
        #expect(game.clockText(at: Self.at(800_000)) == "10:00")
        #expect(game.shotText(at: Self.at(800_000)) == "24")
    }

    @Test func theShotClockShowsTenthsUnderFiveSecondsAndStopsWithTheGameClock() throws {
        var game = Game(rules: Self.basketball)
        try game.apply(.start, at: Self.at(0))
        #expect(game.shotText(at: Self.at(18_999)) == "6")
        #expect(game.shotText(at: Self.at(19_000)) == "5")
        #expect(game.shotText(at: Self.at(19_001)) == "5")
        #expect(game.shotText(at: Self.at(19_099)) == "5")
        #expect(game.shotText(at: Self.at(19_100)) == "4.9")
        try game.apply(.stop, at: Self.at(20_000))
        #expect(game.shotText(at: Self.at(90_000)) == "4.0")
        #expect(game.clockText(at: Self.at(90_000)) == "09:40")
        try game.apply(.shotReset(14), at: Self.at(90_000))
        #expect(game.shotText(at: Self.at(95_000)) == "14")
        try game.apply(.start, at: Self.at(100_000))
        #expect(game.shotText(at: Self.at(101_000)) == "13")
        #expect(game.advance(to: Self.at(114_000)) == [.horn(.shot, at: Self.at(114_000))])
        #expect(game.advance(to: Self.at(115_000)) == [])
        #expect(game.shotText(at: Self.at(115_000)) == "0.0")
        #expect(game.isRunning)
    }

    @Test func theShotClockGoesDarkWithLessTimeOnTheGameClock() throws {
        var game = Game(rules: Self.basketball)
        try game.apply(.set(20_000), at: Self.at(0))
        #expect(game.shotText(at: Self.at(0)) == nil)
        var rules = Self.basketball
        rules.shotClock?.offBelowGameClock = false
        game = Game(rules: rules)
        try game.apply(.set(20_000), at: Self.at(0))
        #expect(game.shotText(at: Self.at(0)) == "24")
    }

    @Test func anUpClockSoundsAtThePeriodsLengthAndRunsOnIntoStoppage() throws {
        var rules = GameRules()
        rules.direction = .up
        rules.periods = 2
        rules.periodSeconds = 45 * 60
        rules.breakSeconds = [15 * 60]
        rules.shotClock = nil
        var game = Game(rules: rules)
        let (horns, _) = try Self.run(&game, to: 2_800_000, step: 1000, actions: [0: .start])
        #expect(horns.map(\.1) == [2_700_000])
        #expect(game.clockText(at: Self.at(2_800_000)) == "46:40")
        try game.apply(.endPeriod, at: Self.at(2_830_000))
        #expect(game.phase == .break)
        #expect(game.clockText(at: Self.at(2_830_000)) == "15:00")
        // The second half starts at 45:00 and sounds at 90:00.
        _ = game.advance(to: Self.at(3_730_000))
        #expect(game.period == 2)
        #expect(game.clockText(at: Self.at(3_730_000)) == "45:00")
        try game.apply(.start, at: Self.at(3_800_000))
        #expect(game.advance(to: Self.at(6_500_000)) == [.horn(.game, at: Self.at(6_500_000))])
        #expect(game.clockText(at: Self.at(6_500_000)) == "90:00")
    }

    @Test func setAndAdjustMoveTheGameClock() throws {
        var game = Game(rules: Self.basketball)
        try game.apply(.set(123_400), at: Self.at(0))
        #expect(game.clockText(at: Self.at(0)) == "02:04")
        try game.apply(.adjust(-64_000), at: Self.at(0))
        #expect(game.clockText(at: Self.at(0)) == "59.4")
        try game.apply(.adjust(100), at: Self.at(0))
        #expect(game.clockText(at: Self.at(0)) == "59.5")
        #expect(throws: GameError.outOfRange("game clock", -500)) { try game.apply(.adjust(-60_000), at: Self.at(0)) }
        #expect("\(GameError.outOfRange("game clock", 6_000_000))" == "game clock: 100:00 is out of range 0–99:59.9")
    }

    @Test func theRefusalsSayWhatToDo() throws {
        var game = Game(rules: Self.basketball)
        #expect(throws: GameError.noPeriod(5, of: 4)) { try game.apply(.period(5), at: Self.at(0)) }
        try game.apply(.period(4), at: Self.at(0))
        try game.apply(.start, at: Self.at(0))
        _ = game.advance(to: Self.at(600_000))
        #expect(game.phase == .over)
        #expect(throws: GameError.over) { try game.apply(.start, at: Self.at(600_000)) }
        #expect("\(GameError.over)" == "the game is over: 'game new' starts another")
        var rules = Self.basketball
        rules.shotClock = nil
        var plain = Game(rules: rules)
        #expect(throws: GameError.noShotClock) { try plain.apply(.shotReset(nil), at: Self.at(0)) }
    }

    @Test func aGameSavedRunningComesBackAtTheRightTimeAndALateHornStaysSilent() throws {
        var game = Game(rules: Self.basketball)
        try game.apply(.start, at: Self.at(0))
        try game.apply(.shotReset(nil), at: Self.at(500_000))
        let saved = game
        // The daemon is killed at 590 s and back at 603 s: the zero passed 3 s ago.
        var back = Game(
            rules: Self.basketball, period: saved.period, phase: saved.phase, clock: saved.clock, shot: saved.shot,
            lengthSounded: saved.lengthSounded)
        #expect(back == saved)
        #expect(back.clockText(at: Self.at(595_000)) == "5.0")
        #expect(back.advance(to: Self.at(603_000)) == [.horn(.game, at: Self.at(600_000))])
        back = saved
        #expect(back.advance(to: Self.at(603_001)) == [])
        #expect(back.phase == .break)
        #expect(back.clockText(at: Self.at(603_001)) == "01:57")
    }

    @Test func theNextChangeIsTheNextTenthInTheLastMinuteAndTheNextSecondBefore() throws {
        var game = Game(rules: Self.basketball)
        game.shotOff()
        try game.apply(.start, at: Self.at(0))
        #expect(game.nextChange(after: Self.at(0)) == Self.at(1000))
        #expect(game.nextChange(after: Self.at(539_500)) == Self.at(540_000))
        #expect(game.nextChange(after: Self.at(540_000)) == Self.at(540_100))
        #expect(game.nextChange(after: Self.at(540_150)) == Self.at(540_200))
        try game.apply(.stop, at: Self.at(550_000))
        #expect(game.nextChange(after: Self.at(550_000)) == nil)
    }
}

extension Game {
    /// The same game without a shot clock running.
    fileprivate mutating func shotOff() {
        var rules = self.rules
        rules.shotClock = nil
        self = Game(rules: rules)
    }
}

extension Duration {
    fileprivate var milliseconds: Int64 { components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000 }
}
