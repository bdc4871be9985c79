import FlipClockCoreTestKit
import Testing

@testable import FlipClockCore

/// The calendar, the clocks' reading in several zones, the date and text rows.
@Suite struct LayoutItemTests {
    @Test(arguments: [
        (0, CalendarDay(year: 1970, month: 1, day: 1), 4),
        (11016, CalendarDay(year: 2000, month: 2, day: 29), 2),
        (20415, CalendarDay(year: 2025, month: 11, day: 23), 0),
        (-1, CalendarDay(year: 1969, month: 12, day: 31), 3),
        (47541, CalendarDay(year: 2100, month: 3, day: 1), 1),
    ])
    func daysOfTheCalendar(_ days: Int, _ day: CalendarDay, _ weekday: Int) {
        #expect(CalendarDay(daysSinceEpoch: days) == day)
        #expect(day.daysSinceEpoch == days)
        #expect(day.weekday == weekday)
    }

    @Test func everyDayOfFourCenturiesRoundTrips() {
        // Counted, and expected once: an expectation a day would record 292 195 of them.
        var previous = CalendarDay(daysSinceEpoch: -146_098)
        var wrong = 0
        var first: String?
        for days in -146_097...146_097 {
            let day = CalendarDay(daysSinceEpoch: days)
            // Consecutive days: the next day of the month, or the first of the next month.
            let follows = day.day == previous.day + 1 || (day.day == 1 && day.month == previous.month % 12 + 1)
            if day.daysSinceEpoch != days || !follows {
                wrong += 1
                if first == nil { first = "day \(days): \(day) after \(previous), back to \(day.daysSinceEpoch)" }
            }
            previous = day
        }
        #expect(wrong == 0, "first: \(first ?? "-")")
    }

    @Test func aReadingGivesEachZoneItsTimeAndDay() {
        // 2026-11-22 23:30:00 UTC.
        let utc = CalendarDay(year: 2026, month: 11, day: 22).daysSinceEpoch * 86400 + 23 * 3600 + 30 * 60
        let reading = ClockReading(WallInstant(unixSeconds: utc), offsets: ["": 0, "Asia/Tokyo": 9 * 3600, "America/New_York": -5 * 3600])
        #expect(reading.time() == WallTime(hour: 23, minute: 30, second: 0))
        #expect(reading.time(in: "Asia/Tokyo") == WallTime(hour: 8, minute: 30, second: 0))
        #expect(reading.day(in: "Asia/Tokyo") == CalendarDay(year: 2026, month: 11, day: 23))
        #expect(reading.time(in: "America/New_York") == WallTime(hour: 18, minute: 30, second: 0))
        #expect(ClockReading(WallInstant(unixSeconds: -1)).day() == CalendarDay(year: 1969, month: 12, day: 31))
        #expect(ClockReading(WallInstant(unixSeconds: -1)).time() == WallTime(hour: 23, minute: 59, second: 59))
    }

    @Test func aDateShowsItsFieldsAtFixedWidths() throws {
        let monday = CalendarDay(year: 2026, month: 3, day: 2)
        let short = try DateItem(format: "%a %d %b")
        #expect(short.values(monday) == ["M", "O", "N", "0", "2", "M", "A", "R"])
        #expect(short.groupsOfCards.map(\.count) == [3, 2, 3])
        // A full month name takes as many cards as the longest, September.
        let long = try DateItem(format: "%e. %B %Y", uppercase: false)
        #expect(long.groupsOfCards.map(\.count) == [3, 9, 4])
        #expect(long.values(monday) == ["", "2", ".", "M", "a", "r", "c", "h", "", "", "", "", "2", "0", "2", "6"])
        let numbers = try DateItem(format: "%Y-%m-%d %j %y %%")
        #expect(
            numbers.values(CalendarDay(year: 2024, month: 12, day: 31))
                == "2024-12-31366 24%".map { $0 == " " ? "" : String($0) }.filter { !$0.isEmpty })
        let german = try DateItem(format: "%A", names: DateNames(weekdays: ["So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"]))
        #expect(german.values(monday) == ["M", "O"])
    }

    @Test(arguments: [
        ("%a %q", "%q is not a date field; fields are %a %A %b %B %d %e %m %Y %y %j and %% for %"),
        ("%a %", "the format ends in a lone %"),
        ("TODAY", "the format shows no part of the date; use fields such as %a %d %b"),
    ])
    func aWrongDateFormatSaysWhy(_ format: String, _ message: String) {
        #expect(throws: DateItem.DateFormatError(description: message)) { try DateItem(format: format) }
    }

    @Test func aTextIsCheckedAndAligned() {
        let board = TextItem(name: "board", cards: 6, alignment: .right)
        #expect(board.checked("Gate 1") == .success("GATE 1"))
        #expect(board.values("GATE 1") == ["G", "A", "T", "E", "", "1"])
        #expect(board.values("ON") == ["", "", "", "", "O", "N"])
        #expect(TextItem(name: "b", cards: 6, alignment: .centre).values("ON") == ["", "", "O", "N", "", ""])
        #expect(board.checked("boarding") == .failure(.init(description: "\"boarding\" is 8 characters; board has 6 cards")))
        #expect(
            board.checked("ü")
                == .failure(
                    .init(
                        description:
                            "\"Ü\" is not on the cards of board; they show A-Z, 0-9, blank and . , : ; - + / ! ? ' & # @ ( ) % = * $ \" ° and the colour chips 🟥🟧🟨🟩🟦🟪⬜⬛█ (its [[text]] characters adds more)"
                    )))
    }

    @Test func rowsPlaceEveryItemWithItsLabelUnderItsCards() {
        var c = ClockConfiguration()
        c.places = [ClockItem(name: "tokyo", label: "TOKYO", zone: "Asia/Tokyo"), ClockItem(name: "london", label: "LONDON", zone: "Europe/London")]
        c.scores = [ScoreItem(name: "home", label: "HOME")]
        c.texts = [TextItem(name: "board", cards: 8)]
        #expect(c.defaultRows == [["time"], ["tokyo", "london"], ["home"], ["board"]])
        c.rowNames = [["tokyo", "london"], ["board"]]
        let layout = c.layout(width: 1280, height: 800)
        #expect(layout.slots.count == 4 + 4 + 8)
        #expect(layout.labels.map(\.text) == ["TOKYO", "LONDON"])
        // Each label is centred under its own clock's cards.
        let tokyo = layout.slots[0].rect.x, tokyoEnd = layout.slots[3].rect.maxX
        #expect(abs((layout.labels[0].rect.x + layout.labels[0].rect.width / 2) - (tokyo + tokyoEnd) / 2) <= 1)
        let scene = ClockScene(
            configuration: c, width: 1280, height: 800,
            showing: ClockReading(WallInstant(unixSeconds: 12 * 3600), offsets: ["Asia/Tokyo": 9 * 3600]), texts: ["board": "ON TIME"],
            glyphs: SolidBlockGlyphs()
        )
        #expect(
            scene.values(at: ClockReading(WallInstant(unixSeconds: 12 * 3600), offsets: ["Asia/Tokyo": 9 * 3600]))
                == ["2", "1", "0", "0", "1", "2", "0", "0", "O", "N", "", "T", "I", "M", "E", ""])
    }
}
