import FlipClockCore
import FlipClockDisplay
import Foundation
import Logging
import Testing

@testable import FlipClockDaemon

/// A glyph source that needs no font: one filled box per text, as wide as the text is long.
struct BoxGlyphs: GlyphSource {
    func render(_ text: String, pixelSize: Int) throws -> GlyphRun {
        let h = max(1, pixelSize / 2), w = max(1, h * text.count / 2)
        return GlyphRun(mask: CoverageMask(width: w, height: h, values: Array(repeating: 200, count: w * h)), left: 0, top: h, advance: w)
    }
}

/// An output that only counts frames (and notes the canvas sizes it was given).
final class CountingOutput: FrameOutput {
    let name = "counting 96x60@5"
    let size = PixelSize(width: 96, height: 60)
    let rotation: ScreenRotation
    let refreshRate = 5.0
    let eventDescriptor: Int32? = nil
    var frames = 0
    /// The background's pixel in each frame presented, and each power change asked for.
    var backgrounds: [UInt32] = []
    var power: [Bool] = []
    /// The last canvas presented.
    var last: Canvas?
    var canvasSizes: Set<PixelSize> = []
    let connector: String?
    init(rotation: ScreenRotation = .none, connector: String? = nil) {
        self.rotation = rotation
        self.connector = connector
    }
    func present(_ canvas: Canvas, damage: [DamageRect]) throws(DisplayError) {
        frames += 1
        backgrounds.append(canvas[0, 0])
        last = canvas
        canvasSizes.insert(PixelSize(width: canvas.width, height: canvas.height))
    }
    func setPower(_ on: Bool) throws(DisplayError) { power.append(on) }
    func handleEvents() throws(DisplayError) {}
    func suspend() {}
    func resume() throws(DisplayError) {}
    func close() {}
}

/// The clock loop on a simulated clock: what the face showed and when, and the loop's counts.
struct SimulatedRun {
    var shows: [(time: WallTime, date: Date)] = []
    var report = ClockLoop.Report()
    let output = CountingOutput()

    /// The times shown, in order, as `HH:MM`.
    var shown: [String] { shows.map { String("\($0.time)".prefix(5)) } }

    /// Runs the loop from `start` for `length` of the monotonic clock; `schedule` adds what
    /// happens on the way.
    init(
        from start: String, zone: String, length: Duration, seconds: Bool = false, configuredZone: String? = nil,
        configure: (inout ClockConfiguration) -> Void = { _ in }, schedule: (SimulatedClock, ClockLoop) -> Void = { _, _ in }
    ) throws {
        let zone = ZoneInfo.system.rules(named: zone)!
        let clock = SimulatedClock(date: ISO8601DateFormatter().date(from: start)!, zone: zone)
        var configuration = ClockConfiguration()
        configuration.time.format = seconds ? .hoursMinutesSeconds : .hoursMinutes
        configuration.timeZone = configuredZone
        configuration.backlight = "none"
        configure(&configuration)
        var logger = Logger(label: "test")
        logger.logLevel = .error
        let loop = ClockLoop(configuration: configuration, displays: DisplaySet(output), takesConsole: false, glyphs: BoxGlyphs(), clock: clock, logger: logger)
        var shows: [(time: WallTime, date: Date)] = []
        loop.onShow = { shows.append(($0, $1)) }
        schedule(clock, loop)
        clock.at(length, .run { loop.requests.send(.stop) })
        report = try loop.run()
        self.shows = shows
    }
}

/// Every minute from `from` to `to` (both `HH:MM`, inclusive), as the face shows them.
func minutes(_ from: String, _ to: String) -> [String] {
    func parse(_ s: String) -> Int { Int(s.prefix(2))! * 60 + Int(s.suffix(2))! }
    return (parse(from)...parse(to)).map { m in String(format: "%02d:%02d", m / 60, m % 60) }
}

@Suite struct LoopClockTests {
    @Test func aDayOfMinutesWakesOncePerMinuteAndFlipsOnTheMinute() throws {
        let run = try SimulatedRun(from: "2026-06-01T00:00:00Z", zone: "UTC", length: .seconds(86400))
        #expect(run.shown == minutes("00:00", "23:59"))
        #expect(run.shows.dropFirst().allSatisfy { $0.date.timeIntervalSince1970.truncatingRemainder(dividingBy: 60) == 0 })
        // One wake from rest per minute (the last one is the stop), and every flip landed.
        #expect(run.report.idleWakeups == 1440)
        #expect(run.report.flips == 1439)
        #expect(run.report.stillFrames == 0)
        print("a simulated day of HH:MM: \(run.report.wakeups) wakeups, \(run.report.idleWakeups) from rest, \(run.report.frames) frames")
    }

    @Test func anHourOfSecondsWakesOncePerSecond() throws {
        let run = try SimulatedRun(from: "2026-06-01T08:00:00Z", zone: "UTC", length: .seconds(3600), seconds: true)
        #expect(run.shows.count == 3600)
        #expect(run.shows.last.map { "\($0.time)" } == "08:59:59")
        #expect(run.report.idleWakeups == 3600)
        #expect(run.report.stillFrames == 0)
    }

    @Test func springForwardSkipsTheHourThatDoesNotExist() throws {
        // America/New_York, 8 March 2026: 02:00 EST is 03:00 EDT; the day has 23 hours.
        let run = try SimulatedRun(from: "2026-03-08T05:00:00Z", zone: "America/New_York", length: .seconds(23 * 3600))
        #expect(run.shown == minutes("00:00", "01:59") + minutes("03:00", "23:59"))
        #expect(run.report.idleWakeups == 1380)
    }

    @Test func fallBackShowsTheRepeatedHourTwice() throws {
        // 1 November 2026: 02:00 EDT is 01:00 EST; the day has 25 hours.
        let run = try SimulatedRun(from: "2026-11-01T04:00:00Z", zone: "America/New_York", length: .seconds(25 * 3600))
        #expect(run.shown == minutes("00:00", "01:59") + minutes("01:00", "23:59"))
        #expect(run.report.idleWakeups == 1500)
    }

    @Test func aClockSetForwardOrBackShowsTheNewTimeAtOnce() throws {
        let iso = ISO8601DateFormatter()
        let run = try SimulatedRun(from: "2026-06-01T12:00:00Z", zone: "UTC", length: .seconds(100)) { _ in } schedule: { clock, _ in
            clock.at(.seconds(10), .setDate(iso.date(from: "2026-06-01T12:30:10Z")!))
            clock.at(.seconds(20), .setDate(iso.date(from: "2026-06-01T10:59:50Z")!))
        }
        #expect(run.shown == ["12:00", "12:30", "10:59", "11:00", "11:01"])
        #expect(run.shows.map { iso.string(from: $0.date) } == [
            "2026-06-01T12:00:00Z", "2026-06-01T12:30:10Z", "2026-06-01T10:59:50Z", "2026-06-01T11:00:00Z", "2026-06-01T11:01:00Z",
        ])
    }

    @Test func aResumeAfterSuspendShowsTheNewTimeAtOnce() throws {
        let iso = ISO8601DateFormatter()
        let run = try SimulatedRun(from: "2026-06-01T12:00:30Z", zone: "UTC", length: .seconds(7300)) { _ in } schedule: { clock, _ in
            clock.at(.seconds(10), .suspend(.seconds(7200)))
        }
        #expect(run.shown == ["12:00", "14:00", "14:01", "14:02"])
        #expect(iso.string(from: run.shows[1].date) == "2026-06-01T14:00:40Z")
    }

    @Test func aChangedSystemZoneShowsAtOnceUnlessTheConfigurationNamesOne() throws {
        let tokyo = ZoneInfo.system.rules(named: "Asia/Tokyo")!
        let followed = try SimulatedRun(from: "2026-06-01T12:00:00Z", zone: "UTC", length: .seconds(30)) { _ in } schedule: { clock, _ in
            clock.at(.seconds(5), .setZone(tokyo))
        }
        #expect(followed.shown == ["12:00", "21:00"])
        #expect(followed.shows[1].date.timeIntervalSince1970.truncatingRemainder(dividingBy: 60) == 5)
        let pinned = try SimulatedRun(from: "2026-06-01T12:00:00Z", zone: "UTC", length: .seconds(30), configuredZone: "Europe/Paris") { _ in } schedule: { clock, _ in
            clock.at(.seconds(5), .setZone(tokyo))
        }
        #expect(pinned.shown == ["14:00"])
    }

    @Test func theWallClockWakesAtTheNextWholeSecondOrMinuteOfItsZone() {
        let kolkata = WallClock(zone: "Asia/Kolkata")!  // UTC+5:30: minutes still line up
        let now = ISO8601DateFormatter().date(from: "2026-06-01T12:00:20Z")!
        #expect(kolkata.nextChange(after: now, tick: .seconds(60)).timeIntervalSince(now) == 40)
        #expect(kolkata.nextChange(after: now.addingTimeInterval(0.25), tick: .seconds(1)).timeIntervalSince(now) == 1)
        #expect(WallClock(zone: "Mars/Base") == nil)
    }

    @Test func theSystemZoneIsReadFromTZThenTheLocaltimeLinkThenEtcTimezone() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("zone-\(getpid())").path
        try FileManager.default.createDirectory(atPath: root + "/etc", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(SystemZone.current(environment: [:], root: root) == .utc)
        try "Europe/Berlin\n".write(toFile: root + "/etc/timezone", atomically: true, encoding: .utf8)
        #expect(SystemZone.current(environment: [:], root: root).identifier == "Europe/Berlin")
        try FileManager.default.createSymbolicLink(atPath: root + "/etc/localtime", withDestinationPath: "/usr/share/zoneinfo/Asia/Tokyo")
        #expect(SystemZone.current(environment: [:], root: root).identifier == "Asia/Tokyo")
        #expect(SystemZone.current(environment: ["TZ": ":America/Chicago"], root: root).identifier == "America/Chicago")
    }

    @Test func aFixedStartRunsFromItsStartAndWakesAtItsWallDeadlines() throws {
        let start = ISO8601DateFormatter().date(from: "2026-06-01T12:59:59.9Z") ?? Date(timeIntervalSince1970: 1_780_318_799.9)
        let clock = try SystemClock(startingAt: start)
        #expect(abs(clock.date.timeIntervalSince(start)) < 0.05)
        var none: [pollfd] = []
        let wake = try clock.sleep(until: .seconds(10), orWall: start.addingTimeInterval(0.1), watching: &none)
        #expect(wake.lateness != nil)
        #expect(clock.now < .seconds(10))
    }

    @Test func theSystemClockWakesAtAWallDeadlineAndSaysHowLate() throws {
        let clock = try SystemClock()
        var none: [pollfd] = []
        let due = clock.date.addingTimeInterval(0.02)
        let wake = try clock.sleep(until: clock.now + .seconds(5), orWall: due, watching: &none)
        let late = try #require(wake.lateness)
        #expect(late >= .zero && late < .seconds(1))
        #expect(!wake.clockSet)
    }
}

@Suite struct JournalLogHandlerTests {
    @Test func linesCarryTheirSyslogPriority() {
        #expect(JournalLogHandler.line(level: .error, message: "reload failed", metadata: ["error": "f.toml:2:3: x"]) == "<3>reload failed error=f.toml:2:3: x\n")
        #expect(JournalLogHandler.line(level: .info, message: "running", metadata: [:]) == "<6>running\n")
        #expect(JournalLogHandler.line(level: .notice, message: "n", metadata: ["b": "2", "a": "1"]) == "<5>n a=1 b=2\n")
    }

    @Test func theNightDimsTheFaceThenTurnsTheScreenOffAndDrawsNothing() throws {
        let run = try SimulatedRun(from: "2026-06-01T00:00:00Z", zone: "UTC", length: .seconds(86400)) { c in
            c.night = NightSchedule(periods: [.init(parsing: "22:00-07:00", brightness: 0.2)!, .init(parsing: "01:00-06:00", brightness: 0)!])
        }
        // Nothing is shown from 01:00 to 05:59, and the loop sleeps through it: no wakeup.
        #expect(run.shown == minutes("00:00", "00:59") + minutes("06:00", "23:59"))
        #expect(run.output.power == [false, true])
        #expect(run.report.idleWakeups == 1440 - 299)
        let dim = CardStyle.classic.background.dimmed(to: 0.2).pixel, full = CardStyle.classic.background.pixel
        #expect(run.output.backgrounds.first == dim)
        #expect(run.output.backgrounds.last == dim)
        #expect(run.output.backgrounds.contains(full))
        #expect(Set(run.output.backgrounds) == [dim, full])
    }

    @Test func aDisplayRequestHoldsUntilTheScheduleNextChanges() throws {
        var replies: [String] = []
        let run = try SimulatedRun(from: "2026-06-01T21:00:00Z", zone: "UTC", length: .seconds(2 * 3600)) { c in
            c.night = NightSchedule(periods: [.init(parsing: "22:00-07:00", brightness: 0.2)!])
        } schedule: { clock, loop in
            clock.at(.seconds(600), .run { replies.append(loop.answer("display off")) })
            clock.at(.seconds(1200), .run { replies.append(loop.answer("status")) })
        }
        #expect(replies == ["OK display=off until 22:00", "OK time=21:20:00 display=off output=counting 96x60@5"])
        // Off from 21:10 until the schedule dims the screen at 22:00.
        #expect(run.output.power == [false, true])
        #expect(run.shown.contains("21:09") && !run.shown.contains("21:10") && !run.shown.contains("21:59") && run.shown.contains("22:00"))
        #expect(run.output.backgrounds.last == CardStyle.classic.background.dimmed(to: 0.2).pixel)
    }

    @Test func aMessageOpensAPanelHeldWithoutFramesThenClosesIt() throws {
        var replies: [String] = []
        var framesAt: [String: Int] = [:]
        var output: CountingOutput?
        let run = try SimulatedRun(from: "2026-06-01T12:00:05Z", zone: "UTC", length: .seconds(50)) { _ in } schedule: { clock, loop in
            clock.at(.seconds(10), .run { replies.append(loop.answer("message \"Dinner is ready\" for 20s")) })
            clock.at(.seconds(12), .run { output = loop.screens.screens.first?.output as? CountingOutput; framesAt["open"] = output?.frames })
            clock.at(.seconds(29), .run { framesAt["held"] = output?.frames })
            clock.at(.seconds(40), .run { framesAt["closed"] = output?.frames })
        }
        #expect(replies == ["OK message 1"])
        let opening = framesAt["open"]! - 1, held = framesAt["held"]! - framesAt["open"]!, closing = framesAt["closed"]! - framesAt["held"]!
        // Half a second each way at 5 frames a second; nothing while it is held open.
        #expect((2...4).contains(opening), "\(opening)")
        #expect(held == 0)
        #expect((2...4).contains(closing), "\(closing)")
        #expect(run.report.stillFrames == 0)
    }

    @Test func whatIsPresentedIsTheFaceAsItIsNow() throws {
        let run = try SimulatedRun(from: "2026-06-01T12:00:55Z", zone: "UTC", length: .seconds(10))
        var expected = ClockScene(
            configuration: ClockConfiguration(), width: 96, height: 60, showing: ClockReading(time: WallTime(hour: 12, minute: 1, second: 0)),
            glyphs: BoxGlyphs()
        )
        _ = try expected.frame(at: .zero)
        #expect(run.report.flips == 1)
        // Compared whole, without printing the pixels when they differ.
        let same = run.output.last?.pixels == expected.canvas.pixels
        #expect(same, "the last frame presented is not the face at 12:01")
    }

    @Test func aTimerThatHidesWhenIdleFoldsInWhenStartedAndAwayAfterItEnds() throws {
        var hidden: [String: Set<String>] = [:]
        var frames: [String: Int] = [:]
        var replies: [String] = []
        let run = try SimulatedRun(from: "2026-06-01T12:00:00Z", zone: "UTC", length: .seconds(50)) { c in
            c.timers = [TimerDisplay(name: "egg", label: "EGG", duration: 5)]
            c.timers[0].hideWhenIdle = true
        } schedule: { clock, loop in
            let output = { (loop.screens.screens.first?.output as? CountingOutput)?.frames ?? 0 }
            clock.at(.seconds(5), .run { hidden["idle"] = loop.state.hidden; frames["before"] = output() })
            clock.at(.seconds(10), .run { replies.append(loop.answer("timer start egg 5s")) })
            clock.at(.seconds(12), .run { hidden["running"] = loop.state.hidden; frames["unfolded"] = output() })
            clock.at(.seconds(30), .run { hidden["ended"] = loop.state.hidden; frames["ended"] = output() })
        }
        #expect(replies == ["OK egg=00:05 running"])
        #expect(hidden["idle"] == ["egg"])
        #expect(hidden["running"] == [])
        // Finished at 15 s, shown until 25 s, then folded away: the time row alone again.
        #expect(hidden["ended"] == ["egg"])
        // The row unfolds over 0.7 s at 5 frames a second.
        #expect(frames["unfolded"]! - frames["before"]! >= 4)
        var alone = ClockScene(
            configuration: ClockConfiguration(), width: 96, height: 60, showing: ClockReading(time: WallTime(hour: 12, minute: 0, second: 0)),
            glyphs: BoxGlyphs()
        )
        _ = try alone.frame(at: .zero)
        let same = run.output.last?.pixels == alone.canvas.pixels
        #expect(same, "after the timer hid, the face is the time alone")
    }

    @Test func aScreenShowsItsOwnRows() throws {
        let clock = SimulatedClock(date: ISO8601DateFormatter().date(from: "2026-06-01T00:00:00Z")!, zone: ZoneInfo.system.rules(named: "UTC")!)
        var logger = Logger(label: "test")
        logger.logLevel = .error
        var c = ClockConfiguration()
        c.scores = [ScoreDisplay(name: "home"), ScoreDisplay(name: "away")]
        c.screens["HDMI-A-2"] = ScreenSettings(rows: [["home", "away"]])
        let first = CountingOutput(connector: "HDMI-A-1"), second = CountingOutput(connector: "HDMI-A-2")
        let loop = ClockLoop(configuration: c, displays: DisplaySet([first, second]), takesConsole: false, glyphs: BoxGlyphs(), clock: clock, logger: logger)
        clock.at(.seconds(1), .run { loop.requests.send(.stop) })
        _ = try loop.run()
        #expect(loop.screens.screens.map { $0.scene.items.map(\.name) } == [["time", "home", "away"], ["home", "away"]])
    }

    /// The face with `configure` applied, drawn whole at 12:01 on the test output.
    func face(_ configure: (inout ClockConfiguration) -> Void = { _ in }) throws -> Canvas {
        var c = ClockConfiguration()
        configure(&c)
        var scene = ClockScene(
            configuration: c, width: 96, height: 60, showing: ClockReading(time: WallTime(hour: 12, minute: 1, second: 0)), glyphs: BoxGlyphs()
        )
        _ = try scene.frame(at: .zero)
        return scene.canvas
    }

    @Test func afterAMessageClosesTheScreenIsTheFaceAgain() throws {
        let run = try SimulatedRun(from: "2026-06-01T12:01:00Z", zone: "UTC", length: .seconds(30)) { _ in } schedule: { clock, loop in
            clock.at(.seconds(2), .run { _ = loop.answer("message \"Tea\" for 5s") })
        }
        #expect(run.output.frames > 4)
        let same = run.output.last?.pixels == (try face()).pixels
        #expect(same, "the panel left pixels behind")
    }

    @Test func afterAReloadFoldsItsRowsTheScreenIsTheNewFace() throws {
        let run = try SimulatedRun(from: "2026-06-01T12:01:00Z", zone: "UTC", length: .seconds(10)) { _ in } schedule: { clock, loop in
            var new = ClockConfiguration()
            new.scores = [ScoreDisplay(name: "home", label: "HOME")]
            new.backlight = "none"
            loop.reload = { (new, BoxGlyphs()) }
            clock.at(.seconds(2), .run { loop.requests.send(.reload) })
        }
        // 0.7 s of folding at 5 frames a second, then the new face whole.
        #expect(run.output.frames >= 1 + 3 + 1)
        let same = run.output.last?.pixels == (try face { $0.scores = [ScoreDisplay(name: "home", label: "HOME")] }).pixels
        #expect(same, "the face after the rows folded is not the new one")
    }
}
