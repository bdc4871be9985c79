import FlipClockCore
import FlipClockCoreTestKit
import FlipClockTestKit
import Foundation
import Testing

@testable import FlipClockDaemon

/// A follower of a `[match]` through the loop on the simulated clock: a leader's state taken,
/// shown and saved; its own horns at its own zeros, none the leader's state had passed; and
/// the match's requests refused.
@Suite struct LoopMatchTests {
    /// One period of 0:30 with a 24-second shot clock; home and away; a follower.
    static func configure(_ c: inout ClockConfiguration) {
        var game = GameSettings()
        game.rules.periods = 1
        game.rules.periodSeconds = 30
        game.rules.shotClock = ShotClockRules()
        c.game = game
        c.scores = [ScoreItem(name: "home", label: "HOME"), ScoreItem(name: "away", label: "AWAY")]
        c.rowNames = [["home", "game", "away"], ["shot"]]
        c.mqtt = MQTTSettings(host: "localhost")
        c.match = MatchSettings(topic: "flipclock/match/hall", role: .follower)
    }

    static let start = "2026-06-01T12:00:00Z"

    /// The leader's state at `at` (seconds after the start): its game started at 1 s, running,
    /// the shot clock from `shot` seconds since `shotSince`; home 3.
    static func state(at: Double, shot: Int = 24, shotSince: Double = 1) throws -> String {
        let t0 = try WallInstant(iso: start).secondsSince1970
        let rules = "1x30s down breaks=120 overtime=0 tenths<60 shot=24,14 tenths<5 off"
        return #"{"v":1,"leader":"hall-a","seq":1,"at":\#(t0 + at),"scores":{"home":3,"away":0},"texts":{},"#
            + #""game":{"clock":{"ms":30000,"since":\#(t0 + 1)},"lengthSounded":false,"period":1,"phase":"play","rules":"\#(rules)","#
            + #""shot":{"ms":\#(shot * 1000),"since":\#(t0 + shotSince)}}}"#
    }

    /// The horns a follower sounds in 40 s, given the leader's `state` at `followAt` seconds.
    static func horns(following state: String, at followAt: Double, stateFile: StateFile? = nil) throws -> (horns: [String], why: String?) {
        let t0 = try WallInstant(iso: start)
        var horns: [String] = []
        var why: String?? = nil
        var parts = ClockLoop.Parts()
        parts.stateFile = stateFile
        parts.observers.horn = { horns.append("\($0.rawValue) \(($1 - t0).seconds)") }
        _ = try SimulatedRun(from: start, zone: "UTC", length: .seconds(40), configure: configure, parts: parts) { clock, loop in
            clock.at(.seconds(followAt), .run { why = loop.follow(state) })
        }
        return (horns, why ?? "never followed")
    }

    @Test func aFollowerSoundsItsOwnHornsAtItsOwnZeros() throws {
        let followed = try Self.horns(following: Self.state(at: 1), at: 1.1)
        #expect(followed.why == nil)
        #expect(followed.horns == ["shot 25.0", "game 31.0"])
    }

    /// The leader's state is of 25.2 s: its shot clock ran out at 25 s, the leader's horn.
    /// Taken at 25.5 s, the follower does not sound it (0.5 s late, within a late horn's 3 s).
    @Test func aHornTheLeadersStateHadPassedIsNotSounded() throws {
        let followed = try Self.horns(following: Self.state(at: 25.2), at: 25.5)
        #expect(followed.why == nil)
        #expect(followed.horns == ["game 31.0"])
    }

    @Test func aFollowedStateIsShownAndSaved() throws {
        let dir = NSTemporaryDirectory() + "flipclock-match-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let file = StateFile(path: dir + "/state.json")
        var shown: [String] = []
        var content: String?
        var replies: [String] = []
        var parts = ClockLoop.Parts()
        parts.stateFile = file
        let state = try Self.state(at: 2)
        _ = try SimulatedRun(from: Self.start, zone: "UTC", length: .seconds(5), configure: Self.configure, parts: parts) { clock, loop in
            clock.at(.seconds(2), .run { replies.append(loop.follow(state) ?? "taken") })
            // A moment after 3 s, once the loop has drawn it.
            clock.at(
                .seconds(3.001),
                .run {
                    shown = loop.screens.screens[0].scene.values(at: loop.reading())
                    content = loop.matchState()
                })
            clock.at(.seconds(3.5), .run { replies += [loop.answer("score add home 1"), loop.follow("{") ?? "taken"] })
        }
        // home 3, the game clock at 28.0 (2 s run, tenths in the last minute), away 0, the
        // shot clock at 22.
        #expect(shown == ["", "3", "2", "8", ".", "0", "", "0", "2", "2"])
        // What it would publish, leading: the leader's match, as it took it.
        #expect(content?.hasSuffix(#""scores":{"away":0,"home":3},"texts":{}}"#) == true)
        #expect(
            replies == [
                "taken", "ERR led-elsewhere this clock follows the match flipclock/match/hall: change it where it is led", "match: not JSON",
            ])
        let saved = file.load(now: try WallInstant(iso: Self.start) + .seconds(5))
        #expect(saved.scores == ["home": 3, "away": 0] && saved.game?.period == 1 && saved.game?.clock.ms == 30000)
    }
}
