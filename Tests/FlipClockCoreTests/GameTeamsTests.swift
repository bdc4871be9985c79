import FlipClockCore
import Testing

/// The possession arrow and the penalties: they run only with the game clock, end by
/// themselves, and are bounded.
@Suite struct GameTeamsTests {
    static let t0 = WallInstant(unixSeconds: 1_700_000_000)
    static func at(_ ms: Int64) -> WallInstant { t0 + .milliseconds(ms) }

    static var hockey: GameRules {
        var r = GameRules()
        r.periods = 3
        r.periodSeconds = 1200
        r.breakSeconds = [1080]
        return r
    }

    @Test func thePossessionArrowPointsAndSwitches() throws {
        var game = Game(rules: Self.hockey)
        #expect(game.teams.possessionText == nil)
        try game.apply(.possession(.home), at: Self.at(0))
        #expect(game.teams.possessionText == "«")
        try game.apply(.switchPossession, at: Self.at(0))
        #expect(game.teams.possessionText == "»")
        try game.apply(.possession(nil), at: Self.at(0))
        try game.apply(.switchPossession, at: Self.at(0))
        #expect(game.teams.possession == nil)
    }

    @Test func aPenaltyRunsOnlyWithTheGameClockAndEndsByItself() throws {
        var game = Game(rules: Self.hockey)
        try game.apply(.penalty(.home, 120_000), at: Self.at(0))
        // Stopped: the penalty waits with the game clock.
        #expect(game.teams.penaltyText(.home, at: Self.at(30_000)) == "2:00")
        try game.apply(.start, at: Self.at(30_000))
        #expect(game.teams.penaltyText(.home, at: Self.at(30_001)) == "2:00")
        #expect(game.teams.penaltyText(.home, at: Self.at(31_000)) == "1:59")
        #expect(game.nextChange(after: Self.at(31_500)) == Self.at(32_000))
        try game.apply(.stop, at: Self.at(60_000))
        #expect(game.teams.penaltyText(.home, at: Self.at(90_000)) == "1:30")
        try game.apply(.start, at: Self.at(90_000))
        // Two minutes of game time after it was given, it is over: no cards.
        #expect(game.teams.penaltyText(.home, at: Self.at(179_999)) == "0:01")
        #expect(game.teams.penaltyText(.home, at: Self.at(180_000)) == nil)
        #expect(game.teams.penaltyText(.away, at: Self.at(100_000)) == nil)
    }

    @Test func theShortestPenaltyIsShownAndAFifthIsRefused() throws {
        var game = Game(rules: Self.hockey)
        try game.apply(.start, at: Self.at(0))
        try game.apply(.penalty(.away, 300_000), at: Self.at(0))
        try game.apply(.penalty(.away, 120_000), at: Self.at(10_000))
        #expect(game.teams.penaltyText(.away, at: Self.at(10_000)) == "2:00")
        try game.apply(.penalty(.away, 120_000), at: Self.at(10_000))
        try game.apply(.penalty(.away, 120_000), at: Self.at(10_000))
        #expect(throws: GameError.tooManyPenalties("away")) { try game.apply(.penalty(.away, 120_000), at: Self.at(10_000)) }
        #expect("\(GameError.tooManyPenalties("away"))" == "away serves 4 penalties already; 'game penalty away clear' clears them")
        // Once three are served, room for more.
        try game.apply(.penalty(.away, 120_000), at: Self.at(200_000))
        try game.apply(.clearPenalties(.away), at: Self.at(200_000))
        #expect(game.teams.penaltyText(.away, at: Self.at(200_000)) == nil)
        #expect(throws: GameError.outOfRange("penalty", 600_000)) { try game.apply(.penalty(.home, 600_000), at: Self.at(0)) }
    }

    @Test func aPeriodsEndStopsThePenaltiesWhichCarryOver() throws {
        var game = Game(rules: Self.hockey)
        try game.apply(.set(60_000), at: Self.at(0))
        try game.apply(.start, at: Self.at(0))
        try game.apply(.penalty(.home, 120_000), at: Self.at(0))
        _ = game.advance(to: Self.at(61_000))
        #expect(game.phase == .break)
        #expect(game.teams.penaltyText(.home, at: Self.at(500_000)) == "1:00")
        _ = game.advance(to: Self.at(60_000 + 1_080_000))
        try game.apply(.start, at: Self.at(1_200_000))
        #expect(game.teams.penaltyText(.home, at: Self.at(1_230_000)) == "0:30")
    }
}

/// Every game item gives exactly its cards, whatever its text.
@Suite struct GameItemTests {
    @Test(arguments: GameItem.Part.allCases)
    func anyTextGivesExactlyTheItemsCards(_ part: GameItem.Part) {
        let item = GameItem(part, label: "", start: "")
        let count = item.groups.reduce(0) { $0 + $1.count }
        for text in [nil, "", "1", "12:34", "59.9", "0.0", "1:42", "«", "123456789", ".", ":"] as [String?] {
            #expect(item.values(text).count == count, "\(part) \(text ?? "nil")")
        }
    }

    @Test func theCardsReadAsTheClockDoes() {
        #expect(GameItem(.clock, label: "", start: "").values("12:34") == ["1", "2", "3", "4"])
        #expect(GameItem(.clock, label: "", start: "").values("9.9") == ["", "9", ".", "9"])
        #expect(GameItem(.shot, label: "", start: "").values("4.9") == ["4.", "9"])
        #expect(GameItem(.shot, label: "", start: "").values("9") == ["", "9"])
        #expect(GameItem(.homePenalty, label: "", start: "").values("1:42") == ["1", "4", "2"])
        #expect(GameItem(.homePenalty, label: "", start: "").values(nil) == ["", "", ""])
    }
}
