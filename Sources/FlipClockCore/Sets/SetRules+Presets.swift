extension SetRules {
    /// Volleyball (FIVB Official Volleyball Rules): sets to 25 and the fifth to 15, each won
    /// by 2 with no cap (rule 6.2); best of 5 (6.3); the rally point system, and the side that
    /// did not serve first in a set serves first in the next (12.2); two timeouts a side a set
    /// (15.2); ends change after each set and in the deciding set when a side reaches 8 (18.2).
    /// Before the deciding set a new toss chooses ends and the first server (7.1).
    public static var volleyball: SetRules {
        var rally = Rally(points: 25, decidingPoints: 15, serve: .winner, nextSetServer: .alternates, endsAfterSet: true)
        rally.tossBeforeDecidingSet = true
        rally.decidingEndsAt = 8
        return SetRules(bestOf: 5, scoring: .rally(rally), timeouts: 2)
    }

    /// Beach volleyball (FIVB Official Beach Volleyball Rules): sets to 21 and the third to 15,
    /// by 2 with no cap; best of 3; the rally point system; one timeout a side a set; ends
    /// change every 7 points played in sets 1 and 2 and every 5 in the third (18.2). Between
    /// sets the sides choose ends again (a new toss before the third), so no change is shown
    /// then. The technical timeout at 21 points played is left out.
    public static var beachVolleyball: SetRules {
        var rally = Rally(points: 21, decidingPoints: 15, serve: .winner, nextSetServer: .alternates, endsAfterSet: false)
        rally.tossBeforeDecidingSet = true
        rally.endsEvery = 7
        rally.decidingEndsEvery = 5
        return SetRules(bestOf: 3, scoring: .rally(rally), timeouts: 1)
    }

    /// Badminton singles (BWF Laws of Badminton): games to 21, by 2, and at 29 all the 30th
    /// point wins (law 7); best of 3; the winner of a rally serves the next, the winner of a
    /// game the next game's first (laws 7 and 10); ends change after each game and in the
    /// third when a side first reaches 11 (law 8). No timeouts (the intervals are not).
    public static var badminton: SetRules {
        var rally = Rally(points: 21, decidingPoints: 21, cap: 30, serve: .winner, nextSetServer: .setWinner, endsAfterSet: true)
        rally.decidingEndsAt = 11
        return SetRules(bestOf: 3, scoring: .rally(rally))
    }

    /// Table tennis singles (ITTF Laws 2.11–2.13), best of 5: ``tableTennis(bestOf:)``.
    public static var tableTennis: SetRules { tableTennis(bestOf: 5) }

    /// Table tennis singles (ITTF Laws 2.11–2.13): games to 11, by 2; best of `bestOf` (5 or
    /// 7); each side serves 2 points in turn and from 10 all one; the side that served first
    /// in a game receives first in the next; ends change after each game and in the deciding
    /// game when a side first reaches 5. One timeout a side a match (ITTF Regulations 3.4.4).
    public static func tableTennis(bestOf: Int) -> SetRules {
        var rally = Rally(points: 11, decidingPoints: 11, serve: .turns(2), nextSetServer: .alternates, endsAfterSet: true)
        rally.decidingEndsAt = 5
        return SetRules(bestOf: bestOf, scoring: .rally(rally), timeouts: 1, timeoutsPer: .match)
    }

    /// Squash singles (World Squash Singles Rules 2): point-a-rally games to 11, by 2; best of
    /// 5; the winner of a rally serves the next, the winner of a game the next game's first.
    /// One court, no ends to change, no timeouts.
    public static var squash: SetRules {
        SetRules(bestOf: 5, scoring: .rally(Rally(points: 11, decidingPoints: 11, serve: .winner, nextSetServer: .setWinner, endsAfterSet: false)))
    }

    /// Tennis singles, best of 3, advantage games, tie-breaks at 6 all: ``tennis(bestOf:noAd:matchTieBreak:)``.
    public static var tennis: SetRules { tennis(bestOf: 3) }

    /// Tennis singles (ITF Rules of Tennis): points 0, 15, 30, 40, deuce and advantage (rule 5;
    /// `noAd`: at deuce the next point wins, Appendix V); sets of 6 games by 2 with a tie-break
    /// to 7 by 2 at 6 all (rule 6); best of `bestOf` (3 or 5; rule 7), `matchTieBreak`: the
    /// deciding set is one tie-break to 10 by 2 (Appendix V). The serve changes each game, in
    /// a tie-break after its first point and then every 2, and who received first in a
    /// tie-break serves first in the next set (rule 14); ends change after each game that
    /// makes the set's games odd (the first, the third, …; a set's last, a tie-break counting
    /// as one game), and in a tie-break every 6 points (rule 10). No timeouts.
    public static func tennis(bestOf: Int = 3, noAd: Bool = false, matchTieBreak: Bool = false) -> SetRules {
        SetRules(bestOf: bestOf, scoring: .tennis(Tennis(noAd: noAd, matchTieBreak: matchTieBreak ? 10 : nil)))
    }
}
