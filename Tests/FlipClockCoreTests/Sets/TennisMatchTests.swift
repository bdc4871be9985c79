import FlipClockCore
import Testing

/// Tennis: points in games, games in sets, tie-breaks, the serve and the ends.
@Suite struct TennisMatchTests {
    @Test func deuceAndAdvantageGoBackToDeuce() throws {
        var match = SetMatch(rules: .tennis, firstServer: .home)
        try match.play("hhaa")
        #expect(match.pointTexts == PerSide("30", "30"))
        try match.play("ha")
        #expect(match.pointTexts == PerSide("40", "40"))
        try match.play("h")
        #expect(match.pointTexts == PerSide("AD", "40"))
        try match.play("a")
        #expect(match.pointTexts == PerSide("40", "40"))
        try match.play("a")
        #expect(match.pointTexts == PerSide("40", "AD"))
        #expect(match.standing.games == PerSide(0, 0))
        try match.play("a")
        #expect(match.standing.games == PerSide(0, 1))
        #expect(match.pointTexts == PerSide("0", "0"))
        #expect(match.standing.events == [.gameWon(.away), .changeEnds])
        #expect(match.standing.server == .away)
        #expect(match.summary == "set=1 sets=0-0 games=0-1 points=0-0 serve=away")
    }

    @Test func withoutAdvantageTheNextPointAtDeuceWinsTheGame() throws {
        var match = SetMatch(rules: .tennis(noAd: true), firstServer: .home)
        try match.play("hhhaaa")
        #expect(match.pointTexts == PerSide("40", "40"))
        try match.play("a")
        #expect(match.standing.games == PerSide(0, 1))
        #expect(match.standing.events == [.gameWon(.away), .changeEnds])
    }

    @Test func sevenFiveWinsASetWithoutATieBreak() throws {
        var match = SetMatch(rules: .tennis, firstServer: .home)
        try match.play(String(repeating: games(1, "h") + games(1, "a"), count: 5) + games(1, "h"))
        #expect(match.standing.games == PerSide(6, 5))
        #expect(match.standing.events == [.gameWon(.home), .changeEnds])
        #expect(!match.standing.inTieBreak)
        try match.play(games(1, "h"))
        #expect(match.setTexts == ["7-5"])
        // Twelve games: the ends change after the next set's first.
        #expect(match.standing.events == [.setWon(.home)])
        #expect(match.standing.games == PerSide(0, 0))
        try match.play(games(1, "a"))
        #expect(match.standing.events == [.gameWon(.away), .changeEnds])
    }

    /// 6–6 by games in turn: home served games 1, 3, … 11, so home serves the tie-break first.
    static func sixAll() throws -> SetMatch {
        var match = SetMatch(rules: .tennis, firstServer: .home)
        try match.play(String(repeating: games(1, "h") + games(1, "a"), count: 6))
        return match
    }

    @Test func aTieBreakAtSixAllIsWonSevenFive() throws {
        var match = try Self.sixAll()
        #expect(match.standing.inTieBreak)
        #expect(match.standing.games == PerSide(6, 6))
        #expect(match.summary == "set=1 sets=0-0 games=6-6 points=0-0 tiebreak serve=home")
        try match.play("hhhhhaaaaa")
        #expect(match.pointTexts == PerSide("5", "5"))
        try match.play("h")
        #expect(match.standing.sets == PerSide(0, 0))
        try match.play("h")
        #expect(match.setTexts == ["7-6(7-5)"])
        #expect(match.standing.sets == PerSide(1, 0))
        // Thirteen games: the ends change at the set's end.
        #expect(match.standing.events == [.setWon(.home), .changeEnds])
        #expect(!match.standing.inTieBreak)
    }

    @Test func aTieBreakAtSixAllIsWonByTwo() throws {
        var match = try Self.sixAll()
        try match.play("hhhhhhaaaaaa h")
        #expect(match.pointTexts == PerSide("7", "6"))
        #expect(match.standing.finishedSets.isEmpty)
        try match.play("h")
        #expect(match.setTexts == ["7-6(8-6)"])
    }

    @Test func theTieBreaksServeAlternatesAfterItsFirstPointThenEveryTwo() throws {
        var match = try Self.sixAll()
        #expect(try match.servers("hhhhh a") == "haahha")
        // The ends change after each 6 points of a tie-break.
        #expect(match.standing.events == [.changeEnds])
        #expect(try match.servers("hh") == "ah")
        #expect(match.setTexts == ["7-6(7-1)"])
        #expect(match.standing.events == [.setWon(.home), .changeEnds])
        // Who received first in the tie-break serves first in the next set.
        #expect(match.standing.server == .away)
        #expect(try match.servers(games(1, "h") + games(1, "h")) == "aaaahhhh")
    }

    @Test func aMatchTieBreakIsWonAtTenEightNotTenNine() throws {
        var match = SetMatch(rules: .tennis(matchTieBreak: true), firstServer: .home)
        try match.play(games(6, "h") + games(6, "a"))
        #expect(match.setTexts == ["6-0", "0-6"])
        #expect(match.standing.inTieBreak)
        #expect(match.standing.set == 3)
        var close = match
        try close.play("hhhhhhhhh aaaaaaaaa h")
        #expect(close.pointTexts == PerSide("10", "9"))
        #expect(!close.standing.isOver)
        try close.play("a hh")
        #expect(close.standing.winner == .home)
        #expect(close.setTexts == ["6-0", "0-6", "1-0(12-10)"])
        try match.play("aaaaaaaa hhhhhhhhhh")
        #expect(match.standing.winner == .home)
        #expect(match.standing.events == [.matchWon(.home)])
        #expect(match.setTexts == ["6-0", "0-6", "1-0(10-8)"])
        #expect(match.summary == "set=3 sets=2-1 won=home")
    }

    @Test func theEndsChangeAfterTheFirstGameAndEachOddTotalOfASet() throws {
        var match = SetMatch(rules: .tennis, firstServer: .home)
        var changes: [Int] = []
        for (game, side) in zip(1..., "hhhhhaaaah hhhhhh".filter { $0 != " " }) {
            try match.play(games(1, side))
            if match.standing.events.contains(.changeEnds) { changes.append(game) }
        }
        // Set 1 is 6–4 (games 1–10): the next change is after set 2's first game (game 11);
        // set 2 is 6–0 (games 11–16).
        #expect(match.setTexts == ["6-4", "6-0"])
        #expect(changes == [1, 3, 5, 7, 9, 11, 13, 15])
    }
}
