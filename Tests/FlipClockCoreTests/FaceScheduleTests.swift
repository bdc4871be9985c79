import Testing

@testable import FlipClockCore

/// Which `[[face]]` is in force: by weekday and time of day, past midnight, across daylight
/// saving, following the sun, and several taking turns.
@Suite struct FaceScheduleTests {
    let berlin = Coordinates(latitude: 52.52, longitude: 13.405)
    /// 27 November 2026 is a Friday.
    let friday = CalendarDay(year: 2026, month: 11, day: 27)

    /// How a clock at `offset` reads at `time` on `day` (its wall clock's).
    func reading(_ day: CalendarDay, _ time: String, offset: Int = 0) -> ClockReading {
        let t = WallTime(parsing: time)!
        return ClockReading(WallInstant(unixSeconds: day.daysSinceEpoch * 86400 + t.secondOfDay - offset), offsets: ["": offset])
    }

    /// How Berlin's clock reads at `utc` seconds since 1970: its offset then by the zone's rules.
    func berlinReading(_ instant: WallInstant) -> ClockReading {
        let zone = ZoneRules(identifier: "Europe/Berlin", rule: TZString("CET-1CEST,M3.5.0,M10.5.0/3")!)
        return ClockReading(instant, offsets: ["": zone.offset(at: instant)])
    }

    func face(_ name: String, days: String = "mon-sun", hours: String? = nil, seconds: Int = 20) -> ScheduledFace {
        ScheduledFace(name: name, rows: [["time"]], days: Weekdays(parsing: days)!, hours: hours.map { DayPeriod(parsing: $0)! }, seconds: seconds)
    }

    @Test func daysAreReadAsNamesAndRanges() {
        #expect(Weekdays(parsing: "mon-fri")?.description == "mon,tue,wed,thu,fri")
        #expect(Weekdays(parsing: "sat,sun")?.description == "sat,sun")
        #expect(Weekdays(parsing: "tue")?.description == "tue")
        #expect(Weekdays(parsing: "fri-mon")?.description == "mon,fri,sat,sun")
        #expect(Weekdays(parsing: "mon, wed")?.description == "mon,wed")
        for bad in ["", "mon-", "monday", "mon,,tue", "mon-tue-wed", "-fri", "1-5"] {
            #expect(Weekdays(parsing: bad) == nil, "\(bad)")
        }
        #expect(friday.weekday == 5 && Weekdays(parsing: "fri")!.contains(daySinceEpoch: friday.daysSinceEpoch))
    }

    @Test func aFaceShowsOnItsDaysAndHoursAndTheRowFaceOtherwise() {
        let schedule = FaceSchedule(faces: [face("morning", days: "mon-fri", hours: "06:30-09:00"), face("weekend", days: "sat,sun")])
        #expect(schedule.name(at: reading(friday, "06:29:59")) == "default")
        #expect(schedule.name(at: reading(friday, "06:30:00")) == "morning")
        #expect(schedule.name(at: reading(friday, "08:59:59")) == "morning")
        #expect(schedule.name(at: reading(friday, "09:00:00")) == "default")
        #expect(schedule.name(at: reading(CalendarDay(year: 2026, month: 11, day: 28), "07:00")) == "weekend")
        #expect(schedule.name(at: reading(CalendarDay(year: 2026, month: 11, day: 30), "07:00")) == "morning")
        // The change at 06:30 is 29 min 50 s after 06:00:10; the loop wakes for it.
        #expect(schedule.secondsUntilChange(after: FaceSchedule.second(of: reading(friday, "06:00:10"))) == 1790)
        #expect(schedule.nextChange(after: reading(friday, "06:00:10", offset: 3600)) == reading(friday, "06:30", offset: 3600).instant)
        #expect(FaceSchedule().nextChange(after: reading(friday, "06:00")) == nil)
    }

    /// A Friday 22:00-02:00 face still shows at Saturday 01:00 (its period started on Friday),
    /// not at Sunday 01:00.
    @Test func aPeriodPastMidnightBelongsToTheDayItStarts() {
        let schedule = FaceSchedule(faces: [face("late", days: "fri", hours: "22:00-02:00")])
        let saturday = CalendarDay(year: 2026, month: 11, day: 28), sunday = CalendarDay(year: 2026, month: 11, day: 29)
        #expect(schedule.name(at: reading(friday, "21:59")) == "default")
        #expect(schedule.name(at: reading(friday, "22:00")) == "late")
        #expect(schedule.name(at: reading(saturday, "01:00")) == "late")
        #expect(schedule.name(at: reading(saturday, "02:00")) == "default")
        #expect(schedule.name(at: reading(saturday, "22:30")) == "default")
        #expect(schedule.name(at: reading(sunday, "01:00")) == "default")
        #expect(schedule.name(at: reading(CalendarDay(year: 2026, month: 11, day: 26), "01:00")) == "default")
    }

    /// Europe/Berlin: on 29 March 2026 the wall clock skips 02:00-03:00, on 25 October 2026 it
    /// shows 02:00-03:00 twice; a face follows the wall clock.
    @Test func aFaceFollowsTheWallClockAcrossDaylightSaving() {
        var schedule = FaceSchedule(faces: [face("early", hours: "01:30-02:30"), face("morning", hours: "06:30-09:00")])
        let spring = CalendarDay(year: 2026, month: 3, day: 29).daysSinceEpoch * 86400
        #expect(schedule.name(at: berlinReading(WallInstant(unixSeconds: spring + 45 * 60))) == "early")  // 01:45 CET
        #expect(schedule.name(at: berlinReading(WallInstant(unixSeconds: spring + 3600))) == "default")  // 03:00 CEST
        #expect(schedule.name(at: berlinReading(WallInstant(unixSeconds: spring + 4 * 3600 + 29 * 60))) == "default")  // 06:29 CEST
        #expect(schedule.name(at: berlinReading(WallInstant(unixSeconds: spring + 4 * 3600 + 30 * 60))) == "morning")  // 06:30 CEST
        schedule.faces[0] = face("twice", hours: "02:00-03:00")
        let autumn = CalendarDay(year: 2026, month: 10, day: 25).daysSinceEpoch * 86400
        #expect(schedule.name(at: berlinReading(WallInstant(unixSeconds: autumn - 5 * 60))) == "default")  // 01:55 CEST
        #expect(schedule.name(at: berlinReading(WallInstant(unixSeconds: autumn + 30 * 60))) == "twice")  // 02:30 CEST
        #expect(schedule.name(at: berlinReading(WallInstant(unixSeconds: autumn + 90 * 60))) == "twice")  // 02:30 CET
        #expect(schedule.name(at: berlinReading(WallInstant(unixSeconds: autumn + 2 * 3600))) == "default")  // 03:00 CET
        #expect(schedule.name(at: berlinReading(WallInstant(unixSeconds: autumn + 5 * 3600 + 30 * 60))) == "morning")  // 06:30 CET
    }

    @Test func facesInForceTogetherTakeTurnsAnchoredToTheWallClock() {
        let schedule = FaceSchedule(faces: [face("a", seconds: 20), face("b", seconds: 10), face("night", hours: "22:00-06:00", seconds: 5)])
        #expect(schedule.name(at: reading(friday, "12:00:00")) == "a")
        #expect(schedule.name(at: reading(friday, "12:00:19")) == "a")
        #expect(schedule.name(at: reading(friday, "12:00:20")) == "b")
        #expect(schedule.name(at: reading(friday, "12:00:29")) == "b")
        #expect(schedule.name(at: reading(friday, "12:00:30")) == "a")
        let noon = FaceSchedule.second(of: reading(friday, "12:00:05"))
        #expect(schedule.secondsUntilChange(after: noon) == 15)
        #expect(schedule.secondsUntilChange(after: noon + 15) == 10)
        // From 22:00 three take turns, a cycle of 35 s from midnight's anchor.
        #expect(schedule.name(at: reading(friday, "22:00:00")) == "night")  // 79200 % 35 = 30
        #expect(schedule.name(at: reading(friday, "22:00:05")) == "a")
        #expect(schedule.name(at: reading(friday, "22:00:25")) == "b")
        #expect(schedule.secondsUntilChange(after: FaceSchedule.second(of: reading(friday, "22:00:00"))) == 5)
        #expect(schedule.secondsUntilChange(after: FaceSchedule.second(of: reading(friday, "21:59:55"))) == 5)
    }

    /// A cycle that does not divide the day starts again at midnight: the first face's turn
    /// runs on past it, and the change after is found.
    @Test func theTurnsStartAgainAtMidnight() {
        let schedule = FaceSchedule(faces: [face("a", seconds: 7), face("b", seconds: 6)])
        let late = FaceSchedule.second(of: reading(friday, "23:59:58"))  // 86398 % 13 = 0: a
        #expect(schedule.face(atSecond: late)?.name == "a")
        #expect(schedule.face(atSecond: late + 2)?.name == "a")
        #expect(schedule.secondsUntilChange(after: late) == 9)
    }

    /// A held face shows until its time is up or the faces in force change, whichever comes
    /// first; the turns of faces in force together do not end it.
    @Test func aHeldFaceEndsWithItsTimeOrTheNextChangeOfTheFacesInForce() {
        let schedule = FaceSchedule(faces: [face("a", seconds: 5), face("b", seconds: 5), face("morning", hours: "06:30-09:00")])
        let now = reading(friday, "06:00:00")
        let held = HeldFace("morning", seconds: 3600, at: now, schedule: schedule)
        #expect(held.until == reading(friday, "06:30").instant)
        #expect(HeldFace.shown(at: reading(friday, "06:29:59"), held: held, schedule: schedule) == "morning")
        #expect(HeldFace.shown(at: reading(friday, "06:30:00"), held: held, schedule: schedule) == "a")  // 23400 % 15 = 0
        let short = HeldFace("default", seconds: 60, at: now, schedule: schedule)
        #expect(short.until == reading(friday, "06:01").instant)
        #expect(HeldFace.shown(at: reading(friday, "06:00:30"), held: short, schedule: schedule) == nil)
        #expect(HeldFace.shown(at: reading(friday, "06:01:00"), held: short, schedule: schedule) == "a")
        #expect(HeldFace.shown(at: reading(friday, "06:01:05"), held: nil, schedule: schedule) == "b")
        let unbounded = HeldFace("a", seconds: nil, at: now, schedule: FaceSchedule(faces: [face("a")]))
        #expect(unbounded.until == nil && unbounded.holds(at: reading(friday, "23:00").instant))
    }

    /// Berlin's sunset on 21 June 2026 is read as 21:33 CEST.
    @Test func hoursMayFollowTheSun() {
        let schedule = FaceSchedule(faces: [face("dark", hours: "sunset-sunrise")], place: berlin)
        let june = CalendarDay(year: 2026, month: 6, day: 21)
        #expect(schedule.name(at: reading(june, "21:32:59", offset: 7200)) == "default")
        #expect(schedule.name(at: reading(june, "21:33:00", offset: 7200)) == "dark")
        #expect(schedule.nextChange(after: reading(june, "21:00", offset: 7200)) == reading(june, "21:33", offset: 7200).instant)
        #expect(schedule.followsTheSun)
    }
}
