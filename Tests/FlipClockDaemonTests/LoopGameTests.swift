import FlipClockCore
import FlipClockCoreTestKit
import FlipClockOutput
import FlipClockTestKit
import Foundation
import Testing

@testable import FlipClockDaemon

/// A match on the simulated clock, through the loop as the daemon runs it: what the face
/// and `status` show, the horns, an operator's undo, and a crash mid-period.
@Suite struct LoopGameTests {
    /// Two periods of 2:00, a 30-second break, tenths in the last minute, a 24/14 shot clock.
    static func configure(_ c: inout ClockConfiguration) {
        var game = GameSettings()
        game.rules.periods = 2
        game.rules.periodSeconds = 120
        game.rules.breakSeconds = [30]
        game.rules.shotClock = ShotClockRules()
        c.game = game
        c.scores = [ScoreItem(name: "home", label: "HOME"), ScoreItem(name: "away", label: "AWAY")]
        c.rowNames = [["home", "game", "away"], ["period", "shot"]]
    }

    static let start = "2026-06-01T12:00:00Z"

    /// What the game's cards and the shot clock's show now, and the game's part of `status`.
    static func shown(_ loop: ClockLoop) -> String {
        let screen = loop.screens.screens[0]
        let cards = screen.scene.values(at: loop.reading())
        // home (2 cards), the game clock (4), away (2), the period (1), the shot clock (2).
        let game = cards[2..<6].joined(separator: "|"), shot = cards[9..<11].joined(separator: "|")
        let status = loop.answer("status")
        let reading = status[status.range(of: "game ")!.upperBound..<status.range(of: " screen=")!.lowerBound]
        return "\(game) \(shot) \(reading)"
    }

    @Test func aWholeMatchWithTenthsHornsBreaksShotClockResetsAndUndo() throws {
        var seen: [String: String] = [:]
        var replies: [String] = []
        var horns: [(GameEvent.Horn, Duration)] = []
        let t0 = try WallInstant(iso: Self.start)
        var parts = ClockLoop.Parts()
        parts.observers.horn = { horns.append(($0, $1 - t0)) }
        _ = try SimulatedRun(from: Self.start, zone: "UTC", length: .seconds(300), configure: Self.configure, parts: parts) { clock, loop in
            func at(_ s: Double, _ body: @escaping () -> Void) { clock.at(.seconds(s), .run(body)) }
            at(1) { replies.append(loop.answer("game start")) }
            // Each a moment after the instant, once the loop has woken for it.
            for s in [1.5, 61.0, 61.05, 61.1, 120.95, 121.0, 150.9, 151.0] { at(s + 0.001) { seen["\(s)"] = Self.shown(loop) } }
            at(21) { replies.append(loop.answer("game shot")) }
            at(31) { replies.append(loop.answer("game shot 14")) }
            at(50) { replies.append(loop.answer("score add home 2")) }
            at(51) { replies.append(loop.answer("game undo")) }
            at(52) { replies.append(loop.answer("status")) }
            at(160) { replies.append(loop.answer("game start")) }
            at(290) { replies.append(loop.answer("game start")) }
        }
        // The shot clock ran out at 45 s, 14 s after its reset: 0.0 until the next reset.
        #expect(seen["1.5"] == "0|2|0|0 2|4 period=1 play clock=02:00 shot=24 running undo=1")
        #expect(seen["61.0"] == "0|1|0|0 0.|0 period=1 play clock=01:00 shot=0.0 running undo=3")
        #expect(seen["61.05"] == "0|1|0|0 0.|0 period=1 play clock=01:00 shot=0.0 running undo=3")
        #expect(seen["61.1"] == "5|9|.|9 0.|0 period=1 play clock=59.9 shot=0.0 running undo=3")
        #expect(seen["120.95"] == "|0|.|1 0.|0 period=1 play clock=0.1 shot=0.0 running undo=3")
        #expect(seen["121.0"] == "0|0|3|0 | period=1 break clock=00:30 stopped undo=3")
        #expect(seen["150.9"] == "0|0|0|1 | period=1 break clock=00:01 stopped undo=3")
        #expect(seen["151.0"] == "0|2|0|0 2|4 period=2 play clock=02:00 shot=24 stopped undo=3")
        #expect(horns.map(\.0) == [.shot, .game, .break, .shot, .game])
        #expect(horns.map(\.1) == [.seconds(45), .seconds(121), .seconds(151), .seconds(184), .seconds(280)])
        #expect(
            replies == [
                "OK period=1 play clock=02:00 shot=24 running undo=1",
                "OK period=1 play clock=01:40 shot=24 running undo=2",
                "OK period=1 play clock=01:30 shot=14 running undo=3",
                "OK home=2 away=0",
                "OK period=1 play clock=01:10 shot=0.0 running undo=3",
                "OK time=12:00:52 time_synced=true scores home=0 away=0 message_seconds=30 game period=1 play clock=01:09 shot=0.0 running undo=3 screen=on output=counting 96x60@5",
                "OK period=2 play clock=02:00 shot=24 running undo=4",
                "ERR state the game is over: 'game new' starts another",
            ])
    }

    @Test func aGameRunningWhenTheDaemonDiesHasRunOnWhenItComesBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipclock-game-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var saved = ClockLoop.Parts()
        saved.stateFile = StateFile(path: folder + "/state.json")
        // Started at 12:00:01; the daemon is gone at 12:00:40 without a word (nothing saved then).
        _ = try SimulatedRun(from: Self.start, zone: "UTC", length: .seconds(40), configure: Self.configure, parts: saved) { clock, loop in
            clock.at(.seconds(1), .run { _ = loop.answer("game start") })
            clock.at(.seconds(10), .run { _ = loop.answer("game shot 14") })
        }
        var seen = ""
        // Back at 12:01:50: 109 s of the period have run, and the shot clock ran out at 12:00:24.
        _ = try SimulatedRun(from: "2026-06-01T12:01:50Z", zone: "UTC", length: .seconds(2), configure: Self.configure, parts: saved) { clock, loop in
            clock.at(.seconds(1.001), .run { seen = Self.shown(loop) })
        }
        #expect(seen == "1|0|.|0 0.|0 period=1 play clock=10.0 shot=0.0 running undo=0")
    }

    /// A change refused because it could not be saved (a full disk) is not one undo takes
    /// back: the operator's undo takes back the last change that was made.
    @Test func undoAfterARefusedSaveTakesBackTheLastChangeMade() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipclock-undo-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var replies: [String] = []
        var saved = ClockLoop.Parts()
        saved.stateFile = StateFile(path: folder + "/state.json")
        _ = try SimulatedRun(from: Self.start, zone: "UTC", length: .seconds(5), configure: Self.configure, parts: saved) { clock, loop in
            clock.at(.seconds(1), .run { replies.append(loop.answer("game start")) })
            clock.at(.seconds(2), .run { try? FileManager.default.removeItem(atPath: folder) })
            clock.at(.seconds(2.5), .run { replies.append(String(loop.answer("score add home 2").prefix(9))) })
            clock.at(.seconds(3), .run { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) })
            clock.at(.seconds(3.5), .run { replies.append(loop.answer("game undo")) })
        }
        #expect(
            replies == ["OK period=1 play clock=02:00 shot=24 running undo=1", "ERR state", "OK period=1 play clock=02:00 shot=24 stopped undo=0"])
    }
}
