import FlipClockCore
import FlipClockCoreTestKit
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
        // The state file's folder gone (a save fails), then back.
        let folder = NSTemporaryDirectory() + "flipclock-changelog-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var parts = ClockLoop.Parts()
        parts.stateFile = StateFile(path: folder + "/state.json")
        let loop = ClockLoop(
            configuration: configuration, outputs: OutputSet(CountingOutput()), takesConsole: false, glyphs: GreyBoxGlyphs(), clock: clock,
            logger: Logger(label: "test") { _ in LogLines.Handler(lines: log) }, parts: parts
        )
        var replies: [String] = []
        clock.at(
            .seconds(1),
            .run {
                replies.append(loop.answer("score set home 3"))
                try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                replies.append(loop.answer("score set home 4"))
            })
        clock.at(.seconds(2), .run { loop.requests.send(.stop) })
        _ = try loop.run()
        #expect(replies.first?.hasPrefix("ERR state") == true, "\(replies)")
        #expect(replies.last == "OK home=4")
        #expect(log.lines.filter { $0.hasPrefix("scores set") } == ["scores set scores=home=4"], "\(log.lines)")
    }
}
