import FlipClockControl
import FlipClockCore
import FlipClockTestKit
import Foundation
import Testing

@testable import FlipClockDaemon

/// `[[message]]` read from a file, and posted by the loop on the simulated clock in Berlin:
/// at its time on its days, in the hour summer time skips, for what is left of it after a
/// start; and urgent and named messages from requests.
@Suite struct LoopScheduleTests {
    @Test func aMessageTableSetsItsDaysTimeAndHold() throws {
        let c = try ConfigFile.parse(
            """
            [[message]]
            text = "BINS OUT TONIGHT"
            days = "tue,thu"
            at = "19:00"
            duration = "10m"
            name = "bins"
            [[message]]
            text = "MERRY CHRISTMAS"
            date = "2026-12-24"
            at = "18:00"
            urgent = true
            """, path: "f.toml")
        let bins = ScheduledMessage(
            text: "BINS OUT TONIGHT", days: .weekly(Weekdays(parsing: "tue,thu")!), time: WallTime(hour: 19, minute: 0, second: 0),
            hold: .seconds(600),
            name: "bins")
        let christmas = ScheduledMessage(
            text: "MERRY CHRISTMAS", days: .once(CalendarDay(year: 2026, month: 12, day: 24)), time: WallTime(hour: 18, minute: 0, second: 0),
            hold: .seconds(30), urgent: true)
        #expect(c.messages == [bins, christmas])
    }

    @Test func atMost64MessagesAnd32Faces() {
        let message = "[[message]]\ntext = \"a\"\nat = \"19:00\"\n"
        ConfigFileTests.expectRefusal(String(repeating: message, count: 65), "f.toml:193:3: message: 65 tables; at most 64")
        let face = (1...33).map { "[[face]]\nname = \"f\($0)\"\nrows = [\"time\"]\n" }.joined()
        ConfigFileTests.expectRefusal(face, "f.toml:97:3: face: 33 tables; at most 32")
    }

    @Test(arguments: [
        ("[[message]]\nat = \"19:00\"\n", "f.toml:2:1: message[0].text: a message needs a text"),
        ("[[message]]\ntext = \" \"\nat = \"19:00\"\n", "f.toml:2:8: message[0].text: the message is empty"),
        ("[[message]]\ntext = \"a\"\n", "f.toml:2:1: message[0].at: a message needs a time of day, at = \"HH:MM\""),
        (
            "[[message]]\ntext = \"a\"\nat = \"7pm\"\n",
            #"f.toml:3:6: message[0].at: "7pm" is not a time of day; write "HH:MM", such as "19:00""#
        ),
        (
            "[[message]]\ntext = \"a\"\nat = \"19:00\"\ndays = \"mon-frx\"\n",
            #"f.toml:4:8: message[0].days: "mon-frx" is not days of the week; write "mon-fri", "sat,sun" or "tue""#
        ),
        (
            "[[message]]\ntext = \"a\"\nat = \"19:00\"\ndays = \"mon\"\ndate = \"2026-12-24\"\n",
            "f.toml:5:1: message[0].date: a message is shown on days of the week or on a date, not both"
        ),
        (
            "[[message]]\ntext = \"a\"\nat = \"19:00\"\ndate = \"2026-02-30\"\n",
            #"f.toml:4:8: message[0].date: "2026-02-30" is not a day on the calendar; write "YYYY-MM-DD", such as "2026-12-24""#
        ),
        (
            "[[message]]\ntext = \"a\"\nat = \"19:00\"\nduration = \"25h\"\n",
            #"f.toml:4:12: message[0].duration: not a duration from 1s up to 24h; write "25m", "1h30m", "90s" or "MM:SS""#
        ),
        ("[[message]]\ntext = \"a\"\nat = \"19:00\"\nrow = 2\n", "f.toml:4:7: message[0].row: the face has 1 rows; row 2 is not one"),
        (
            "[[message]]\ntext = \"a\"\nat = \"19:00\"\nname = \"a b\"\n",
            "f.toml:4:8: message[0].name: a message's name is 1 to 32 letters, digits, - and _"
        ),
        (
            "[[message]]\ntext = \"a\"\nat = \"19:00\"\nseconds = 30\n",
            "f.toml:4:1: message[0].seconds: unknown key; allowed in [message[0]]: text, at, days, date, duration, row, name, urgent"
        ),
    ])
    func errorsNameThePlaceTheKeyAndWhatIsAllowed(_ text: String, _ message: String) {
        ConfigFileTests.expectRefusal(text, message)
    }

    func run(_ start: String, seconds: Int, messages: [ScheduledMessage], schedule: (SimulatedClock, ClockLoop) -> Void) throws {
        _ = try SimulatedRun(
            from: start, zone: "Europe/Berlin", length: .seconds(seconds),
            configure: { c in c.messages = messages }, schedule: schedule)
    }

    static let sunday = Weekdays(parsing: "sun")!

    @Test func aMessageDueInTheSkippedHourShowsAsLongAfterTheChangeAsItsTimeIsAfterIt() throws {
        let night = ScheduledMessage(text: "NIGHT", days: .weekly(Self.sunday), time: WallTime(hour: 2, minute: 30, second: 0), hold: .seconds(60))
        var seen: [String] = []
        // 01:59 CET on Sunday 28 March 2027; at 02:00 the clocks go to 03:00 CEST, and 02:30 is read as 03:30, 31 minutes on.
        try run("2027-03-28T00:59:00Z", seconds: 1930, messages: [night]) { clock, loop in
            for second in [1859, 1861, 1925] { clock.at(.seconds(second), .run { seen.append(loop.answer("message list")) }) }
        }
        #expect(seen == ["OK no messages", #"OK 1 shown "NIGHT" for 60s row 1"#, "OK no messages"])
    }

    @Test func aClockStartedLateShowsAMessageForWhatIsLeftOfIt() throws {
        let tuesday = Weekdays(parsing: "tue")!
        let bins = ScheduledMessage(
            text: "BINS", days: .weekly(tuesday), time: WallTime(hour: 19, minute: 0, second: 0), hold: .seconds(600), name: "bins")
        let gone = ScheduledMessage(text: "GONE", days: .weekly(tuesday), time: WallTime(hour: 18, minute: 0, second: 0), hold: .seconds(600))
        var seen: [String] = []
        // 19:05 CEST on Tuesday 30 March 2027.
        try run("2027-03-30T17:05:00Z", seconds: 310, messages: [bins, gone]) { clock, loop in
            for second in [1, 120, 302] { clock.at(.seconds(second), .run { seen.append(loop.answer("message list")) }) }
        }
        #expect(seen == [#"OK 1 shown "BINS" for 300s row 1 name bins"#, #"OK 1 shown "BINS" for 300s row 1 name bins"#, "OK no messages"])
    }

    @Test func anUrgentRequestInterruptsAndARetractionNamesWhatItTakes() throws {
        var seen: [String] = []
        try run("2027-03-30T17:05:00Z", seconds: 10, messages: []) { clock, loop in
            clock.at(.seconds(1), .run { seen.append(loop.answer(#"message "tea" for 30s name tea"#)) })
            clock.at(.seconds(3), .run { seen.append(loop.answer(#"{"command":"message","text":"DOOR","duration":5,"urgent":true}"#)) })
            clock.at(.seconds(5), .run { seen.append(loop.answer("message list")) })
            clock.at(.seconds(6), .run { seen.append(loop.answer("message retract tea")) })
            clock.at(.seconds(7), .run { seen.append(loop.answer("message retract tea")) })
        }
        #expect(seen.count == 5)
        #expect(seen[0] == "OK message 1")
        #expect(seen[1] == #"{"message":2,"ok":true,"waiting":2}"#)
        // tea had held 1.5 of its 30 s: it comes back after DOOR for the rest.
        #expect(seen[2] == #"OK 2 shown "DOOR" for 5s row 1 urgent, 1 waiting "tea" for 28s row 1 name tea"#)
        #expect(seen[3] == #"OK 2 shown "DOOR" for 5s row 1 urgent"#)
        #expect(seen[4] == #"ERR unknown-message no message named "tea" is shown or waiting; no message has a name"#)
    }
}
