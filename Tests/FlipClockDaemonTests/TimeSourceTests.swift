import FlipClockCore
import FlipClockDaemon
import Testing

@Suite struct TimeSourceTests {
    @Test func aFixedStartRunsFromItsStart() {
        let t = FixedStartTime(start: WallTime(hour: 23, minute: 59, second: 58))
        #expect(t.time(at: .zero) == WallTime(hour: 23, minute: 59, second: 58))
        #expect(t.time(at: .milliseconds(1999)) == WallTime(hour: 23, minute: 59, second: 59))
        #expect(t.time(at: .seconds(2)) == WallTime(hour: 0, minute: 0, second: 0))
    }

    @Test func aFixedStartKnowsWhenTheFaceNextChanges() {
        let t = FixedStartTime(start: WallTime(hour: 12, minute: 59, second: 52))
        // A minute face changes at 13:00:00, 8 s after the start.
        #expect(t.untilNextChange(after: .zero, tick: .seconds(60)) == .seconds(8))
        #expect(t.untilNextChange(after: .milliseconds(7500), tick: .seconds(60)) == .milliseconds(500))
        #expect(t.untilNextChange(after: .seconds(8), tick: .seconds(60)) == .seconds(60))
        // A seconds face at the next whole second.
        #expect(t.untilNextChange(after: .milliseconds(250), tick: .seconds(1)) == .milliseconds(750))
    }

    @Test func theSystemClockWakesAtTheNextWholeSecondOrMinute() {
        let wall = WallClock(zone: "Asia/Kolkata")!  // UTC+5:30: minutes still line up
        let t = SystemTime(clock: wall)
        let wait = t.untilNextChange(after: .zero, tick: .seconds(60))
        #expect(wait > .zero && wait <= .seconds(60))
        #expect(WallClock(zone: "Mars/Base") == nil)
    }

    @Test func theSystemClocksDeadlineIsAWholeMinuteOfItsZone() throws {
        let wall = WallClock(zone: "Asia/Kolkata")!
        let deadline = try #require(SystemTime(clock: wall).realtimeDeadline(tick: .seconds(60)))
        #expect(deadline.tv_nsec == 0)
        #expect((deadline.tv_sec + 5 * 3600 + 30 * 60) % 60 == 0)
        #expect(FixedStartTime(start: WallTime(hour: 1, minute: 2, second: 3)).realtimeDeadline(tick: .seconds(1)) == nil)
    }
}

@Suite struct JournalLogHandlerTests {
    @Test func linesCarryTheirSyslogPriority() {
        #expect(JournalLogHandler.line(level: .error, message: "reload failed", metadata: ["error": "f.toml:2:3: x"]) == "<3>reload failed error=f.toml:2:3: x\n")
        #expect(JournalLogHandler.line(level: .info, message: "running", metadata: [:]) == "<6>running\n")
        #expect(JournalLogHandler.line(level: .notice, message: "n", metadata: ["b": "2", "a": "1"]) == "<5>n a=1 b=2\n")
    }
}
