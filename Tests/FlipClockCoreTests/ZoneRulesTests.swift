import Testing

@testable import FlipClockCore

/// The instant a UTC clock shows `time` on `day`.
private func utc(_ year: Int, _ month: Int, _ day: Int, _ time: String) -> WallInstant {
    ClockReading(day: CalendarDay(year: year, month: month, day: day), time: WallTime(parsing: time)!).instant
}

/// A TZif file as RFC 8536 lays it out: the version 1 block (32-bit times), then for
/// version 2 a second header, the 64-bit block and the footer.
private func tzif(
    version: UInt8 = UInt8(ascii: "2"), transitions: [(time: Int, type: UInt8)], types: [(offset: Int32, isDST: Bool, name: UInt8)],
    names: String, leaps: Int = 0, footer: String = ""
) -> [UInt8] {
    func big(_ value: Int, _ size: Int) -> [UInt8] { (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
    func block(_ timeSize: Int) -> [UInt8] {
        var b = Array("TZif".utf8) + [version] + Array(repeating: 0, count: 15)
        for count in [types.count, types.count, leaps, transitions.count, types.count, names.utf8.count] { b += big(count, 4) }
        b += transitions.flatMap { big($0.time, timeSize) } + transitions.map(\.type)
        b += types.flatMap { big(Int($0.offset), 4) + [$0.isDST ? 1 : 0, $0.name] } + Array(names.utf8)
        b += (0..<leaps).flatMap { big($0 * 86400, timeSize) + big($0 + 1, 4) }
        return b + Array(repeating: 0, count: 2 * types.count)
    }
    return version == 0 ? block(4) : block(4) + block(8) + Array("\n\(footer)\n".utf8)
}

@Suite struct TZStringTests {
    @Test func readsItsPartsWithRFC8536TimesAndQuotedNames() throws {
        let berlin = try #require(TZString("CET-1CEST,M3.5.0,M10.5.0/3"))
        #expect(berlin.standard == LocalTimeType(offset: 3600, abbreviation: "CET"))
        #expect(berlin.daylightSaving?.type == LocalTimeType(offset: 7200, isDaylightSaving: true, abbreviation: "CEST"))
        #expect(berlin.daylightSaving?.start == .init(day: .monthWeekDay(month: 3, week: 5, weekday: 0), time: 7200))
        #expect(berlin.daylightSaving?.end == .init(day: .monthWeekDay(month: 10, week: 5, weekday: 0), time: 3 * 3600))
        let nuuk = try #require(TZString("<-02>2<-01>,M3.5.0/-1,M10.5.0/0"))
        #expect(nuuk.standard == LocalTimeType(offset: -7200, abbreviation: "-02"))
        #expect(nuuk.daylightSaving?.start.time == -3600)
        #expect(TZString("IST-2IDT,M3.4.4/26,M10.5.0")?.daylightSaving?.start.time == 26 * 3600)
        #expect(TZString("<+0530>-5:30") == TZString(standard: LocalTimeType(offset: 19800, abbreviation: "+0530")))
        #expect(TZString("XXX3:25:30")?.standard.offset == -(3 * 3600 + 25 * 60 + 30))
        #expect(
            TZString("NST3:30NDT,J60/0,300")?.daylightSaving
                == .init(
                    type: LocalTimeType(offset: -9000, isDaylightSaving: true, abbreviation: "NDT"),
                    start: .init(day: .julian(60), time: 0), end: .init(day: .zeroBased(300))
                ))
        // Without a rule, daylight saving time changes as in the United States, an hour ahead.
        #expect(
            TZString("EST5EDT")?.daylightSaving
                == .init(
                    type: LocalTimeType(offset: -4 * 3600, isDaylightSaving: true, abbreviation: "EDT"),
                    start: .init(day: .monthWeekDay(month: 3, week: 2, weekday: 0)), end: .init(day: .monthWeekDay(month: 11, week: 1, weekday: 0))
                ))
    }

    @Test(arguments: [
        "", "CET", "CE-1", "C1T-1", "<+05", "<+0 5>-5", "CET-25", "CET-1:60", "CET-1CEST,M3.5.0", "CET-1CEST,M13.5.0,M10.5.0",
        "CET-1CEST,M3.6.0,M10.5.0", "CET-1CEST,M3.5.7,M10.5.0", "CET-1CEST,J0,J365", "CET-1CEST,366,0", "CET-1CEST,M3.5.0/168,M10.5.0",
        "CET-1CEST,M3.5.0,M10.5.0/3 ", "CET-1CEST-",
    ])
    func anythingElseIsNoTZString(_ text: String) {
        #expect(TZString(text) == nil)
    }

    @Test func changesAsZdumpShowsThemIn2030() throws {
        // zdump -v -c 2030,2031 of each zone, whose footer this is.
        let jerusalem = try #require(TZString("IST-2IDT,M3.4.4/26,M10.5.0")?.changes(inYear: 2030))
        #expect(jerusalem.start == utc(2030, 3, 29, "00:00").unixSeconds && jerusalem.end == utc(2030, 10, 26, "23:00").unixSeconds)
        let nuuk = try #require(TZString("<-02>2<-01>,M3.5.0/-1,M10.5.0/0")?.changes(inYear: 2030))
        #expect(nuuk.start == utc(2030, 3, 31, "01:00").unixSeconds && nuuk.end == utc(2030, 10, 27, "01:00").unixSeconds)
        let sydney = try #require(TZString("AEST-10AEDT,M10.1.0,M4.1.0/3"))
        #expect(
            sydney.changes(inYear: 2030).map { [$0.start, $0.end] } == [utc(2030, 10, 5, "16:00").unixSeconds, utc(2030, 4, 6, "16:00").unixSeconds])
        // South of the equator, the summer spans the new year.
        #expect(sydney.localTimeType(at: utc(2030, 1, 1, "00:00")).abbreviation == "AEDT")
        #expect(sydney.localTimeType(at: utc(2030, 4, 6, "15:59:59")).abbreviation == "AEDT")
        #expect(sydney.localTimeType(at: utc(2030, 4, 6, "16:00")).abbreviation == "AEST")
        #expect(sydney.localTimeType(at: utc(2030, 10, 5, "16:00")).abbreviation == "AEDT")
    }

    @Test func julianDaysSkipOrCountThe29thOfFebruary() {
        for year in [2027, 2028] {
            let march = CalendarDay(year: year, month: 3, day: 1).daysSinceEpoch
            #expect(TZString.daysSinceEpoch(.julian(60), in: year) == march)
            #expect(TZString.daysSinceEpoch(.zeroBased(59), in: year) == (year == 2028 ? march - 1 : march))
        }
        // The fifth Sunday is the last: February 2026 has four.
        #expect(
            TZString.daysSinceEpoch(.monthWeekDay(month: 2, week: 5, weekday: 0), in: 2026)
                == CalendarDay(year: 2026, month: 2, day: 22).daysSinceEpoch)
    }
}

@Suite struct ZoneRulesTests {
    static let file = tzif(
        transitions: [
            (utc(1970, 1, 1, "00:00").unixSeconds - 1, 1), (utc(2000, 3, 26, "01:00").unixSeconds, 2), (utc(2000, 10, 29, "01:00").unixSeconds, 1),
        ],
        types: [(3208, false, 0), (3600, false, 4), (7200, true, 8)], names: "LMT\0CET\0CEST\0", leaps: 2, footer: "CET-1CEST,M3.5.0,M10.5.0/3"
    )

    @Test func aTZifFileGivesTheTypeOfEachTransitionThenItsFootersRule() throws {
        let zone = try ZoneRules(identifier: "Test/Berlin", tzif: Self.file)
        #expect(zone.localTimeType(at: utc(1960, 1, 1, "00:00")) == LocalTimeType(offset: 3208, abbreviation: "LMT"))
        #expect(zone.localTimeType(at: utc(2000, 3, 26, "00:59:59")) == LocalTimeType(offset: 3600, abbreviation: "CET"))
        #expect(zone.localTimeType(at: utc(2000, 3, 26, "01:00")) == LocalTimeType(offset: 7200, isDaylightSaving: true, abbreviation: "CEST"))
        #expect(zone.offset(at: utc(2000, 10, 29, "01:00")) == 3600)
        // After the last transition, the footer: 2030's summer as zdump shows Europe/Berlin's.
        #expect(zone.offset(at: utc(2030, 3, 31, "00:59:59")) == 3600)
        #expect(zone.offset(at: utc(2030, 3, 31, "01:00")) == 7200)
        #expect(
            zone.changes(in: utc(2000, 1, 1, "00:00").unixSeconds..<utc(2002, 1, 1, "00:00").unixSeconds)
                == [
                    utc(2000, 3, 26, "01:00"), utc(2000, 10, 29, "01:00"), utc(2001, 3, 25, "01:00"), utc(2001, 10, 28, "01:00"),
                ].map(\.unixSeconds))
    }

    @Test func aVersion1FileHasItsLastTypeForEver() throws {
        let file = tzif(version: 0, transitions: [(0, 1)], types: [(-3600, false, 0), (-7200, true, 4)], names: "ONE\0TWO\0")
        let zone = try ZoneRules(identifier: "Test/One", tzif: file)
        #expect(zone.offset(at: WallInstant(unixSeconds: -1)) == -3600)
        #expect(zone.localTimeType(at: utc(2100, 1, 1, "00:00")) == LocalTimeType(offset: -7200, isDaylightSaving: true, abbreviation: "TWO"))
    }

    @Test(arguments: [
        (Array("TZjf".utf8) + ZoneRulesTests.file.dropFirst(4), ZoneFileError.notTZif, "not a TZif file"),
        (Array(ZoneRulesTests.file.prefix(60)), .truncated, "the TZif file ends early"),
        (Array(ZoneRulesTests.file.dropLast(3)), .truncated, "the TZif file ends early"),
        (
            tzif(transitions: [(0, 3)], types: [(0, false, 0)], names: "UTC\0"), .invalid("a transition to type 3 of 1"),
            "not a valid TZif file: a transition to type 3 of 1"
        ),
        (
            tzif(transitions: [(5, 0), (5, 0)], types: [(0, false, 0)], names: "UTC\0"), .invalid("transition times not ascending"),
            "not a valid TZif file: transition times not ascending"
        ),
        (
            tzif(transitions: [], types: [(0, false, 9)], names: "UTC\0"), .invalid("a type's flag or abbreviation is out of range"),
            "not a valid TZif file: a type's flag or abbreviation is out of range"
        ),
        (
            tzif(transitions: [], types: [(0, false, 0)], names: "UTC\0", footer: "UTC"), .badFooter("UTC"),
            "the TZif footer \"UTC\" is not a TZ string"
        ),
    ])
    func aBrokenFileSaysWhatIsWrong(_ bytes: [UInt8], _ error: ZoneFileError, _ message: String) {
        #expect(throws: error) { try ZoneRules(identifier: "Test/Broken", tzif: bytes) }
        #expect(error.description == message)
    }

    @Test func aWallClockTimeIsFoundAcrossTheChangesFirstShownAndSkippedReadForward() throws {
        let newYork = ZoneRules(identifier: "EST5EDT", rule: try #require(TZString("EST5EDT,M3.2.0,M11.1.0")))
        let springForward = CalendarDay(year: 2026, month: 3, day: 8), fallBack = CalendarDay(year: 2026, month: 11, day: 1)
        #expect(newYork.instant(showing: WallTime(hour: 1, minute: 59, second: 59), on: springForward) == utc(2026, 3, 8, "06:59:59"))
        #expect(newYork.instant(showing: WallTime(hour: 2, minute: 30, second: 0), on: springForward) == utc(2026, 3, 8, "07:30"))
        #expect(newYork.instant(showing: WallTime(hour: 3, minute: 0, second: 0), on: springForward) == utc(2026, 3, 8, "07:00"))
        #expect(newYork.instant(showing: WallTime(hour: 1, minute: 30, second: 0), on: fallBack) == utc(2026, 11, 1, "05:30"))
        #expect(newYork.instant(showing: WallTime(hour: 2, minute: 0, second: 0), on: fallBack) == utc(2026, 11, 1, "07:00"))
        #expect(
            newYork.instant(showing: WallTime(hour: 12, minute: 0, second: 0), on: CalendarDay(year: 2026, month: 7, day: 4))
                == utc(2026, 7, 4, "16:00"))
        #expect(ZoneRules.utc.instant(showing: WallTime(hour: 2, minute: 30, second: 0), on: springForward) == utc(2026, 3, 8, "02:30"))
    }
}
