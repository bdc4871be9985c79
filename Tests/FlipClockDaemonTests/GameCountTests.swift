import FlipClockControl
import FlipClockCore
import Testing

@testable import FlipClockDaemon

/// The game's clocks as the state reports them for a page that counts them on its own
/// (the overlay): the milliseconds at the instant read, which way each runs, and below how
/// many seconds each reads in tenths, as the board shows it.
@Suite struct GameCountTests {
    static let t0 = WallInstant(unixSeconds: 1_795_000_000)
    static var rules: GameRules {
        var rules = GameRules()
        rules.shotClock = ShotClockRules()
        return rules
    }

    @Test func aRunningPeriodCountsDownWithItsTenthsAndTheShotClocks() throws {
        var game = Game(rules: Self.rules)
        try game.apply(.start, at: Self.t0)
        let at = Self.t0 + .milliseconds(1250)
        #expect(
            ClockState.count(of: game, at: at)
                == GameCount(
                    clockMilliseconds: 598_750, clockCounting: .down, tenthsBelow: 60, shotMilliseconds: 22_750, shotCounting: .down,
                    shotTenthsBelow: 5,
                    at: at))
        try game.apply(.stop, at: at)
        #expect(ClockState.count(of: game, at: at + .seconds(3)).clockCounting == .stopped)
        #expect(ClockState.count(of: game, at: at + .seconds(3)).shotCounting == .stopped)
        #expect(ClockState.count(of: game, at: at + .seconds(3)).clockMilliseconds == 598_750)
    }

    /// The break's clock runs by itself (the reading's `running` is false) and never in tenths.
    @Test func aBreaksClockCountsDownWithoutTenths() {
        let game = Game(
            rules: Self.rules, period: 1, phase: .break, clock: RunningClock(.down, milliseconds: 120_000, since: Self.t0), shot: nil,
            lengthSounded: false)
        let count = ClockState.count(of: game, at: Self.t0 + .seconds(30))
        #expect(count.clockMilliseconds == 90_000 && count.clockCounting == .down && count.tenthsBelow == 0)
    }

    @Test func anUpClockCountsUpWithoutTenths() throws {
        var rules = GameRules()
        rules.direction = .up
        var game = Game(rules: rules)
        try game.apply(.start, at: Self.t0)
        let count = ClockState.count(of: game, at: Self.t0 + .seconds(61))
        #expect(count == GameCount(clockMilliseconds: 61_000, clockCounting: .up, tenthsBelow: 0, at: Self.t0 + .seconds(61)))
    }

    /// A running clock's new milliseconds are no news to those who listen; a text that
    /// changes is (without this, every wake told the state again).
    @Test func theStateIsToldAgainWhenATextChangesNotWhenOnlyTheMillisecondsRunOn() throws {
        var game = Game(rules: Self.rules)
        try game.apply(.start, at: Self.t0)
        func status(_ ms: Int) -> ControlReply.Status {
            let at = Self.t0 + .milliseconds(ms)
            let reading = GameReading(
                period: 1, phase: "play", clock: game.clockText(at: at), shot: game.shotText(at: at), running: true, undoable: 0,
                count: ClockState.count(of: game, at: at))
            return ControlReply.Status(
                time: WallTime(hour: 12, minute: 0, second: 0), scores: [], texts: [:], timers: [], screen: .on, output: "x", game: reading)
        }
        #expect(!ClockLoop.tells(status(1100), after: status(1050)))
        #expect(ClockLoop.tells(status(2050), after: status(1050)))
        #expect(ClockLoop.tells(status(1050), after: nil))
    }
}
