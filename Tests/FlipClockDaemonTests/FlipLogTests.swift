import FlipClockCore
import FlipClockCoreTestKit
import FlipClockOutput
import FlipClockTestKit
import Foundation
import Logging
import Testing

@testable import FlipClockDaemon

@Suite struct FlipLogTests {
    /// A flip that starts at a paced frame (the cards already moving) rather than at the wall
    /// clock's wake: `start_late_us` says how long after its second it started, where
    /// `late_us` still says the last wall wake's lateness.
    @Test func aFlipStartedByAFrameLogsHowLongAfterItsSecondItStarted() throws {
        let start = ISO8601DateFormatter().date(from: "2026-06-01T08:00:00Z")!
        let clock = SimulatedClock(wall: WallInstant(start), zone: ZoneInfo.system.rules(named: "UTC")!)
        var configuration = ClockConfiguration()
        configuration.time.format = .hoursMinutesSeconds
        configuration.backlight = "none"
        // No bounce: the flip to 08:00:10 has landed (10.6 s) before the panel opens.
        configuration.timing.landing = .none
        let log = LogLines()
        let logger = Logger(label: "test") { _ in LogLines.Handler(lines: log) }
        let loop = ClockLoop(
            configuration: configuration, outputs: OutputSet(CountingOutput()), takesConsole: false, glyphs: GreyBoxGlyphs(), clock: clock,
            logger: logger
        )
        // The panel opens from 10.7 s for half a second, a frame each 200 ms: 10.7, 10.9,
        // 11.1; the flip to 08:00:11 starts at 11.1 s, 100 ms after its second.
        clock.at(.milliseconds(10700), .run { _ = loop.answer("message \"Tea\" for 5s") })
        clock.at(.seconds(14), .run { loop.requests.send(.stop) })
        _ = try loop.run()
        let flips = log.lines.filter { $0.hasPrefix("flip done") }
        let eleven = try #require(flips.first { $0.contains("time=08:00:11") })
        let startLate = try #require(eleven.split(separator: " ").first { $0.hasPrefix("start_late_us=") }.flatMap { Int($0.dropFirst(14)) })
        #expect(abs(startLate - 100_000) <= 1, "\(eleven)")
        #expect(eleven.contains("late_us=0 "), "\(eleven)")
        // A flip started by the wall clock's wake starts on its second.
        let ten = try #require(flips.first { $0.contains("time=08:00:10") })
        #expect(ten.contains("start_late_us=0 "), "\(ten)")
    }
}
