import FlipClockCore
import Testing

/// Who serves set by an operator: a toss before a deciding set, or a correction; the order
/// of serve turns with it, and undo takes it back.
@Suite struct SetServeTests {
    @Test func theTossBeforeTheDecidingVolleyballSetChoosesItsServer() throws {
        var match = SetMatch(rules: .volleyball, firstServer: .home)
        let set = String(repeating: "h", count: 25)
        try match.play(set + set.replacing("h", with: "a") + set + set.replacing("h", with: "a"))
        // Home, away, home and away served sets 1 to 4 first: home would serve the fifth.
        #expect(match.standing.server == .home)
        try match.record(.serve(.away))
        #expect(match.standing.server == .away)
        #expect(match.standing.events == [])
        #expect(try match.servers("aah") == "aaa")
        #expect(match.standing.server == .home)
        try match.undo()
        try match.undo()
        try match.undo()
        try match.undo()
        #expect(match.standing.server == .home)
        #expect(match.standing.events == [.setWon(.away)])
    }

    @Test func midSetUnderTheRallyPointSystemOnlyTheNextRallysServerChanges() throws {
        var match = SetMatch(rules: .volleyball, firstServer: .home)
        try match.play("hh")
        try match.record(.serve(.away))
        #expect(try match.servers("h") == "a")
        #expect(match.standing.server == .home)
        // The set's first server is still home: away serves first in set 2.
        try match.play(String(repeating: "h", count: 22))
        #expect(match.setTexts == ["25-0"])
        #expect(match.standing.server == .away)
    }

    @Test func aCorrectionTurnsTableTennisTurnsAndTennisGames() throws {
        var tableTennis = SetMatch(rules: .tableTennis, firstServer: .home)
        #expect(try tableTennis.servers("hha") == "hha")
        try tableTennis.record(.serve(.home))
        #expect(try tableTennis.servers("hhhh") == "haah")
        var tennis = SetMatch(rules: .tennis, firstServer: .home)
        try tennis.play("hh")
        try tennis.record(.serve(.away))
        #expect(try tennis.servers("hh" + games(1, "a") + games(1, "a")) == "aa" + "hhhh" + "aaaa")
        #expect(tennis.summary == "set=1 sets=0-0 games=1-2 points=0-0 serve=home")
    }

    @Test func noOneServesAfterTheMatchsEnd() throws {
        var match = SetMatch(rules: .squash, firstServer: .home)
        try match.play(String(repeating: "h", count: 33))
        #expect(throws: SetError.over) { try match.record(.serve(.away)) }
    }
}
