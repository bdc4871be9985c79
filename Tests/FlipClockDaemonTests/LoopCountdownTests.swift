import FlipClockControl
import FlipClockCore
import FlipClockTestKit
import Foundation
import Testing

@testable import FlipClockDaemon

/// `[[countdown]]` read from a file, and through the loop on the simulated clock in Berlin:
/// its cards at local midnight on the night summer time begins, set by a request, kept
/// across a restart.
@Suite struct LoopCountdownTests {
    let dir = NSTemporaryDirectory() + "flipclock-countdown-\(UUID().uuidString)"

    init() throws { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) }

    @Test func aCountdownTableSetsItsCardsAndMoment() throws {
        let c = try ConfigFile.parse(
            """
            [[countdown]]
            name = "opening"
            label = "DAYS TO OPENING"
            to = "2027-06-01T09:00"
            show = "minutes"
            digits = 4
            [[countdown]]
            name = "safe"
            since = "2024-03-01"
            """, path: "f.toml")
        #expect(
            c.countdowns == [
                CountdownItem(
                    name: "opening", label: "DAYS TO OPENING", digits: 4, unit: .minutes, target: CountdownTarget(.to, parsing: "2027-06-01T09:00")),
                CountdownItem(name: "safe", target: CountdownTarget(.since, parsing: "2024-03-01")),
            ])
        // Without rows: the countdowns on a row after the rest.
        #expect(c.face().rows.map { $0.map(\.name) } == [["time"], ["opening", "safe"]])
    }

    @Test(arguments: [
        (
            "[[countdown]]\nname = \"a\"\nto = \"2027-06-01\"\nsince = \"2024-01-01\"\n",
            "f.toml:4:1: countdown[0].since: a countdown counts to a moment or since one, not both"
        ),
        (
            "[[countdown]]\nname = \"a\"\nto = \"2027-06-31\"\n",
            #"f.toml:3:6: countdown[0].to: "2027-06-31" is not a day YYYY-MM-DD or a moment YYYY-MM-DDTHH:MM on the clock's calendar (years 1970 to 9999)"#
        ),
        ("[[countdown]]\nname = \"a\"\nsince = 2024\n", "f.toml:3:9: countdown[0].since: expected a string, found an integer"),
        ("[[countdown]]\nname = \"a\"\ndigits = 6\n", "f.toml:3:10: countdown[0].digits: 6 is out of range; allowed 1...5"),
        (
            "[[countdown]]\nname = \"a\"\nshow = \"weeks\"\n",
            #"f.toml:3:8: countdown[0].show: "weeks" is not allowed; allowed "days", "hours", "minutes""#
        ),
        ("[[score]]\nname = \"a\"\n[[countdown]]\nname = \"a\"\n", #"f.toml:4:8: countdown[0].name: "a" is already the name of another score"#),
        (
            "[[countdown]]\nname = \"a\"\nuntil = \"2027-06-01\"\n",
            "f.toml:3:1: countdown[0].until: unknown key; allowed in [countdown[0]]: name, label, digits, show, to, since"
        ),
    ])
    func errorsNameThePlaceTheKeyAndWhatIsAllowed(_ text: String, _ message: String) {
        ConfigFileTests.expectRefusal(text, message)
    }

    /// The cards of `opening` now (three of days).
    static func cards(_ loop: ClockLoop) -> String {
        loop.screens.screens[0].scene.values(at: loop.reading()).map { $0.isEmpty ? " " : $0 }.joined()
    }

    func run(_ start: String, seconds: Int, schedule: (SimulatedClock, ClockLoop) -> Void) throws {
        var parts = ClockLoop.Parts()
        parts.stateFile = StateFile(path: dir + "/state.json")
        _ = try SimulatedRun(
            from: start, zone: "Europe/Berlin", length: .seconds(seconds),
            configure: { c in
                c.countdowns = [CountdownItem(name: "opening", target: CountdownTarget(.to, parsing: "2027-03-30T18:00"))]
                c.rowNames = [["opening"]]
            }, parts: parts, schedule: schedule)
    }

    @Test func theDaysChangeAtLocalMidnightAndARequestsMomentIsKept() throws {
        var seen: [String] = []
        // 23:59:30 CET on 27 March 2027; summer time begins at 02:00 on the 28th.
        try run("2027-03-27T22:59:30Z", seconds: 62) { clock, loop in
            clock.at(.seconds(20), .run { seen.append(Self.cards(loop)) })
            clock.at(.seconds(40), .run { seen.append(Self.cards(loop)) })
            clock.at(.seconds(50), .run { seen.append(loop.answer("countdown opening to 2027-04-01T09:00")) })
            clock.at(.seconds(51), .run { seen.append(Self.cards(loop)) })
            clock.at(.seconds(52), .run { seen.append(loop.answer("countdown closing reset")) })
            clock.at(.seconds(53), .run { seen.append(loop.answer(#"{"command":"status"}"#)) })
        }
        #expect(seen.count == 6)
        #expect(seen[0] == "  3" && seen[1] == "  2")
        #expect(seen[2] == "OK opening=to 2027-04-01T09:00")
        #expect(seen[3] == "  4")
        #expect(seen[4] == #"ERR unknown-countdown "closing"; countdowns are opening"#)
        #expect(seen[5].contains(#""countdowns":{"opening":"to 2027-04-01T09:00"}"#))
        let saved = try String(contentsOfFile: dir + "/state.json", encoding: .utf8)
        #expect(saved.contains(#""countdowns":{"opening":"to 2027-04-01T09:00"}"#))
        // Started again the next day: the request's moment, not the file's; reset takes the file's.
        var again: [String] = []
        try run("2027-03-28T10:00:00Z", seconds: 3) { clock, loop in
            clock.at(.seconds(1), .run { again.append(Self.cards(loop)) })
            clock.at(.seconds(1.5), .run { again.append(loop.answer("countdown opening reset")) })
            clock.at(.seconds(2), .run { again.append(Self.cards(loop)) })
        }
        #expect(again == ["  4", "OK opening=to 2027-03-30T18:00", "  2"])
    }
}
