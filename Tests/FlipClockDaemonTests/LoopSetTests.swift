import FlipClockControl
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
        // The set won again after the undo withdrew the one waiting: each is said once.
        #expect(replies[139]?.hasSuffix(#"| OK 5 shown "Set home 25-18. Change ends" for 30s row 1"#) == true)
        #expect(replies[188]?.hasPrefix("OK set=4 sets=2-1 points=25-24 serve=home timeouts=0-0 undo=186 | ") == true)
        #expect(replies[189]?.hasPrefix("OK set=4 sets=3-1 won=home undo=187 | ") == true)
        #expect(replies[189]?.hasSuffix(#"| OK 6 shown "Match home 3-1" for 30s row 1"#) == true)
        #expect(replies[190]?.hasPrefix("ERR state the match is over: undo takes its last point back | ") == true)
    }

    /// Tennis, best of 3, home 7-6(7-5) 6-3: a deuce and an advantage lost in the first game,
    /// the tie-break's serve, the next set served first by who received first in it; the
    /// last point undone, and the match kept in the state file across a daemon started again.
    @Test func aWholeTennisMatchKeptAcrossARestart() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipclock-sets-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var parts = ClockLoop.Parts()
        parts.stateFile = StateFile(path: folder + "/state.json")
        parts.record = RecordFolder(path: folder + "/record")
        let game = { (side: Character) in String(repeating: side, count: 4) }
        // Game 1: deuce, advantage home, deuce, then home twice.
        var sides = "hahaha" + "h" + "a" + "hh"  // 1...10
        // Games 2 to 12: away, home, … to 6 all.
        sides += (2...12).map { game($0 % 2 == 0 ? "a" : "h") }.joined()  // 11...54
        sides += String(repeating: "ha", count: 5) + "hh"  // the tie-break, 7-5: 55...66
        sides += "hahahahhh".map { game($0) }.joined()  // set 2, 6-3: 67...102
        let lines = Self.points(sides) + ["point undo"]  // 103
        let replies = try Self.play(.tennis, lines, keeping: [6, 7, 8, 10, 54, 64, 66, 102, 103], parts: parts)
        #expect(replies[6]?.hasPrefix("OK set=1 sets=0-0 games=0-0 points=40-40 serve=home undo=6 | ") == true)
        #expect(replies[7]?.hasPrefix("OK set=1 sets=0-0 games=0-0 points=AD-40 serve=home undo=7 | ") == true)
        #expect(replies[8]?.hasPrefix("OK set=1 sets=0-0 games=0-0 points=40-40 serve=home undo=8 | ") == true)
        // Ends change after the first game.
        #expect(replies[10] == #"OK set=1 sets=0-0 games=1-0 points=0-0 serve=away undo=10 | OK 1 shown "Change ends" for 30s row 1"#)
        #expect(replies[54]?.hasPrefix("OK set=1 sets=0-0 games=6-6 points=0-0 tiebreak serve=home undo=54 | ") == true)
        // The tie-break's 11th point is away's: home served the 1st, then two each.
        #expect(replies[64]?.hasPrefix("OK set=1 sets=0-0 games=6-6 points=5-5 tiebreak serve=away undo=64 | ") == true)
        // Away received first in the tie-break: it serves first in set 2. 13 games: ends change.
        #expect(replies[66]?.hasPrefix("OK set=2 sets=1-0 games=0-0 points=0-0 serve=away undo=66 | ") == true)
        #expect(replies[66]?.contains(#""Set home 7-6(7-5). Change ends""#) == true)
        #expect(replies[102]?.hasPrefix("OK set=2 sets=2-0 won=home undo=102 | ") == true)
        #expect(replies[102]?.contains(#""Match home 2-0""#) == true)
        // Undone: the match goes on at 5-3, 40-0 in the ninth game, away serving it.
        #expect(replies[103]?.hasPrefix("OK set=2 sets=1-0 games=5-3 points=40-0 serve=away undo=101 | ") == true)
        // Started again: the match as it was saved.
        let again = try Self.play(.tennis, ["point home"], keeping: [1], parts: parts)
        #expect(again[1]?.hasPrefix("OK set=2 sets=2-0 won=home undo=102 | ") == true)
        let saved = try String(contentsOfFile: folder + "/state.json", encoding: .utf8)
        #expect(saved.contains(#""history":"\#(sides)""#))
        // Every point in the match's record, the set as its period, the standing as counted.
        let record = try RecordFolder(path: folder + "/record").read().get()
        #expect(record.entries.count == 104)
        let last = try #require(record.entries.last)
        #expect(last.change == "point home" && last.period == 2 && last.source == .local)
        #expect(last.scores == ["home_points": 0, "away_points": 0, "home_games": 0, "away_games": 0, "home_sets": 2, "away_sets": 0])
        #expect(record.entries[102].change == "point undo")
        #expect(record.entries[102].scores["home_points"] == 3 && record.entries[102].scores["home_games"] == 5)
    }
}
