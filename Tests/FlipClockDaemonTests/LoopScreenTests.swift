import FlipClockCore
import FlipClockCoreTestKit
import FlipClockOutput
import FlipClockTestKit
import Foundation
import Logging
import Testing

@testable import FlipClockDaemon

/// What the loop puts on its screens as the night schedule, requests, messages, timers and
/// reloads change the face.
@Suite struct LoopScreenTests {
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
        #expect(replies == ["OK screen=off until 22:00", "OK time=21:20:00 time_synced=true message_seconds=30 screen=off output=counting 96x60@5"])
        // Off from 21:10 until the schedule dims the screen at 22:00.
        #expect(run.output.power == [false, true])
        #expect(run.shown.contains("21:09") && !run.shown.contains("21:10") && !run.shown.contains("21:59") && run.shown.contains("22:00"))
        #expect(run.output.backgrounds.last == CardStyle.classic.background.dimmed(to: 0.2).pixel)
    }

    @Test func aMessageOpensAPanelHeldWithoutFramesThenClosesIt() throws {
        var replies: [String] = []
        var framesAt: [String: Int] = [:]
        var output: CountingOutput?
        let run = try SimulatedRun(from: "2026-06-01T12:00:05Z", zone: "UTC", length: .seconds(50)) { _ in
        } schedule: { clock, loop in
            clock.at(.seconds(10), .run { replies.append(loop.answer("message \"Dinner is ready\" for 20s")) })
            clock.at(
                .seconds(12),
                .run {
                    output = loop.screens.screens.first?.output as? CountingOutput; framesAt["open"] = output?.frames
                })
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

    @Test func theMessagesAreListedShownFirstThenWaitingUntilTheyClose() throws {
        var replies: [String] = []
        _ = try SimulatedRun(from: "2026-06-01T12:00:05Z", zone: "UTC", length: .seconds(40)) { _ in
        } schedule: { clock, loop in
            clock.at(.seconds(1), .run { replies.append(loop.answer("message list")) })
            clock.at(.seconds(2), .run { _ = loop.answer("message \"Dinner is ready\" for 10s") })
            clock.at(.seconds(3), .run { _ = loop.answer("message \"Tea\" for 5s row 1") })
            clock.at(.seconds(4), .run { replies.append(loop.answer("message list")) })
            clock.at(.seconds(5), .run { replies.append(loop.answer(#"{"command":"message","list":true}"#)) })
            clock.at(.seconds(15), .run { replies.append(loop.answer("message list")) })
            clock.at(.seconds(30), .run { replies.append(loop.answer("message list")) })
        }
        #expect(
            replies == [
                "OK no messages",
                #"OK 1 shown "Dinner is ready" for 10s row 1, 2 waiting "Tea" for 5s row 1"#,
                #"{"messages":[{"number":1,"row":1,"seconds":10,"shown":true,"text":"Dinner is ready","urgent":false},"#
                    + #"{"number":2,"row":1,"seconds":5,"shown":false,"text":"Tea","urgent":false}],"ok":true}"#,
                #"OK 2 shown "Tea" for 5s row 1"#,
                "OK no messages",
            ])
    }

    @Test func whatIsPresentedIsTheFaceAsItIsNow() throws {
        let run = try SimulatedRun(from: "2026-06-01T12:00:55Z", zone: "UTC", length: .seconds(10))
        var expected = ClockScene(
            configuration: ClockConfiguration(), width: 96, height: 60, showing: ClockReading(time: WallTime(hour: 12, minute: 1, second: 0)),
            glyphs: GreyBoxGlyphs()
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
            c.timers = [TimerItem(name: "egg", label: "EGG", duration: 5)]
            c.timers[0].hideWhenIdle = true
        } schedule: { clock, loop in
            let output = { (loop.screens.screens.first?.output as? CountingOutput)?.frames ?? 0 }
            clock.at(
                .seconds(5),
                .run {
                    hidden["idle"] = loop.screens.hidden; frames["before"] = output()
                })
            clock.at(.seconds(10), .run { replies.append(loop.answer("timer start egg 5s")) })
            clock.at(
                .seconds(12),
                .run {
                    hidden["running"] = loop.screens.hidden; frames["unfolded"] = output()
                })
            clock.at(
                .seconds(30),
                .run {
                    hidden["ended"] = loop.screens.hidden; frames["ended"] = output()
                })
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
            glyphs: GreyBoxGlyphs()
        )
        _ = try alone.frame(at: .zero)
        let same = run.output.last?.pixels == alone.canvas.pixels
        #expect(same, "after the timer hid, the face is the time alone")
    }

    @Test func aScreenShowsItsOwnRows() throws {
        let clock = SimulatedClock(
            wall: WallInstant(ISO8601DateFormatter().date(from: "2026-06-01T00:00:00Z")!), zone: ZoneInfo.system.rules(named: "UTC")!)
        var logger = Logger(label: "test")
        logger.logLevel = .error
        var c = ClockConfiguration()
        c.scores = [ScoreItem(name: "home"), ScoreItem(name: "away")]
        c.screens["HDMI-A-2"] = ScreenSettings(rows: [["home", "away"]])
        let first = CountingOutput(connector: "HDMI-A-1"), second = CountingOutput(connector: "HDMI-A-2")
        let loop = ClockLoop(
            configuration: c, outputs: OutputSet([first, second]), takesConsole: false, glyphs: GreyBoxGlyphs(), clock: clock, logger: logger)
        clock.at(.seconds(1), .run { loop.requests.send(.stop) })
        _ = try loop.run()
        #expect(loop.screens.screens.map { $0.scene.items.map(\.name) } == [["time", "home", "away"], ["home", "away"]])
    }

    /// The face with `configure` applied, drawn whole at 12:01 on the test output.
    func face(_ configure: (inout ClockConfiguration) -> Void = { _ in }) throws -> Canvas {
        var c = ClockConfiguration()
        configure(&c)
        var scene = ClockScene(
            configuration: c, width: 96, height: 60, showing: ClockReading(time: WallTime(hour: 12, minute: 1, second: 0)), glyphs: GreyBoxGlyphs()
        )
        _ = try scene.frame(at: .zero)
        return scene.canvas
    }

    @Test func afterAMessageClosesTheScreenIsTheFaceAgain() throws {
        let run = try SimulatedRun(from: "2026-06-01T12:01:00Z", zone: "UTC", length: .seconds(30)) { _ in
        } schedule: { clock, loop in
            clock.at(.seconds(2), .run { _ = loop.answer("message \"Tea\" for 5s") })
        }
        #expect(run.output.frames > 4)
        let same = run.output.last?.pixels == (try face()).pixels
        #expect(same, "the panel left pixels behind")
    }

    @Test func afterAReloadFoldsItsRowsTheScreenIsTheNewFace() throws {
        var new = ClockConfiguration()
        new.scores = [ScoreItem(name: "home", label: "HOME")]
        new.backlight = "none"
        var parts = ClockLoop.Parts()
        parts.reload = ClockLoop.Reload(offLoop: false) { [new] in (new, GreyBoxGlyphs()) }
        let run = try SimulatedRun(from: "2026-06-01T12:01:00Z", zone: "UTC", length: .seconds(10), parts: parts) { clock, loop in
            clock.at(.seconds(2), .run { loop.requests.send(.reload) })
        }
        // 0.7 s of folding at 5 frames a second, then the new face whole.
        #expect(run.output.frames >= 1 + 3 + 1)
        let same = run.output.last?.pixels == (try face { $0.scores = [ScoreItem(name: "home", label: "HOME")] }).pixels
        #expect(same, "the face after the rows folded is not the new one")
    }
}
