import FlipClockCore
import FlipClockCoreTestKit
import FlipClockTestKit
import Synchronization
import Testing

@testable import FlipClockDaemon

/// The horn's relay through the loop on the simulated clock: active at each horn for
/// `[horn] seconds`, extended by a horn during a horn, released by a reload or a stop, and
/// the loop awake at the instant it is released.
@Suite struct LoopHornTests {
    /// One period of 0:30 with a 24-second shot clock, horns of `seconds`.
    static func configure(seconds: Double) -> (inout ClockConfiguration) -> Void {
        return { c in
            var game = GameSettings()
            game.rules.periods = 1
            game.rules.periodSeconds = 30
            game.rules.shotClock = ShotClockRules()
            c.game = game
            c.rowNames = [["game", "shot"]]
            c.horn.seconds = seconds
        }
    }

    /// The relay's changes and the loop's wakes in a run started at 1 s, each change with
    /// whether the loop woke at its instant.
    static func run(
        seconds: Double, length: Duration, reload: ClockLoop.Reload? = nil, schedule: (SimulatedClock, ClockLoop) -> Void = { _, _ in }
    ) throws -> [String] {
        var changes: [String] = []
        var parts = ClockLoop.Parts()
        parts.observers.relay = { change, now in changes.append("\(change) \(now)") }
        parts.reload = reload
        _ = try SimulatedRun(from: "2026-06-01T12:00:00Z", zone: "UTC", length: length, configure: configure(seconds: seconds), parts: parts) {
            clock, loop in
            clock.at(.seconds(1), .run { _ = loop.answer("game start") })
            schedule(clock, loop)
        }
        return changes
    }

    @Test func aHornHoldsTheRelayForItsSecondsAndTheLoopWakesToReleaseIt() throws {
        // The shot clock runs out at 25 s; the game clock at 31 s.
        #expect(
            try Self.run(seconds: 1.5, length: .seconds(40))
                == ["activate 25.0 seconds", "release 26.5 seconds", "activate 31.0 seconds", "release 32.5 seconds"])
    }

    @Test func aHornDuringAHornExtendsIt() throws {
        #expect(try Self.run(seconds: 8, length: .seconds(45)) == ["activate 25.0 seconds", "release 39.0 seconds"])
    }

    @Test func aReloadReleasesTheRelayAtOnce() throws {
        // The configuration read again is the running one, as the loop holds it.
        let running = Mutex<ClockConfiguration?>(nil)
        let reload = ClockLoop.Reload(offLoop: false) { (running.withLock { $0! }, GreyBoxGlyphs()) }
        let changes = try Self.run(seconds: 3, length: .seconds(29), reload: reload) { clock, loop in
            running.withLock { $0 = loop.configuration }
            clock.at(.seconds(26), .run { loop.requests.send(.reload) })
        }
        #expect(changes == ["activate 25.0 seconds", "release 26.0 seconds"])
    }

    @Test func aStopReleasesTheRelay() throws {
        #expect(try Self.run(seconds: 3, length: .seconds(26)) == ["activate 25.0 seconds", "release 26.0 seconds"])
    }
}
