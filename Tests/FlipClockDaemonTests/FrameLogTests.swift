import FlipClockCore
import FlipClockCoreTestKit
import FlipClockOutput
import FlipClockTestKit
import Foundation
import Logging
import Testing

@testable import FlipClockDaemon

/// `--frame-log`: a line for each presented frame in which the game's texts changed, at the
/// instant it was presented, on the simulated clock through the loop; its failures never fatal.
@Suite struct FrameLogTests {
    static func temporary() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("flipclock-frames-\(UUID()).log").path
    }

    /// The log's lines as (milliseconds after `t0`, the due instant's milliseconds after `t0`,
    /// the texts).
    static func lines(_ path: String, after t0: WallInstant) throws -> [(ms: Double, due: Double?, texts: String)] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { line in
            let parts = line.split(separator: " ", maxSplits: 2)
            let due = Int64(parts[1].dropFirst(4)).map { Double($0 - t0.nanosecondsSince1970) / 1e6 }
            return (Double(Int64(parts[0])! - t0.nanosecondsSince1970) / 1e6, due, String(parts[2]))
        }
    }

    /// LoopGameTests' game (a 2:00 period, tenths in its last minute, a 24 s shot clock),
    /// started 1 s in, on a 60 Hz screen: a line at each of the 599 tenths and each second,
    /// each in the frame drawn at the instant it is due.
    @Test func aLineAtEachTenthChangeWithinAFrameOfIt() throws {
        let path = Self.temporary()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let t0 = try WallInstant(iso: LoopGameTests.start)
        let clock = SimulatedClock(wall: t0, zone: ZoneInfo.system.rules(named: "UTC")!)
        var configuration = ClockConfiguration()
        configuration.backlight = "none"
        LoopGameTests.configure(&configuration)
        var parts = ClockLoop.Parts()
        parts.frameLog = FrameLog(path: path, logger: Logger(label: "test"))
        let output = MemoryOutput(size: PixelSize(width: 192, height: 120), refreshRate: 60)
        let loop = ClockLoop(
            configuration: configuration, outputs: OutputSet(output), takesConsole: false, glyphs: GreyBoxGlyphs(), clock: clock,
            logger: Logger(label: "test"), parts: parts)
        clock.at(.seconds(1), .run { _ = loop.answer("game start") })
        clock.at(.seconds(125), .run { loop.requests.send(.stop) })
        let report = try loop.run()
        let lines = try Self.lines(path, after: t0)
        #expect(lines.first?.texts == "game=02:00 shot=24 period=1")
        // Only changes: never the same texts twice in a row; at most one a tenth.
        #expect(zip(lines, lines.dropFirst()).allSatisfy { $0.texts != $1.texts })
        #expect(lines.count <= 125 + 600 + 50 && lines.count < report.frames)
        // "59.9" is due 59.9 s before the period's end at 121 s, and so on down to "0.1".
        var firsts: [String: (ms: Double, due: Double?)] = [:]
        for line in lines {
            let game = String(line.texts.split(separator: " ")[0].dropFirst(5))
            if firsts[game] == nil { firsts[game] = (line.ms, line.due) }
        }
        // Each second from "01:59" (due at 2 s) to "01:00", then each tenth: at its instant.
        var due: [(text: String, ms: Double)] = []
        for k in 1...60 {
            let left = 120 - k
            due.append((String(format: "%02d:%02d", left / 60, left % 60), Double(1000 + k * 1000)))
        }
        for tenth in stride(from: 599, through: 1, by: -1) { due.append(("\(tenth / 10).\(tenth % 10)", Double(121_000 - tenth * 100))) }
        var late: [String] = []
        for (text, due) in due {
            // Shown within a millisecond of its instant, and logged as due exactly then.
            if let at = firsts[text], at.ms >= due, at.ms <= due + 1, at.due == due { continue }
            late.append("\(text) at \(firsts[text].map { "\($0.ms) (due \($0.due.map { "\($0)" } ?? "-"))" } ?? "never"), due \(due)")
        }
        #expect(late == [])
        #expect(lines.last?.texts == "game=00:27 shot=- period=1")
    }

    /// A log that cannot be opened is said and left out; one that cannot be written to is said
    /// once and dropped; the clock runs on.
    @Test func aLogThatFailsIsSaidOnceAndDropped() throws {
        let log = LogLines()
        let logger = Logger(label: "test") { _ in LogLines.Handler(lines: log) }
        #expect(FrameLog(path: "/nonexistent-folder/frames.log", logger: logger) == nil)
        let full = try #require(FrameLog(path: "/dev/full", logger: logger))
        var parts = ClockLoop.Parts()
        parts.frameLog = full
        let run = try SimulatedRun(from: LoopGameTests.start, zone: "UTC", length: .seconds(65), configure: LoopGameTests.configure, parts: parts) {
            clock, loop in clock.at(.seconds(1), .run { _ = loop.answer("game start") })
        }
        #expect(run.report.frames > 100)
        #expect(
            log.lines == [
                "cannot open the frame log: frames are not logged error=No such file or directory path=/nonexistent-folder/frames.log",
                "cannot write the frame log: frames are no longer logged error=No space left on device path=/dev/full",
            ])
    }
}
