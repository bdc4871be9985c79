import FlipClockCore
import FlipClockTestKit
import Foundation
import Testing

@testable import FlipClockDaemon

/// Matches counted in sets played through the loop on the simulated clock, a request a second:
/// each reply compared with what the sport's rules say, worked out by hand; the board's
/// messages; the match kept across a daemon that dies.
@Suite struct LoopSetTests {
    static func configure(_ sport: SetSettings.Sport) -> (inout ClockConfiguration) -> Void {
        { c in
            var sets = SetSettings()
            sets.sport = sport
            sets.rules = sport.rules(bestOf: nil, noAd: false, matchTieBreak: false)
            c.sets = sets
            c.rowNames = [["home_serve", "home_points", "away_points", "away_serve"], ["home_sets", "away_sets"]]
        }
    }

    /// `lines` answered one a second from 1 s on; the replies of those numbered in `kept` (1-based),
    /// and `message list` after each of those.
    static func play(
        _ sport: SetSettings.Sport, _ lines: [String], keeping kept: Set<Int>, parts: ClockLoop.Parts = ClockLoop.Parts()
    ) throws -> [Int: String] {
        var replies: [Int: String] = [:]
        _ = try SimulatedRun(
            from: LoopGameTests.start, zone: "UTC", length: .seconds(lines.count + 2), configure: configure(sport), parts: parts
        ) { clock, loop in
            for (k, line) in lines.enumerated() {
                clock.at(
                    .seconds(k + 1),
                    .run {
                        let reply = loop.answer(line)
                        if kept.contains(k + 1) { replies[k + 1] = reply + " | " + loop.answer("message list") }
                    })
            }
        }
        return replies
    }

    static func points(_ sides: String) -> [String] { sides.map { $0 == "h" ? "point home" : "point away" } }

    /// Volleyball, home 3–1: 25–20, 23–25, 25–18, then 26–24 after 24 all; a timeout, an
    /// undo across the second set's end and back.
    @Test func aWholeVolleyballMatch() throws {
        let set1 = String(repeating: "ha", count: 20) + "hhhhh"  // 25-20
        let set2 = String(repeating: "ha", count: 23) + "aa"  // 23-25
        let set3 = String(repeating: "ha", count: 18) + "hhhhhhh"  // 25-18
        let set4 = String(repeating: "ha", count: 24) + "hh"  // 26-24
        var lines = Self.points(set1)
        lines.append("point timeout away")  // 46: in set 2
        lines += Self.points(set2)  // 47...94
        lines.append("point undo")  // 95: back to 23-24 in set 2
        lines.append("point away")  // 96: 23-25 again
        lines += Self.points(set3)  // 97...139
        lines += Self.points(set4)  // 140...189
        lines.append("point home")  // 190: refused
        let replies = try Self.play(.volleyball, lines, keeping: [45, 46, 94, 95, 96, 138, 139, 188, 189, 190])
        // `undo=` counts the actions kept: the undo at 95 took one back.
        #expect(
            replies[45] == #"OK set=2 sets=1-0 points=0-0 serve=away timeouts=0-0 undo=45 | OK 1 shown "Set home 25-20. Change ends" for 30s row 1"#)
        #expect(replies[46]?.hasPrefix("OK set=2 sets=1-0 points=0-0 serve=away timeouts=0-1 undo=46 | ") == true)
        // A message waits for the one before it (30 s each).
        #expect(
            replies[94]
                == #"OK set=3 sets=1-1 points=0-0 serve=home timeouts=0-0 undo=94 | OK 2 shown "Timeout away" for 30s row 1, 3 waiting "Set away 23-25. Change ends" for 30s row 1"#
        )
        #expect(replies[95]?.hasPrefix("OK set=2 sets=1-0 points=23-24 serve=away timeouts=0-1 undo=93 | ") == true)
        #expect(replies[96]?.hasPrefix("OK set=3 sets=1-1 points=0-0 serve=home timeouts=0-0 undo=94 | ") == true)
        #expect(replies[138]?.hasPrefix("OK set=3 sets=1-1 points=24-18 serve=home timeouts=0-0 undo=136 | ") == true)
        #expect(replies[139]?.hasPrefix("OK set=4 sets=2-1 points=0-0 serve=away timeouts=0-0 undo=137 | ") == true)
        #expect(replies[139]?.hasSuffix(#"waiting "Set home 25-18. Change ends" for 30s row 1"#) == true)
        #expect(replies[188]?.hasPrefix("OK set=4 sets=2-1 points=25-24 serve=home timeouts=0-0 undo=186 | ") == true)
        #expect(replies[189]?.hasPrefix("OK set=4 sets=3-1 won=home undo=187 | ") == true)
        #expect(replies[189]?.hasSuffix(#"6 waiting "Match home 3-1" for 30s row 1"#) == true)
        #expect(replies[190]?.hasPrefix("ERR state the match is over: undo takes its last point back | ") == true)
    }
}
