import FlipClockControl
import FlipClockCore
import FlipClockCoreTestKit
import Foundation
import Testing

@testable import FlipClockDaemon

/// The `[match]`'s state between clocks, without a broker: a leader's scores, texts and game
/// as JSON, and a follower taking them (checked as strictly as a state file), on its own clock.
@Suite struct MatchStateTests {
    /// Two periods of 2:00, a 30-second break, a 24/14 shot clock; home and away; a board.
    static func configuration(_ role: MatchSettings.Role, periods: Int = 2) -> ClockConfiguration {
        var c = ClockConfiguration()
        var game = GameSettings()
        game.rules.periods = periods
        game.rules.periodSeconds = 120
        game.rules.breakSeconds = [30]
        game.rules.shotClock = ShotClockRules()
        c.game = game
        c.scores = [ScoreItem(name: "home", label: "HOME"), ScoreItem(name: "away", label: "AWAY")]
        c.texts = [TextItem(name: "board", cards: 8, text: "")]
        c.mqtt = MQTTSettings(host: "localhost")
        c.match = MatchSettings(topic: "flipclock/match/hall", role: role)
        return c
    }

    /// 12:00:00 on 1 January 2026, UTC.
    static let t0 = WallInstant(unixSeconds: 1_767_268_800)

    static func moment(_ at: WallInstant) -> ClockState.Moment { ClockState.Moment(reading: ClockReading(at), level: 1, output: "HDMI-A-1") }

    /// A leading clock after `lines`, each at its instant.
    static func leader(_ lines: [(String, WallInstant)], periods: Int = 2) throws -> ClockState {
        var state = ClockState(configuration: configuration(.leader, periods: periods))
        state.standing.leading = true
        for (line, at) in lines {
            let reply = state.handle(try ControlRequest.parse(line), at: moment(at)).reply.line(json: false)
            #expect(reply.hasPrefix("OK"), "\(line): \(reply)")
        }
        return state
    }

    /// `content` (what the leader's clock gives) as the session publishes it on `T/state`.
    static func published(_ content: String, at: WallInstant, leader: String = "hall-a", seq: Int = 1) -> String {
        #"{"v":1,"leader":"\#(leader)","seq":\#(seq),"at":\#(at.secondsSince1970),"# + content.dropFirst()
    }

    /// A follower that took `payload` at `now`.
    static func follower(_ payload: String, at now: WallInstant) throws -> ClockState {
        var state = ClockState(configuration: configuration(.follower))
        _ = state.follow(try MatchState.followed(payload, by: state.configuration, now: now), at: now)
        return state
    }

    @Test func aFollowerTakesTheLeadersScoresTextsAndGame() throws {
        let started = Self.t0 + .milliseconds(500)
        let leader = try Self.leader([
            ("score set home=12 away=9", Self.t0), ("text board FINAL", Self.t0), ("game start", started), ("game shot 14", started + .seconds(3)),
        ])
        let content = leader.matchState.encoded
        #expect(content.hasPrefix(#"{"game":{"clock":{"ms":120000,"since":1767268800.5},"lengthSounded":false,"period":1,"phase":"play","#))
        #expect(content.hasSuffix(#""scores":{"away":9,"home":12},"texts":{"board":"FINAL"}}"#))
        let follower = try Self.follower(Self.published(content, at: started + .seconds(3)), at: started + .seconds(4))
        #expect(follower.game == leader.game)
        #expect(follower.board.values == ["home": 12, "away": 9] && follower.texts == ["board": "FINAL"])
    }

    /// The follower's clocks are the leader's clocks: at every instant they read the same
    /// milliseconds, from a start between two nanoseconds' worth of a `Double`'s seconds.
    @Test(arguments: [0, 123_456_789]) func aFollowedClockReadsTheLeadersMillisecondsAtTheSameInstant(_ startNanoseconds: Int) throws {
        let started = Self.t0 + .nanoseconds(startNanoseconds)
        let leader = try Self.leader([("game start", started), ("game penalty home 2:00", started + .seconds(2))])
        let follower = try Self.follower(Self.published(leader.matchState.encoded, at: started + .seconds(2)), at: started + .seconds(2.2))
        let l = try #require(leader.game), f = try #require(follower.game)
        for seconds in [2.5, 13.25, 23.9, 60.0, 100.55, 119.999] {
            let at = started + .milliseconds(Int64(seconds * 1000)) + .microseconds(300)
            #expect(f.clock.milliseconds(at: at) == l.clock.milliseconds(at: at), "\(seconds)")
            #expect(f.shot?.milliseconds(at: at) == l.shot?.milliseconds(at: at), "\(seconds)")
            #expect(f.clockText(at: at) == l.clockText(at: at) && f.shotText(at: at) == l.shotText(at: at), "\(seconds)")
            #expect(f.teams.penaltyText(.home, at: at) == l.teams.penaltyText(.home, at: at), "\(seconds)")
        }
    }

    /// The leader's content, its game changed by `change` (JSON's own types, as a hand or
    /// another version might write them).
    static func content(_ change: (inout MatchState) -> Void) throws -> String {
        let leader = try Self.leader([("score set home=12 away=9", Self.t0), ("game start", Self.t0)])
        var state = leader.matchState
        change(&state)
        return state.encoded
    }

    static let refusals: [(String, String)] = [
        ("{\"v\":1,", "match: not JSON"),
        ("[]", "match: the state: expected an object"),
        (#"{"v":1,"leader":"hall-a","seq":1,"at":1767268800}"#, "match: scores is missing"),
        (
            #"{"v":1,"leader":"hall-a","seq":1,"at":1767268800,"scores":{},"texts":{},"game":\#(savedGame.replacingOccurrences(of: "120000", with: "\"soon\""))}"#,
            "match: game.clock.ms: expected an integer"
        ),
        (
            #"{"v":2,"leader":"hall-a","seq":1,"at":1767268800,"scores":{},"texts":{},"game":\#(savedGame)}"#,
            "match: version 2; this clock reads version 1"
        ),
        (
            #"{"v":1,"leader":"hall-a","seq":1,"at":1e300,"scores":{},"texts":{},"game":\#(savedGame)}"#,
            "match: at 1e+300, not within a year of now (1767268801)"
        ),
        (
            #"{"v":1,"leader":"hall-a","seq":1,"at":1767268800,"scores":{"home":100,"guest":1000},"texts":{},"game":\#(savedGame)}"#,
            "match: score home is 100; allowed 0...99"
        ),
        (
            #"{"v":1,"leader":"hall-a","seq":1,"at":1767268800,"scores":{},"texts":{"board":"GATE 1234"},"game":\#(savedGame)}"#,
            "match: text board: \"GATE 1234\" is 9 characters; board has 8 cards"
        ),
    ]

    /// A game as the leader's clock saves it, started at `t0`.
    static let savedGame =
        #"{"clock":{"ms":120000,"since":1767268800},"lengthSounded":false,"period":1,"phase":"play","rules":"# + rules(periods: 2)
        + #","shot":{"ms":24000,"since":1767268800}}"#

    static func rules(periods: Int) -> String { #""\#(periods)x120s down breaks=30 overtime=0 tenths<60 shot=24,14 tenths<5 off""# }

    @Test(arguments: refusals) func aStateNoLeaderCouldPublishIsRefusedWithWhy(_ payload: String, _ why: String) {
        var follower = ClockState(configuration: Self.configuration(.follower))
        let error = #expect(throws: MatchState.Refusal.self) {
            try MatchState.followed(payload, by: follower.configuration, now: Self.t0 + .seconds(1))
        }
        #expect(error?.description == why)
        // The good one is taken, unknown names ignored.
        let good =
            #"{"v":1,"leader":"hall-a","seq":1,"at":1767268800,"scores":{"home":3,"guest":1000},"texts":{"wall":"X"},"game":\#(Self.savedGame)}"#
        let taken = try? MatchState.followed(good, by: follower.configuration, now: Self.t0 + .seconds(1))
        #expect(taken.map { follower.follow($0, at: Self.t0 + .seconds(1)) } == ClockState.MatchChange(scores: ["home": 3], game: true))
    }

    @Test func aStateOver64KiBIsRefusedUnread() {
        let payload = Self.published(#"{"scores":{},"texts":{"board":""# + String(repeating: " ", count: 65536) + #""}}"#, at: Self.t0)
        let error = #expect(throws: MatchState.Refusal.self) { try MatchState.followed(payload, by: Self.configuration(.follower), now: Self.t0) }
        #expect(error?.description == "match: \(payload.utf8.count) bytes, over 64 KiB")
    }

    @Test func aLeaderPlayingOtherRulesIsRefusedNamingBoth() throws {
        let leader = try Self.leader([("game start", Self.t0)], periods: 4)
        let payload = Self.published(leader.matchState.encoded, at: Self.t0)
        let error = #expect(throws: MatchState.Refusal.self) { try MatchState.followed(payload, by: Self.configuration(.follower), now: Self.t0) }
        #expect(
            error?.description
                == #"match: the leader plays "4x120s down breaks=30 overtime=0 tenths<60 shot=24,14 tenths<5 off", this clock's [game] is "2x120s down breaks=30 overtime=0 tenths<60 shot=24,14 tenths<5 off""#
        )
    }

    @Test func aPenaltyNoRequestCouldMakeIsRefused() throws {
        let content = try Self.content { $0.game?.penalties = [SavedGame.Penalty(team: "home", ms: 600_000, since: nil)] }
        let error = #expect(throws: MatchState.Refusal.self) {
            try MatchState.followed(Self.published(content, at: Self.t0), by: Self.configuration(.follower), now: Self.t0)
        }
        #expect(error?.description == "match: game: a penalty of 600000 ms for home is not one a request could make")
    }

    @Test func aClockRunningSinceFarInTheFutureIsRefused() throws {
        let content = try Self.content { $0.game?.clock.since = 1_767_268_800 + 400 * 86400 }
        let error = #expect(throws: MatchState.Refusal.self) {
            try MatchState.followed(Self.published(content, at: Self.t0), by: Self.configuration(.follower), now: Self.t0)
        }
        #expect(error?.description == "match: game: clock running since 1801828800.0, not within a year of now (1767268800)")
    }

    @Test func theSameStateIsAppliedOnce() throws {
        let leader = try Self.leader([("score set home=1", Self.t0)])
        var follower = ClockState(configuration: Self.configuration(.follower))
        let payload = Self.published(leader.matchState.encoded, at: Self.t0)
        let state = try MatchState.followed(payload, by: follower.configuration, now: Self.t0)
        #expect(follower.follow(state, at: Self.t0).scores == ["home": 1])
        _ = follower.handle(.game(.act(.start)), at: Self.moment(Self.t0))
        #expect(follower.follow(state, at: Self.t0) == ClockState.MatchChange())
    }

    /// While the match is led elsewhere, a request that changes it is refused, whichever way
    /// it came; what reads it is answered.
    @Test(arguments: ["score add home 1", "text board HELLO", #"text board="HELLO""#, "game start", "game undo"])
    func aClockThatFollowsRefusesToChangeTheMatch(_ line: String) throws {
        let refusal = "ERR led-elsewhere this clock follows the match flipclock/match/hall: change it where it is led"
        for role in MatchSettings.Role.allCases {
            var state = ClockState(configuration: Self.configuration(role))
            #expect(state.handle(try ControlRequest.parse(line), at: Self.moment(Self.t0)).reply.line(json: false) == refusal, "\(role)")
            #expect(state.handle(.status, at: Self.moment(Self.t0)).reply.line(json: false).hasPrefix("OK"))
            // Leading, a leader or a standby changes it; a follower never leads.
            state.standing.leading = true
            let led = state.handle(try ControlRequest.parse(line), at: Self.moment(Self.t0)).reply.line(json: false)
            #expect((led == refusal) == (role == .follower) || line == "game undo", "\(role): \(led)")
        }
    }
}
