import Testing

@testable import FlipClockCore

/// The sun's times at fixed places and days; the expected seconds are astral 3.2's (PyPI),
/// which `Tests/System/Sun/run` compares every day of a year at 18 places with.
@Suite struct SunTimesTests {
    let berlin = Coordinates(latitude: 52.52, longitude: 13.405)
    let tromso = Coordinates(latitude: 69.6496, longitude: 18.956)
    let sydney = Coordinates(latitude: -33.8688, longitude: 151.2093)
    let berlinZone = ZoneRules(identifier: "Europe/Berlin", rule: TZString("CET-1CEST,M3.5.0,M10.5.0/3")!)
    let osloWinter = ZoneRules(identifier: "CET", fixed: LocalTimeType(offset: 3600, abbreviation: "CET"))
    let sydneySummer = ZoneRules(identifier: "AEDT", fixed: LocalTimeType(offset: 39600, abbreviation: "AEDT"))

    /// The instant of `iso` ("2026-06-21T01:52:14Z") give or take `slack` seconds.
    func near(_ time: SunTime, _ iso: String, slack: Int = 1) -> Bool {
        guard let instant = time.instant else { return false }
        let parts = iso.split(whereSeparator: { "-T:Z".contains($0) }).map { Int($0)! }
        let day = CalendarDay(year: parts[0], month: parts[1], day: parts[2])
        let expected = day.daysSinceEpoch * 86400 + parts[3] * 3600 + parts[4] * 60 + parts[5]
        return abs(instant.unixSeconds - expected) <= slack
    }

    @Test func berlinAtMidsummerAndOnTheDayTheClocksGoForward() {
        let june = CalendarDay(year: 2026, month: 6, day: 21)
        #expect(near(SunTimes.time(of: .dawn, at: berlin, on: june, in: berlinZone), "2026-06-21T01:52:14Z"))
        #expect(near(SunTimes.time(of: .sunrise, at: berlin, on: june, in: berlinZone), "2026-06-21T02:43:28Z"))
        #expect(near(SunTimes.time(of: .sunset, at: berlin, on: june, in: berlinZone), "2026-06-21T19:32:54Z"))
        #expect(near(SunTimes.time(of: .dusk, at: berlin, on: june, in: berlinZone), "2026-06-21T20:24:08Z"))
        let change = CalendarDay(year: 2026, month: 3, day: 29)
        #expect(near(SunTimes.time(of: .sunrise, at: berlin, on: change, in: berlinZone), "2026-03-29T04:48:19Z"))
        #expect(near(SunTimes.time(of: .sunset, at: berlin, on: change, in: berlinZone), "2026-03-29T17:35:00Z"))
    }

    @Test func tromsoHasPolarDayInJuneAndPolarNightWithTwilightInDecember() {
        let june = CalendarDay(year: 2026, month: 6, day: 21), december = CalendarDay(year: 2026, month: 12, day: 21)
        #expect(
            SunEvent.allCases.map { SunTimes.time(of: $0, at: tromso, on: june, in: osloWinter) } == [
                .alwaysAbove, .alwaysAbove, .alwaysAbove, .alwaysAbove,
            ])
        #expect(SunTimes.time(of: .sunrise, at: tromso, on: december, in: osloWinter) == .alwaysBelow)
        #expect(SunTimes.time(of: .sunset, at: tromso, on: december, in: osloWinter) == .alwaysBelow)
        #expect(near(SunTimes.time(of: .dawn, at: tromso, on: december, in: osloWinter), "2026-12-21T08:29:57Z"))
        #expect(near(SunTimes.time(of: .dusk, at: tromso, on: december, in: osloWinter), "2026-12-21T12:54:28Z"))
    }

    /// Sydney's 21 December begins on the 20th in UTC: the day is the wall calendar's.
    @Test func theDayIsTheZonesCalendarDay() {
        let december = CalendarDay(year: 2026, month: 12, day: 21)
        #expect(near(SunTimes.time(of: .sunrise, at: sydney, on: december, in: sydneySummer), "2026-12-20T18:40:53Z"))
        #expect(near(SunTimes.time(of: .sunset, at: sydney, on: december, in: sydneySummer), "2026-12-21T09:05:11Z"))
    }

    /// The North Pole itself is computed as 89.8° (as astral does), never a NaN.
    @Test func thePolesAreValuesNotNaN() {
        let pole = Coordinates(latitude: 90, longitude: 0), south = Coordinates(latitude: -90, longitude: 180)
        let june = CalendarDay(year: 2026, month: 6, day: 21)
        #expect(SunTimes.time(of: .sunset, at: pole, on: june, in: .utc) == .alwaysAbove)
        #expect(SunTimes.time(of: .dusk, at: south, on: june, in: .utc) == .alwaysBelow)
    }
}
