import FlipClockCore
import Foundation
import Testing

/// A match as its history: undo across a set's and the match's end, the refusals and their
/// messages, the bound, timeouts, and the history saved and read back.
@Suite struct SetMatchTests {
    @Test func undoCrossesASetsEnd() throws {
        var match = SetMatch(rules: .volleyball, firstServer: .home)
        try match.play(String(repeating: "h", count: 25))
        try match.rally(24)
        let before = match.standing
        try match.play("aa")
        #expect(match.standing.points == PerSide(0, 0))
        #expect(match.standing.sets == PerSide(1, 1))
        try match.undo()
        #expect(match.standing.points == PerSide(24, 25))
        try match.undo()
        #expect(match.standing.points == PerSide(24, 24))
        #expect(match.standing.sets == PerSide(1, 0))
        #expect(match.setTexts == ["25-0"])
        #expect(match.standing.set == 2)
        #expect(match.standing == before)
    }

    @Test func undoCrossesTheMatchsEnd() throws {
        var match = SetMatch(rules: .squash, firstServer: .home)
        try match.play(String(repeating: "h", count: 33))
        #expect(match.standing.winner == .home)
        #expect(match.summary == "set=3 sets=3-0 won=home")
        try match.undo()
        #expect(!match.standing.isOver)
        #expect(match.standing.set == 3)
        #expect(match.standing.points == PerSide(10, 0))
        try match.play("a")
        #expect(match.standing.points == PerSide(10, 1))
    }

    @Test func aPointAfterTheMatchsEndIsRefused() throws {
        var match = SetMatch(rules: .squash, firstServer: .home)
        try match.play(String(repeating: "a", count: 33))
        let over = match
        #expect(throws: SetError.over) { try match.play("h") }
        #expect(throws: SetError.over) { try match.record(.timeout(.home)) }
        #expect(match == over)
        #expect(SetError.over.description == "the match is over: undo takes its last point back")
    }

    @Test func undoWithNothingToUndoIsRefused() {
        var match = SetMatch(rules: .tennis, firstServer: .away)
        #expect(throws: SetError.nothingToUndo) { try match.undo() }
        #expect(SetError.nothingToUndo.description == "nothing to undo: the match has no points yet")
    }

    @Test func theHistoryIsBounded() throws {
        // Deuce and advantage again and again: one game, 2000 points.
        var match = SetMatch(rules: .tennis, firstServer: .home)
        try match.rally(SetMatch.longestHistory / 2)
        #expect(match.history.count == 2000)
        #expect(match.pointTexts == PerSide("40", "40"))
        #expect(throws: SetError.historyFull) { try match.play("h") }
        #expect(match.history.count == 2000)
        #expect(
            SetError.historyFull.description == "the match keeps at most 2000 points and timeouts: a new match starts another")
    }

    @Test func timeoutsAreCountedPerSetAndStartAgainInTheNext() throws {
        var match = SetMatch(rules: .volleyball, firstServer: .home)
        try match.record(.timeout(.home))
        #expect(match.standing.events == [.timeout(.home)])
        try match.play("a")
        try match.record(.timeout(.home))
        #expect(match.standing.timeouts == PerSide(2, 0))
        let refused = SetError.noTimeoutLeft(.home, 2, .set)
        #expect(throws: refused) { try match.record(.timeout(.home)) }
        #expect(refused.description == "home has taken its 2 timeouts this set")
        try match.record(.timeout(.away))
        #expect(match.summary == "set=1 sets=0-0 points=0-1 serve=away timeouts=2-1")
        try match.play(String(repeating: "a", count: 24))
        #expect(match.standing.timeouts == PerSide(0, 0))
        try match.record(.timeout(.home))
        #expect(match.standing.timeouts == PerSide(1, 0))
        // Undo takes a timeout back like a point.
        try match.undo()
        #expect(match.standing.timeouts == PerSide(0, 0))
    }

    @Test func tableTennisHasOneTimeoutAMatchAndSquashNone() throws {
        var match = SetMatch(rules: .tableTennis, firstServer: .home)
        try match.record(.timeout(.away))
        try match.play(String(repeating: "h", count: 11))
        #expect(match.standing.timeouts == PerSide(0, 1))
        let refused = SetError.noTimeoutLeft(.away, 1, .match)
        #expect(throws: refused) { try match.record(.timeout(.away)) }
        #expect(refused.description == "away has taken its 1 timeout this match")
        var squash = SetMatch(rules: .squash, firstServer: .home)
        #expect(throws: SetError.noTimeouts) { try squash.record(.timeout(.home)) }
        #expect(SetError.noTimeouts.description == "these rules have no timeouts")
    }

    @Test func aMatchIsSavedAndReadBackWhole() throws {
        var match = SetMatch(rules: .tennis(bestOf: 5, noAd: true, matchTieBreak: true), firstServer: .away)
        try match.play(games(6, "h") + String(repeating: games(1, "h") + games(1, "a"), count: 6) + "hhhaaa")
        let json = try JSONEncoder().encode(match)
        let read = try JSONDecoder().decode(SetMatch.self, from: json)
        #expect(read == match)
        #expect(read.summary == "set=2 sets=1-0 games=6-6 points=3-3 tiebreak serve=home")
        for rules in [SetRules.volleyball, .beachVolleyball, .badminton, .tableTennis(bestOf: 7), .squash, .tennis] {
            #expect(try JSONDecoder().decode(SetRules.self, from: JSONEncoder().encode(rules)) == rules)
        }
    }

    @Test func aSavedHistoryTheRulesRefuseIsNotRead() throws {
        // A squash match as the state file would keep it, its history `history`.
        func saved(_ history: String) throws -> Data {
            let rules = String(decoding: try JSONEncoder().encode(SetRules.squash), as: UTF8.self)
            return Data("{\"rules\":\(rules),\"firstServer\":\"home\",\"history\":\"\(history)\"}".utf8)
        }
        func refusal(_ history: String) throws -> String? {
            do {
                _ = try JSONDecoder().decode(SetMatch.self, from: saved(history))
                return nil
            } catch DecodingError.dataCorrupted(let context) {
                return context.debugDescription
            }
        }
        let won = String(repeating: "h", count: 33)
        #expect(try JSONDecoder().decode(SetMatch.self, from: saved(won)).standing.winner == .home)
        #expect(try refusal(won + "a") == "history[33]: the match is over: undo takes its last point back")
        #expect(try refusal("hhx") == "history[2]: 'x' is not h, a (a point), H, A (a timeout), <, > (a serve)")
        #expect(try refusal("h\\u0007") == "history[1]: U+0007 is not h, a (a point), H, A (a timeout), <, > (a serve)")
        #expect(try refusal(String(repeating: "ha", count: 1001)) == "history: 2002 bytes, over the 2000 actions a match keeps")
    }

    @Test func aHistoryIsKeptAsOneLetterAnAction() throws {
        var match = SetMatch(rules: .volleyball, firstServer: .home)
        try match.play("hhA>aH<")
        let json = String(decoding: try JSONEncoder().encode(match), as: UTF8.self)
        #expect(json.contains(#""history":"hhA>aH<""#))
        #expect(match.history == [.point(.home), .point(.home), .timeout(.away), .serve(.away), .point(.away), .timeout(.home), .serve(.home)])
    }

    @Test func rulesOutOfRangeAreNamedAndASavedMatchUnderThemIsNotRead() throws {
        let presets: [SetRules] = [
            .volleyball, .beachVolleyball, .badminton, .tableTennis(bestOf: 7), .squash, .tennis(bestOf: 5, matchTieBreak: true),
        ]
        #expect(presets.map(\.problem) == Array(repeating: nil, count: 6))
        var rules = SetRules.badminton
        rules.bestOf = 4
        #expect(rules.problem == "best_of 4 is even: a match is best of an odd number of sets")
        rules.bestOf = 0
        #expect(rules.problem == "best_of 0 is out of range 1–9")
        rules = .badminton
        if case .rally(var rally) = rules.scoring {
            rally.cap = 20
            rules.scoring = .rally(rally)
        }
        #expect(rules.problem == "cap 20 is out of range 21–99")
        rules = .tableTennis
        if case .rally(var rally) = rules.scoring {
            rally.serve = .turns(0)
            rules.scoring = .rally(rally)
        }
        #expect(rules.problem == "serve_turns 0 is out of range 1–9")
        rules = .tennis
        if case .tennis(var tennis) = rules.scoring {
            tennis.games = 100
            rules.scoring = .tennis(tennis)
        }
        #expect(rules.problem == "games 100 is out of range 1–99")
        let json = try JSONEncoder().encode(SetMatch(rules: rules, firstServer: .home))
        do {
            _ = try JSONDecoder().decode(SetMatch.self, from: json)
            Issue.record("read a match under rules out of range")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription == "rules: games 100 is out of range 1–99")
        }
    }

    @Test func rulesWithACapAndTooManyPointsAreNamedNotATrap() {
        var rules = SetRules.badminton
        if case .rally(var rally) = rules.scoring {
            rally.points = 150
            rules.scoring = .rally(rally)
        }
        #expect(rules.problem == "points 150 is out of range 1–99")
    }
}
