import FlipClockCore
import FlipClockCoreTestKit
import FlipClockOutput
import FlipClockTestKit
import Testing

@testable import FlipClockDaemon

/// The kernel's word on the time, read by the loop through an injected reader: what the face
/// shows until the time is synchronised, how often it asks, what `status` says.
@Suite struct LoopSyncTests {
    /// The kernel's answer as a test sets it, and how often it was asked.
    final class Kernel {
        var reading = SyncReading.unsynced(maxError: .seconds(16), unsyncFlag: true)
        var asked: [Duration] = []
    }

    /// Dashes until the kernel says synchronised at 10 s; the next look (2 s at most later)
    /// turns the cards straight to the time. Asked every 2 s until then, then once a minute on
    /// the minute's own wakes: no wake of its own.
    @Test func dashesTurnToTheTimeAtTheNextLook() throws {
        let kernel = Kernel()
        var seen: [(dashed: Bool, values: [String], status: String)] = []
        var parts = ClockLoop.Parts()
        var clockRef: SimulatedClock?
        parts.timeSync = {
            kernel.asked.append(clockRef?.now ?? .zero)
            return kernel.reading
        }
        let schedule: (SimulatedClock, ClockLoop) -> Void = { clock, loop in
            clockRef = clock
            func look() {
                let scene = loop.screens.screens[0].scene
                seen.append((scene.dashed, Array(scene.values(at: loop.reading()).prefix(4)), loop.answer("status")))
            }
            clock.at(.seconds(5), .run(look))
            clock.at(.seconds(10), .run { kernel.reading = .synced(maxError: .milliseconds(12)) })
            // The look at 12 s at the latest, and the flip to the time done by 14 s.
            clock.at(.seconds(14), .run(look))
        }
        let run = try SimulatedRun(
            from: "2026-06-01T12:00:00Z", zone: "UTC", length: .seconds(600), configure: { $0.unsynced = .dashes }, parts: parts, schedule: schedule)
        #expect(seen.count == 2)
        #expect(seen[0].dashed && seen[0].values == ["-", "-", "-", "-"])
        #expect(seen[0].status.hasPrefix("OK time=12:00:05 time_synced=false "))
        #expect(!seen[1].dashed && seen[1].values == ["1", "2", "0", "0"])
        #expect(seen[1].status.hasPrefix("OK time=12:00:14 time_synced=true "))
        // Every 2 s while not synchronised: 0, 2, 4, 6, 8, 10 (the answer came), 12 at the latest.
        let before = kernel.asked.filter { $0 <= .seconds(12) }
        #expect(before.count >= 6 && before.count <= 7, "\(kernel.asked)")
        // Then on the minute's wakes only (the first from 55 s after the last look): 120 s,
        // 180 s, … 540 s, and 600 s if the stop's wake is after it.
        let after = kernel.asked.filter { $0 > .seconds(12) }
        #expect(after.count >= 8 && after.count <= 9, "\(kernel.asked)")
        #expect(after.allSatisfy { $0.components.seconds % 60 == 0 }, "\(kernel.asked)")
        // No wake of its own once synchronised: the start, 6 looks, the 10 minutes and the
        // test's own 3 events (a look every 2 s for 600 s would be 300).
        #expect(run.report.idleWakeups <= 1 + 6 + 10 + 3 + 2, "\(run.report)")
    }

    /// The mark over the face's top-left corner while not synchronised, gone once it is; a
    /// reader that cannot ask counts as synchronised (never a mark, never dashes).
    @Test func theMarkComesAndGoes() throws {
        let kernel = Kernel()
        var corners: [Bool] = []
        var parts = ClockLoop.Parts()
        parts.timeSync = { kernel.reading }
        _ = try SimulatedRun(from: "2026-06-01T12:00:00Z", zone: "UTC", length: .seconds(120), parts: parts) { clock, loop in
            func corner() {
                let canvas = loop.screens.screens[0].output as! CountingOutput
                let last = canvas.last!
                let background = CardStyle.classic.background.pixel
                let area = SyncMark(width: last.width, height: last.height, margin: loop.configuration.spacing.margin).area
                var marked = false
                for y in area.y..<area.y + area.height { for x in area.x..<area.x + area.width where last[x, y] != background { marked = true } }
                corners.append(marked)
            }
            clock.at(.seconds(5), .run(corner))
            clock.at(.seconds(10), .run { kernel.reading = .synced(maxError: .zero) })
            clock.at(.seconds(14), .run(corner))
            clock.at(.seconds(30), .run { kernel.reading = .unknown(why: "adjtimex: Operation not permitted") })
            clock.at(.seconds(100), .run(corner))
        }
        #expect(corners == [true, false, false])
    }

    /// A step of the wall clock (which leaves the kernel unsynchronised) is looked at on its
    /// own wake, not a minute later.
    @Test func aClockSetIsLookedAtAtOnce() throws {
        let kernel = Kernel()
        kernel.reading = .synced(maxError: .milliseconds(10))
        var statuses: [String] = []
        var parts = ClockLoop.Parts()
        var clockRef: SimulatedClock?
        parts.timeSync = {
            kernel.asked.append(clockRef?.now ?? .zero)
            return kernel.reading
        }
        _ = try SimulatedRun(from: "2026-06-01T12:00:00Z", zone: "UTC", length: .seconds(200), parts: parts) { clock, loop in
            clockRef = clock
            clock.at(.seconds(100), .run { kernel.reading = .unsynced(maxError: .seconds(16), unsyncFlag: true) })
            clock.at(.milliseconds(100_500), .setWall(try! WallInstant(iso: "2026-05-29T12:01:40Z")))
            clock.at(.seconds(101), .run { statuses.append(loop.answer("status")) })
        }
        #expect(kernel.asked.contains(.milliseconds(100_500)), "\(kernel.asked)")
        #expect(statuses.count == 1 && statuses[0].contains(" time_synced=false "), "\(statuses)")
    }
}
