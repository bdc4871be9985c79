import FlipClockCore
import FlipClockCoreTestKit
import FlipClockOutput
import FlipClockTestKit
import Foundation
import Logging
import Synchronization
import Testing

@testable import FlipClockDaemon

/// What the loop says of a state file it believes only in part, and what a reload of a file
/// being written leaves in it.
@Suite struct LoopStateFileTests {
    let dir = NSTemporaryDirectory() + "flipclock-loopstate-\(UUID().uuidString)"
    var path: String { dir + "/state.json" }

    init() throws { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) }

    /// Runs the loop for `seconds` on a configuration of two scores and a timer with the state
    /// file at `path`; `schedule` adds what happens on the way. The log lines at warning and above.
    func run(seconds: Double, reload: ClockLoop.Reload? = nil, schedule: (SimulatedClock, ClockLoop) -> Void = { _, _ in }) throws -> [String] {
        let clock = SimulatedClock(wall: try WallInstant(iso: "2026-06-01T12:00:00Z"), zone: ZoneInfo.system.rules(named: "UTC")!)
        var configuration = ClockConfiguration()
        configuration.backlight = "none"
        configuration.scores = [ScoreItem(name: "home"), ScoreItem(name: "away")]
        configuration.timers = [TimerItem(name: "egg", duration: 300)]
        let log = LogLines()
        var logger = Logger(label: "test") { _ in LogLines.Handler(lines: log) }
        logger.logLevel = .warning
        var parts = ClockLoop.Parts()
        parts.stateFile = StateFile(path: path)
        parts.reload = reload
        let loop = ClockLoop(
            configuration: configuration, outputs: OutputSet(CountingOutput()), takesConsole: false, glyphs: GreyBoxGlyphs(), clock: clock,
            logger: logger, parts: parts)
        schedule(clock, loop)
        clock.at(.seconds(seconds), .run { loop.requests.send(.stop) })
        _ = try loop.run()
        return log.lines
    }

    @Test func aSavedScoreOutOfItsRangeIsShownClampedAndSaidSo() throws {
        try Data(#"{"scores":{"home":1000,"away":3}}"#.utf8).write(to: URL(fileURLWithPath: path))
        let lines = try run(seconds: 1)
        #expect(lines == ["a saved score is out of its range: shown as the nearest it allows name=home saved=1000 shown=99"])
    }

    /// The message seconds were MQTT's alone, read back from the broker after each start (30
    /// first, then the 20 kept there): now the clock's, saved with the rest and read at start.
    @Test func messageSecondsSetSurviveARestartAndAnUntouchedClockFollowsTheConfiguration() throws {
        var replies: [String] = []
        _ = try run(seconds: 2) { clock, loop in
            clock.at(.seconds(0.5), .run { replies.append(loop.answer("score set home=1")) })
            clock.at(.seconds(0.6), .run { replies.append((try? String(contentsOfFile: path, encoding: .utf8)) ?? "") })
            clock.at(.seconds(1), .run { replies.append(loop.answer("message seconds 20")) })
            clock.at(.seconds(1.5), .run { replies.append(loop.answer(#"{"command":"status"}"#)) })
        }
        let egg = #""timers":{"egg":{"duration":300,"state":{"idle":{}}}}"#
        #expect(replies.count == 4 && replies[1] == #"{"scores":{"away":0,"home":1},"# + egg + "}", "\(replies)")
        #expect(replies[2] == "OK message_seconds=20" && replies[3].contains(#""message_seconds":20"#), "\(replies)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == #"{"message_seconds":20,"scores":{"away":0,"home":1},"# + egg + "}")
        var after = ""
        let lines = try run(seconds: 1) { clock, loop in clock.at(.seconds(0.5), .run { after = loop.answer("status") }) }
        #expect(lines.isEmpty && after.contains(" message_seconds=20 "), "\(after)")
    }

    @Test func messageSecondsOutOfTheirRangeInTheFileAreNotTakenAndSaidSo() throws {
        try Data(#"{"scores":{"home":2},"message_seconds":0}"#.utf8).write(to: URL(fileURLWithPath: path))
        var after = ""
        let lines = try run(seconds: 1) { clock, loop in clock.at(.seconds(0.5), .run { after = loop.answer("status") }) }
        #expect(lines == ["state file \(path): message_seconds 0 is not 1...86400; not taken (the configuration's count)"])
        #expect(after.contains("home=2 ") && after.contains(" message_seconds=30 "), "\(after)")
    }

    /// The file emptied by mistake and then written back: the scores and the timer set before
    /// are shown again, and a change made meanwhile saves them too.
    @Test func aReloadWithoutTheScoresKeepsThemInTheStateFile() throws {
        var replies: [String] = []
        var empty = ClockConfiguration()
        empty.backlight = "none"
        empty.texts = [TextItem(name: "board", cards: 4, text: "")]
        // What the file says at each reload: emptied, then the running configuration again.
        let file = Mutex(empty)
        _ = try run(seconds: 5, reload: ClockLoop.Reload(offLoop: false) { (file.withLock { $0 }, GreyBoxGlyphs()) }) { clock, loop in
            let full = loop.configuration
            clock.at(.seconds(1), .run { replies.append(loop.answer("score set home=42 away=17")) })
            clock.at(.seconds(1), .run { replies.append(loop.answer("timer start egg 4m")) })
            clock.at(.seconds(2), .run { replies.append(loop.answer("reload")) })
            clock.at(.seconds(3), .run { replies.append(loop.answer("text board KEEP")) })
            clock.at(.seconds(4), .run { file.withLock { $0 = full } })
            clock.at(.seconds(4), .run { replies.append(loop.answer("reload")) })
            clock.at(.seconds(4.5), .run { replies.append(loop.answer("status")) })
        }
        #expect(
            replies == [
                "OK home=42 away=17", "OK egg=04:00 running", "OK reloaded", "OK board=\"KEEP\"", "OK reloaded",
                "OK time=12:00:04 time_synced=true scores home=42 away=17 timers egg=03:57 running message_seconds=30 screen=on output=counting 96x60@5",
            ])
        // What the change at 3 s saved, with the scores and the timer the file had no place for.
        let saved = StateFile(path: path).load(now: try WallInstant(iso: "2026-06-01T12:00:03Z"))
        #expect(saved.scores == ["home": 42, "away": 17] && saved.timers.keys.sorted() == ["egg"])
    }
}
