import FlipClockCore
import Testing

/// The sports whose rallies make sets: volleyball, beach volleyball, badminton, table tennis
/// and squash; each set's end, the serve and the ends.
@Suite struct RallyMatchTests {
    @Test func aVolleyballSetIsWonByTwo() throws {
        var match = SetMatch(rules: .volleyball, firstServer: .home)
        try match.rally(24)
        try match.play("h")
        #expect(match.standing.points == PerSide(25, 24))
        #expect(match.standing.finishedSets.isEmpty)
        #expect(match.standing.events == [])
        try match.play("h")
        #expect(match.setTexts == ["26-24"])
        #expect(match.standing.points == PerSide(0, 0))
        #expect(match.standing.events == [.setWon(.home), .changeEnds])
        // The side that did not serve first in set 1 serves first in set 2; then the winner of a rally.
        #expect(match.standing.server == .away)
        #expect(try match.servers("hha") == "ahh")
        #expect(match.standing.server == .away)
        #expect(match.summary == "set=2 sets=1-0 points=2-1 serve=away timeouts=0-0")
    }

    @Test func theDecidingVolleyballSetIsToFifteenAndItsEndsChangeAtEight() throws {
        var match = SetMatch(rules: .volleyball, firstServer: .home)
        let set = String(repeating: "h", count: 25)
        try match.play(set + set.replacing("h", with: "a") + set + set.replacing("h", with: "a"))
        #expect(match.setTexts == ["25-0", "0-25", "25-0", "0-25"])
        // A toss chooses the ends before the deciding set: no change shown.
        #expect(match.standing.events == [.setWon(.away)])
        #expect(match.standing.set == 5)
        try match.play("hhhhhhh")
        #expect(match.standing.events == [])
        try match.play("h")
        #expect(match.standing.events == [.changeEnds])
        try match.play("aaaaaaaa")
        #expect(match.standing.events == [])
        try match.play("hhhhhh aaaaaa")
        #expect(match.standing.points == PerSide(14, 14))
        try match.play("h")
        #expect(!match.standing.isOver)
        try match.play("h")
        #expect(match.standing.winner == .home)
        #expect(match.standing.events == [.matchWon(.home)])
        #expect(match.setTexts == ["25-0", "0-25", "25-0", "0-25", "16-14"])
    }

    @Test func beachVolleyballsEndsChangeEverySevenPointsAndEveryFiveInTheThirdSet() throws {
        var match = SetMatch(rules: .beachVolleyball, firstServer: .home)
        var changes: [Int] = []
        for n in 1...42 {
            try match.play(n % 2 == 1 ? "h" : "a")
            if match.standing.events.contains(.changeEnds) { changes.append(n) }
        }
        #expect(changes == [7, 14, 21, 28, 35, 42])
        try match.play("hh")
        #expect(match.setTexts == ["23-21"])
        // The sides choose their ends again between sets.
        #expect(match.standing.events == [.setWon(.home)])
        try match.play(String(repeating: "a", count: 21))
        #expect(match.standing.set == 3)
        changes = []
        for n in 1...20 {
            try match.play(n % 2 == 1 ? "h" : "a")
            if match.standing.events.contains(.changeEnds) { changes.append(n) }
        }
        #expect(changes == [5, 10, 15, 20])
        try match.play("hhhhh")
        #expect(match.standing.winner == .home)
        #expect(match.setTexts == ["23-21", "0-21", "15-10"])
    }

    @Test func badmintonAtTwentyNineAllTheNextPointWins() throws {
        var match = SetMatch(rules: .badminton, firstServer: .home)
        try match.rally(29)
        try match.play("a")
        #expect(match.setTexts == ["29-30"])
        #expect(match.standing.events == [.setWon(.away), .changeEnds])
        // The winner of a game serves first in the next.
        #expect(match.standing.server == .away)
    }

    @Test func badmintonIsWonTwentyOneNineteenAndFromTwentyAllByTwo() throws {
        var match = SetMatch(rules: .badminton, firstServer: .home)
        try match.rally(19)
        try match.play("hh")
        #expect(match.setTexts == ["21-19"])
        try match.rally(20)
        try match.play("a")
        #expect(match.standing.points == PerSide(20, 21))
        try match.play("h h")
        #expect(match.standing.points == PerSide(22, 21))
        try match.play("h")
        #expect(match.setTexts == ["21-19", "23-21"])
        #expect(match.standing.winner == .home)
    }

    @Test func badmintonsThirdGameChangesEndsAtEleven() throws {
        var match = SetMatch(rules: .badminton, firstServer: .home)
        try match.play(String(repeating: "h", count: 21) + String(repeating: "a", count: 21))
        try match.play("aaaaaaaaaa")
        #expect(match.standing.events == [])
        try match.play("a")
        #expect(match.standing.events == [.changeEnds])
        try match.play("hhhhhhhhhhh")
        #expect(match.standing.events == [])
    }

    @Test func tableTennisServesTwoEachThenOneEachFromTenAll() throws {
        var match = SetMatch(rules: .tableTennis, firstServer: .home)
        #expect(try match.servers(String(repeating: "ha", count: 10)) == "hhaahhaahhaahhaahhaa")
        #expect(match.standing.points == PerSide(10, 10))
        #expect(try match.servers("hahah") == "hahah")
        #expect(match.standing.points == PerSide(13, 12))
        try match.play("h")
        #expect(match.setTexts == ["14-12"])
        #expect(match.standing.events == [.setWon(.home), .changeEnds])
        // Who served first in a game receives first in the next.
        #expect(try match.servers("hhhh") == "aahh")
    }

    @Test func tableTennisBestOfSevenNeedsFourGamesAndChangesEndsAtFiveInTheSeventh() throws {
        var match = SetMatch(rules: .tableTennis(bestOf: 7), firstServer: .home)
        let game = String(repeating: "h", count: 11)
        try match.play(String(repeating: game + game.replacing("h", with: "a"), count: 3))
        #expect(match.standing.sets == PerSide(3, 3))
        #expect(!match.standing.isOver)
        #expect(match.standing.events == [.setWon(.away), .changeEnds])
        try match.play("aaaa")
        #expect(match.standing.events == [])
        try match.play("a")
        #expect(match.standing.events == [.changeEnds])
        try match.play(game)
        #expect(match.standing.winner == .home)
        #expect(match.setTexts.last == "11-5")
    }

    @Test func squashIsPointARallyToElevenByTwoWithTheWinnerServing() throws {
        var match = SetMatch(rules: .squash, firstServer: .home)
        #expect(try match.servers(String(repeating: "ha", count: 10)) == "h" + String(repeating: "ha", count: 9) + "h")
        try match.play("h")
        #expect(match.standing.points == PerSide(11, 10))
        #expect(match.standing.server == .home)
        try match.play("a")
        try match.play("aa")
        // One court: no ends to change; the winner of a game serves first in the next.
        #expect(match.setTexts == ["11-13"])
        #expect(match.standing.events == [.setWon(.away)])
        #expect(match.standing.server == .away)
        #expect(match.summary == "set=2 sets=0-1 points=0-0 serve=away")
    }
}
