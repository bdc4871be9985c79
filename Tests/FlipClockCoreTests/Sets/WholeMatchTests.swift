import FlipClockCore
import Foundation
import Testing

/// Whole matches played from their points (and timeouts), the board compared at each step
/// that matters.
@Suite struct WholeMatchTests {
    /// Plays `steps` in order and compares the summary and the events after each.
    static func play(_ match: inout SetMatch, _ steps: [(String, String, [SetMatch.Event])]) throws {
        for (actions, summary, events) in steps {
            try match.play(actions)
            #expect(match.summary == summary, "after \(actions)")
            #expect(match.standing.events == events, "after \(actions)")
        }
    }

    static func rallies(_ n: Int) -> String { String(repeating: "ha", count: n) }

    @Test func aVolleyballMatch() throws {
        var match = SetMatch(rules: .volleyball, firstServer: .home)
        try Self.play(
            &match,
            [
                ("h", "set=1 sets=0-0 points=1-0 serve=home timeouts=0-0", []),
                ("a", "set=1 sets=0-0 points=1-1 serve=away timeouts=0-0", []),
                (Self.rallies(9) + "A", "set=1 sets=0-0 points=10-10 serve=away timeouts=0-1", [.timeout(.away)]),
                (Self.rallies(13) + "h", "set=1 sets=0-0 points=24-23 serve=home timeouts=0-1", []),
                ("h", "set=2 sets=1-0 points=0-0 serve=away timeouts=0-0", [.setWon(.home), .changeEnds]),
                (Self.rallies(20) + "H", "set=2 sets=1-0 points=20-20 serve=away timeouts=1-0", [.timeout(.home)]),
                ("aaaaa", "set=3 sets=1-1 points=0-0 serve=home timeouts=0-0", [.setWon(.away), .changeEnds]),
                (Self.rallies(24) + "h", "set=3 sets=1-1 points=25-24 serve=home timeouts=0-0", []),
                ("h", "set=4 sets=2-1 points=0-0 serve=away timeouts=0-0", [.setWon(.home), .changeEnds]),
                (Self.rallies(19) + "hhhhh", "set=4 sets=2-1 points=24-19 serve=home timeouts=0-0", []),
                ("h", "set=4 sets=3-1 won=home", [.matchWon(.home)]),
            ])
        #expect(match.setTexts == ["25-23", "20-25", "26-24", "25-19"])
        #expect(match.history.count == 48 + 45 + 50 + 44 + 2)
        // As the state file keeps it: the whole match read back the same, over and all.
        let read = try JSONDecoder().decode(SetMatch.self, from: JSONEncoder().encode(match))
        #expect(read == match)
        #expect(read.standing.winner == .home)
    }

    @Test func aTennisMatch() throws {
        var match = SetMatch(rules: .tennis, firstServer: .home)
        let (h, a) = (games(1, "h"), games(1, "a"))
        try Self.play(
            &match,
            [
                (h, "set=1 sets=0-0 games=1-0 points=0-0 serve=away", [.gameWon(.home), .changeEnds]),
                (a, "set=1 sets=0-0 games=1-1 points=0-0 serve=home", [.gameWon(.away)]),
                ("hhhaaah", "set=1 sets=0-0 games=1-1 points=AD-40 serve=home", []),
                ("ahh", "set=1 sets=0-0 games=2-1 points=0-0 serve=away", [.gameWon(.home), .changeEnds]),
                ("hhaa", "set=1 sets=0-0 games=2-1 points=30-30 serve=away", []),
                ("aa", "set=1 sets=0-0 games=2-2 points=0-0 serve=home", [.gameWon(.away)]),
                (h + a + h + a, "set=1 sets=0-0 games=4-4 points=0-0 serve=home", [.gameWon(.away)]),
                (h + h, "set=2 sets=1-0 games=0-0 points=0-0 serve=home", [.setWon(.home)]),
                (String(repeating: h + a, count: 6), "set=2 sets=1-0 games=6-6 points=0-0 tiebreak serve=home", [.gameWon(.away)]),
                ("hhhhhaaaaa", "set=2 sets=1-0 games=6-6 points=5-5 tiebreak serve=away", []),
                ("a", "set=2 sets=1-0 games=6-6 points=5-6 tiebreak serve=home", []),
                ("a", "set=3 sets=1-1 games=0-0 points=0-0 serve=away", [.setWon(.away), .changeEnds]),
                (h + h + a + h + a + h + a + h, "set=3 sets=1-1 games=5-3 points=0-0 serve=away", [.gameWon(.home)]),
                ("hhh", "set=3 sets=1-1 games=5-3 points=40-0 serve=away", []),
                ("h", "set=3 sets=2-1 won=home", [.matchWon(.home)]),
            ])
        #expect(match.setTexts == ["6-4", "6-7(5-7)", "6-3"])
    }
}
