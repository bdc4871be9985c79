import CLinux
import FlipClockCore
import FlipClockCoreTestKit
import FlipClockTestKit
import Foundation
import Synchronization
import Testing

@testable import FlipClockDaemon

/// A reload the loop makes of its own (SIGHUP, the file saved) is prepared on a thread of its
/// own: the loop answers and draws meanwhile, and takes the configuration on its own thread.
@Suite struct LoopReloadTests {
    @Test func theLoopAnswersWhileAReloadIsPreparedAndTakesItWhenReady() throws {
        let order = Mutex<[String]>([])
        let release = DispatchSemaphore(value: 0)
        var new = ClockConfiguration()
        new.scores = [ScoreItem(name: "home")]
        new.backlight = "none"
        var parts = ClockLoop.Parts()
        // The file's reading holds until the test lets it go (a bound, not a wait: 10 s if the
        // loop itself were held in it).
        parts.reload = ClockLoop.Reload { [new] in
            _ = release.wait(timeout: .now() + 10)
            order.withLock { $0.append("prepared") }
            return (new, GreyBoxGlyphs())
        }
        parts.reload?.taken = { _ in order.withLock { $0.append("taken") } }
        var status = ""
        _ = try SimulatedRun(from: "2026-06-01T12:01:00Z", zone: "UTC", length: .seconds(5), parts: parts) { clock, loop in
            clock.at(.seconds(1), .run { loop.requests.send(.reload) })
            clock.at(
                .seconds(2),
                .run {
                    order.withLock { $0.append("answered \(loop.answer("ping"))") }
                    release.signal()
                    // Ready by the next wake: the thread has said so.
                    var ready = pollfd(fd: loop.preparing?.descriptor ?? -1, events: Int16(POLLIN), revents: 0)
                    _ = poll(&ready, 1, 10_000)
                })
            clock.at(.seconds(3), .run { status = loop.answer("status") })
        }
        #expect(order.withLock { $0 } == ["answered OK pong", "prepared", "taken"])
        #expect(status.contains("home=0"), "\(status)")
    }
}
