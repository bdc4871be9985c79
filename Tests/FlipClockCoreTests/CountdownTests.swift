import FlipClockCore
import FlipClockCoreTestKit
import Testing

/// A countdown's cards: calendar days in the clock's zone, or the time that passes to the
/// minute, across daylight saving; the moments it is given, read strictly.
@Suite struct CountdownTests {
    /// Berlin's rules: summer time from the last Sunday in March (28 March 2027) to the last in October.
    static let berlin = ZoneRules(identifier: "Europe/Berlin", rule: TZString("CET-1CEST,M3.5.0,M10.5.0/3")!)

    static func text(_ item: CountdownItem, at iso: String) throws -> String {
        let now = try WallInstant(iso: iso)
        let today = ClockReading(now, offsets: [ClockReading.ownZone: berlin.offset(at: now)]).day()
        return item.text(to: item.target, at: now, today: today, zone: berlin)
    }

    @Test func momentsAreADayOrADayAndAMinute() {
        let day = CalendarDay(year: 2027, month: 6, day: 1)
        #expect(CountdownTarget(.to, parsing: "2027-06-01") == CountdownTarget(.to, day: day))
        #expect(
            CountdownTarget(.since, parsing: "2027-06-01T09:30") == CountdownTarget(.since, day: day, time: WallTime(hour: 9, minute: 30, second: 0)))
        #expect(CountdownTarget(.to, parsing: "2027-06-01T09:30")?.description == "to 2027-06-01T09:30")
        #expect(CountdownTarget(.since, parsing: "2024-03-01T00:00")?.description == "since 2024-03-01")
        for text in [
            "2027-02-29", "2027-6-1", "2027-06-01T9:30", "2027-06-01T09:30:00", "2027-06-01T24:00", "1969-12-31", "10000-01-01", "2027-06-01 09:30",
            "", "T", "2027-06-01T", "２０２７-06-01", "+027-06-01",
        ] {
            #expect(CountdownTarget(.to, parsing: text) == nil, "\(text)")
        }
        #expect(CountdownTarget(.to, parsing: "2028-02-29") != nil)
    }

    /// Days alone are calendar days in the zone: the cards change at local midnight, also on
    /// the night the clocks go forward.
    @Test func daysFlipAtLocalMidnightAcrossTheChangeToSummerTime() throws {
        let item = CountdownItem(name: "opening", target: CountdownTarget(.to, parsing: "2027-03-30T18:00"))
        // 23:59 CET on the 27th, midnight CET, then 23:59 CEST on the 28th (a 23-hour day) and midnight.
        #expect(try Self.text(item, at: "2027-03-27T22:59:00Z") == "  3")
        #expect(try Self.text(item, at: "2027-03-27T23:00:00Z") == "  2")
        #expect(try Self.text(item, at: "2027-03-28T21:59:00Z") == "  2")
        #expect(try Self.text(item, at: "2027-03-28T22:00:00Z") == "  1")
        // The day itself, and after it: zeros.
        #expect(try Self.text(item, at: "2027-03-30T20:00:00Z") == "  0")
        #expect(try Self.text(item, at: "2027-04-30T20:00:00Z") == "  0")
    }

    /// With hours and minutes it is the time that passes: 47 hours from noon to noon over the
    /// night an hour is skipped; a part of a minute left counts as a minute, zero at the moment.
    @Test func hoursAndMinutesAreTheTimeThatPassesToTheMinute() throws {
        let item = CountdownItem(name: "opening", unit: .minutes, target: CountdownTarget(.to, parsing: "2027-03-29T12:00"))
        #expect(try Self.text(item, at: "2027-03-27T11:00:00Z") == "  12300")
        #expect(try Self.text(item, at: "2027-03-29T09:58:00Z") == "  00002")
        #expect(try Self.text(item, at: "2027-03-29T09:59:30Z") == "  00001")
        #expect(try Self.text(item, at: "2027-03-29T10:00:00Z") == "  00000")
        #expect(try Self.text(item, at: "2027-03-29T11:00:00Z") == "  00000")
        let hours = CountdownItem(name: "opening", digits: 2, unit: .hours, target: item.target)
        #expect(try Self.text(hours, at: "2027-03-27T11:00:00Z") == " 123")
        #expect(hours.groups.map(\.count) == [2, 2])
    }

    @Test func sinceCountsUpFromTheMomentAndShowsZerosBeforeIt() throws {
        let days = CountdownItem(name: "safe", digits: 4, target: CountdownTarget(.since, parsing: "2024-03-01"))
        #expect(try Self.text(days, at: "2024-02-29T12:00:00Z") == "   0")
        #expect(try Self.text(days, at: "2024-03-01T12:00:00Z") == "   0")
        #expect(try Self.text(days, at: "2027-03-01T12:00:00Z") == "1095")
        let minutes = CountdownItem(name: "up", unit: .minutes, target: CountdownTarget(.since, parsing: "2027-06-01T09:00"))
        #expect(try Self.text(minutes, at: "2027-06-01T07:00:59Z") == "  00000")
        #expect(try Self.text(minutes, at: "2027-06-02T08:01:59Z") == "  10101")
    }

    @Test func moreDaysThanTheCardsHoldShowTheMostTheyDo() throws {
        let item = CountdownItem(name: "far", digits: 1, unit: .minutes, target: CountdownTarget(.to, parsing: "2030-01-01"))
        #expect(try Self.text(item, at: "2027-01-01T00:00:00Z") == "92359")
    }

    @Test func withoutAMomentTheCardsShowDashes() throws {
        let item = CountdownItem(name: "opening", unit: .hours)
        #expect(try Self.text(item, at: "2027-01-01T00:00:00Z") == "-----")
        #expect(item.values("-----") == ["-", "-", "-", "-", "-"])
        #expect(item.values("  123") == ["", "", "1", "2", "3"])
        // A text of the wrong length (a reload changed the cards): blank cards.
        #expect(item.values("12") == ["", "", "", "", ""])
        #expect(item.values(nil) == ["", "", "", "", ""])
    }
}
