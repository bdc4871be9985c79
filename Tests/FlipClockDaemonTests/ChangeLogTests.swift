import FlipClockCore
import FlipClockOutput
import FlipClockTestKit
import Foundation
import Logging
import Testing

@testable import FlipClockDaemon

/// A change is logged once it is kept (issue 31): a score the state file could not keep was
/// logged `scores set` and then refused.
@Suite struct ChangeLogTests {
    @Test func aChangeRefusedBecauseItCannotBeSavedIsNotLoggedAsMade() throws {
        let start = ISO8601DateFormatter().date(from: "2026-06-01T08:00:00Z")!
        let clock = SimulatedClock(wall: WallInstant(start), zone: ZoneInfo.system.rules(named: "UTC")!)
        var configuration = ClockConfiguration()
        configuration.scores = [ScoreItem(name: "home")]
        configuration.backlight = "none"
        let log = LogLines()
        let loop = ClockLoop(
            configuration: configuration, outputs: OutputSet(CountingOutput()), takesConsole: false, glyphs: GreyBoxGlyphs(), clock: clock,
            logger: Logger(label: "test") { _ in LogLines.Handler(lines: log) }
        )
        let kept = NSTemporaryDirectory() + "flipclock-changelog-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: kept) }
        var replies: [String] = []
        clock.at(
            .seconds(1),
            .run {
                loop.stateFile = StateFile(path: "/proc/flipclock/none/state.json")
                replies.append(loop.answer("score set home 3"))
                loop.stateFile = StateFile(path: kept)
                replies.append(loop.answer("score set home 4"))
            })
        clock.at(.seconds(2), .run { loop.requests.send(.stop) })
        _ = try loop.run()
        #expect(replies.first?.hasPrefix("ERR state") == true, "\(replies)")
        #expect(replies.last == "OK home=4")
        #expect(log.lines.filter { $0.hasPrefix("scores set") } == ["scores set scores=home=4"], "\(log.lines)")
    }
}
