import Testing

@testable import FlipClockCore

/// Night periods that start or end at a moment of the sun.
@Suite struct NightSunTests {
    let berlin = Coordinates(latitude: 52.52, longitude: 13.405)
    let tromso = Coordinates(latitude: 69.6496, longitude: 18.956)

    /// How a clock at `offset` reads at `time` on `day` (its wall clock's).
    func reading(_ day: CalendarDay, _ time: String, offset: Int) -> ClockReading {
        let t = WallTime(parsing: time)!
        return ClockReading(WallInstant(unixSeconds: day.daysSinceEpoch * 86400 + t.secondOfDay - offset), offsets: ["": offset])
    }

    @Test func periodsParseSunWordsWithOffsetsAndTimes() {
        typealias P = NightSchedule.Period
        #expect(P(parsing: "sunset+30m-07:00", brightness: 0.2) == P(from: .sun(.sunset, minutes: 30), to: .time(420), brightness: 0.2))
        #expect(P(parsing: "dusk-dawn", brightness: 0) == P(from: .sun(.dusk, minutes: 0), to: .sun(.dawn, minutes: 0), brightness: 0))
        #expect(
            P(parsing: "sunset-1h-sunrise+1h30m", brightness: 0)
                == P(from: .sun(.sunset, minutes: -60), to: .sun(.sunrise, minutes: 90), brightness: 0))
        #expect(P(parsing: "22:00-sunrise-15m", brightness: 0)?.to == .sun(.sunrise, minutes: -15))
        for bad in [
            "sunset", "sunset-", "moonrise-07:00", "sunset+13h-07:00", "sunset+30-07:00", "sunset+m-07:00", "sunset+30m30m-07:00",
            "sunset+-30m-07:00",
        ] {
            #expect(P(parsing: bad, brightness: 0) == nil, "\(bad)")
        }
        #expect(P.Edge.sun(.sunrise, minutes: -90).description == "sunrise-1h30m")
    }

    /// Berlin's sunset on 21 June 2026 is 21:32:54 CEST, read as 21:33: half an hour later dims.
    @Test func theBrightnessChangesAtTheSunsMinuteAndTheLoopWakesForIt() {
        var screen = ScreenBrightness(
            schedule: NightSchedule(periods: [NightSchedule.Period(parsing: "sunset+30m-07:00", brightness: 0.2)!], place: berlin))
        let june = CalendarDay(year: 2026, month: 6, day: 21), next = CalendarDay(year: 2026, month: 6, day: 22)
        #expect(screen.level(at: reading(june, "22:02", offset: 7200)) == 1)
        #expect(screen.level(at: reading(june, "22:03", offset: 7200)) == 0.2)
        #expect(screen.level(at: reading(next, "06:59", offset: 7200)) == 0.2)
        #expect(screen.level(at: reading(next, "07:00", offset: 7200)) == 1)
        #expect(screen.nextChange(after: reading(june, "12:00", offset: 7200)) == reading(june, "22:03", offset: 7200).instant)
        #expect(screen.nextChange(after: reading(june, "22:03", offset: 7200)) == reading(next, "07:00", offset: 7200).instant)
    }

    /// Tromsø: in June the sun does not set, so a period from sunset does not happen; in
    /// December it does not rise, so the whole day is the period; the loop still looks again
    /// each day.
    @Test func polarDayHasNoSunPeriodAndPolarNightIsAllPeriod() {
        var screen = ScreenBrightness(
            schedule: NightSchedule(periods: [NightSchedule.Period(parsing: "sunset-sunrise", brightness: 0)!], place: tromso))
        let june = CalendarDay(year: 2026, month: 6, day: 21), december = CalendarDay(year: 2026, month: 12, day: 21)
        for time in ["00:00", "01:00", "12:00", "23:59"] {
            #expect(screen.level(at: reading(june, time, offset: 7200)) == 1, "\(time)")
            #expect(screen.level(at: reading(december, time, offset: 3600)) == 0, "\(time)")
        }
        let noon = reading(december, "12:00", offset: 3600)
        #expect(screen.nextChange(after: noon) == noon.instant + .seconds(86400))
        // Civil twilight still comes and goes in December: dusk-dawn ends at dawn.
        let twilight = NightSchedule(periods: [NightSchedule.Period(parsing: "dusk-dawn", brightness: 0)!], place: tromso)
        #expect(twilight.brightness(atMinute: reading(december, "09:29", offset: 3600).minute(), offset: 3600) == 0)
        #expect(twilight.brightness(atMinute: reading(december, "09:30", offset: 3600).minute(), offset: 3600) == 1)
        #expect(twilight.brightness(atMinute: reading(december, "13:53", offset: 3600).minute(), offset: 3600) == 1)
        #expect(twilight.brightness(atMinute: reading(december, "13:54", offset: 3600).minute(), offset: 3600) == 0)
    }
}
