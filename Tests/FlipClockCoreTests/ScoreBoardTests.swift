import Testing

@testable import FlipClockCore

/// The scores as commands change them: all or nothing, within each score's range.
@Suite struct ScoreBoardTests {
    let items = [ScoreItem(name: "home", digits: 2), ScoreItem(name: "away", digits: 2, minimum: 1, maximum: 50)]

    @Test func aCommandChangesAllOrNothing() throws {
        var board = ScoreBoard(items: items, values: ["home": 3])
        #expect(board.summary == "home=3 away=1")
        #expect(throws: ScoreError.outOfRange("away", value: 60, allowed: 1...50)) {
            try board.apply(.set, [("home", 7), ("away", 60)])
        }
        #expect(board.values == ["home": 3, "away": 1])
        #expect(try board.apply(.set, [("home", 7), ("away", 6)]) == ["home": 7, "away": 6])
        #expect(try board.apply(.add, [("away", 4)]) == ["away": 10])
        #expect(try board.apply(.subtract, [("home", 7)]) == ["home": 0])
        #expect(throws: ScoreError.outOfRange("home", value: -1, allowed: 0...99)) { try board.apply(.subtract, [("home", 1)]) }
        #expect(throws: ScoreError.outOfRange("home", value: nil, allowed: 0...99)) { try board.apply(.subtract, [("home", Int.min)]) }
        #expect(try board.apply(.reset, []) == ["home": 0, "away": 1])
        #expect(throws: ScoreError.unknown("guests", known: ["home", "away"])) { try board.apply(.set, [("guests", 1)]) }
    }

    @Test func savedValuesAreKeptInRangeAndUnknownOnesDropped() {
        let board = ScoreBoard(items: items, values: ["home": 500, "away": 0, "old": 3])
        #expect(board.values == ["home": 99, "away": 1])
    }

    @Test(arguments: [
        (ScoreError.outOfRange("away", value: 60, allowed: 1...50), "away would be 60; allowed 1...50"),
        (.outOfRange("home", value: nil, allowed: 0...99), "home would be out of range; allowed 0...99"),
        (.unknown("guests", known: ["home", "away"]), "\"guests\"; scores are home, away"),
        (.unknown("home", known: []), "\"home\"; scores are none (add [[score]] to the configuration)"),
    ])
    func eachRefusalSaysWhy(_ error: ScoreError, _ reason: String) {
        #expect(error.description == reason)
    }
}
