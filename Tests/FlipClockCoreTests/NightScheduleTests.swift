import Testing

@testable import FlipClockCore

@Suite struct NightScheduleTests {
    /// 22:00–07:00 dim to 20 %, 01:00–06:00 off.
    let night = NightSchedule(periods: [
        NightSchedule.Period(parsing: "22:00-07:00", brightness: 0.2)!,
        NightSchedule.Period(parsing: "01:00-06:00", brightness: 0)!,
    ])

    func minute(_ text: String) -> Int { let t = WallTime(parsing: text)!; return t.hour * 60 + t.minute }

    /// How a UTC clock reads at the start of `minute` after 1970.
    func reading(_ minute: Int) -> ClockReading { ClockReading(WallInstant(unixSeconds: minute * 60)) }

    @Test func theDarkerPeriodWinsAndPeriodsWrapPastMidnight() {
        let levels = ["21:59", "22:00", "23:59", "00:00", "00:59", "01:00", "05:59", "06:00", "06:59", "07:00", "12:00"].map {
            night.brightness(atMinute: minute($0))
        }
        #expect(levels == [1, 0.2, 0.2, 0.2, 0.2, 0, 0, 0.2, 0.2, 1, 1])
        #expect(NightSchedule().brightness(atMinute: 0) == 1)
    }

    @Test func theNextChangeIsWhereTheLevelChanges() {
        #expect(night.minutesUntilChange(after: minute("12:00")) == 600)  // 22:00
        #expect(night.minutesUntilChange(after: minute("22:00")) == 180)  // 01:00
        #expect(night.minutesUntilChange(after: minute("03:30")) == 150)  // 06:00
        #expect(night.minutesUntilChange(after: minute("06:00")) == 60)  // 07:00
        #expect(NightSchedule().minutesUntilChange(after: 0) == nil)
        // A period that starts where another of the same level ends is no change.
        let seamless = NightSchedule(periods: [.init(start: 60, end: 120, brightness: 0.5), .init(start: 120, end: 180, brightness: 0.5)])
        #expect(seamless.minutesUntilChange(after: 60) == 120)
    }

    @Test func periodsParseOnlyHoursAndMinutes() {
        #expect(NightSchedule.Period(parsing: "22:00-07:00", brightness: 0.2) == .init(start: 1320, end: 420, brightness: 0.2))
        for bad in ["22:00", "22:00-7:00", "22:00-07:00:00", "24:00-01:00", "22:00–07:00", "ab:cd-01:00"] {
            #expect(NightSchedule.Period(parsing: bad, brightness: 0.2) == nil, "\(bad)")
        }
        #expect(NightSchedule.Period(parsing: "22:00-07:00", brightness: 1.5) == nil)
    }

    @Test func anOverrideHoldsUntilTheScheduleNextChangesEvenPastMidnight() {
        var screen = ScreenBrightness(schedule: night)
        let day = 1440 * 100
        screen.set(1, at: reading(day + minute("23:00")))  // "display on" in the evening
        #expect(screen.level(at: reading(day + minute("23:30"))) == 1)
        #expect(screen.level(at: reading(day + 1440 + minute("00:59"))) == 1)
        // 01:00 the next day: the schedule's "off" takes over again.
        #expect(screen.level(at: reading(day + 1440 + minute("01:00"))) == 0)
        #expect(screen.override == nil)
        // A woken loop may come late: the override still ends.
        screen.set(0.3, at: reading(day + minute("12:00")))
        #expect(screen.level(at: reading(day + minute("23:10"))) == 0.2)
    }

    @Test func dimmingScalesEveryColourAlike() {
        let style = Theme.classic.style
        #expect(style.digits.dimmed(to: 0.5) == RGBColor(red: 0x76, green: 0x75, blue: 0x71))
        #expect(style.background.dimmed(to: 0.5) == RGBColor(red: 7, green: 7, blue: 8))
        #expect(style.card.dimmed(to: 1) == style.card)
        #expect(RGBColor(red: 255, green: 1, blue: 0).dimmed(to: 0) == RGBColor(red: 0, green: 0, blue: 0))
    }

    /// A screen dims what it presents: every pixel of its damage as its colour would be dimmed,
    /// alpha kept, nothing outside the damage touched.
    @Test func aDimmedFrameIsEveryPixelsColourDimmed() {
        var source = Canvas(width: 256, height: 2)
        for x in 0..<256 { source[x, 0] = RGBColor(red: UInt8(x), green: UInt8(255 - x), blue: UInt8(x / 2)).pixel }
        var dimmed = Canvas(width: 256, height: 2, fill: 0x1234_5678)
        dimmed.copy(source, dimmedTo: 0.3, in: [DamageRect(x: 0, y: 0, width: 256, height: 1)])
        let wrong = (0..<256).filter { x in
            let c = RGBColor(red: UInt8(x), green: UInt8(255 - x), blue: UInt8(x / 2))
            return dimmed[x, 0] != c.dimmed(to: 0.3).pixel
        }
        #expect(wrong.isEmpty, "first wrong pixel at x = \(wrong.first ?? -1)")
        #expect(dimmed[0, 1] == 0x1234_5678)
    }
}
