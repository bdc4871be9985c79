import CLinux
import FlipClockCore
import FlipClockOutput
import FlipClockTestKit
import Foundation
import Logging
import Testing

@testable import FlipClockDaemon

/// Waiting for a display as a service does, and the console's signals without a console.
@Suite struct OutputWaitTests {
    /// `auto` where neither a DRM card nor the framebuffer device can be opened.
    static func missing() -> ClockConfiguration {
        var c = ClockConfiguration()
        c.output = .auto
        // Not a card, and (starting /dev/fb) the framebuffer device auto falls back to.
        c.device = "/dev/fb-flipclock-test-missing"
        c.imageDirectory = NSTemporaryDirectory() + "flipclock-wait-\(UUID().uuidString)"
        return c
    }

    static let logger: Logger = {
        var l = Logger(label: "test")
        l.logLevel = .critical
        return l
    }()

    @Test func byHandAutoWritesFramesWhereThereIsNoDisplay() throws {
        let c = Self.missing()
        defer { try? FileManager.default.removeItem(atPath: c.imageDirectory) }
        let outputs = try OutputSelection.open(c, waitsForDisplay: false, requests: LoopRequests(), logger: Self.logger)
        #expect(outputs?.open.first is ImageFileOutput)
        outputs?.close()
    }

    @Test func asAServiceAutoWaitsForADisplayUntilStopped() throws {
        let c = Self.missing()
        let requests = LoopRequests()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { requests.send(.stop) }
        let outputs = try OutputSelection.open(c, waitsForDisplay: true, requests: requests, logger: Self.logger)
        // Waited (no PNG frames instead) until the stop.
        #expect(outputs == nil)
        #expect(!FileManager.default.fileExists(atPath: c.imageDirectory))
    }

    @Test func aReloadAskedWhileWaitingIsLeftForTheLoop() throws {
        let requests = LoopRequests()
        requests.send(.reload)
        #expect(!requests.waitForStop(upTo: .milliseconds(10)))
        requests.wakeIfPending()
        var p = pollfd(fd: requests.descriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&p, 1, 0) == 1)
        #expect(requests.take() == [.reload])
    }

    @Test func consoleNumbers() {
        #expect(VirtualTerminal.consoleNumber(of: "/dev/tty1") == 1)
        #expect(VirtualTerminal.consoleNumber(of: "/dev/tty63") == 63)
        #expect(VirtualTerminal.consoleNumber(of: "/dev/tty0") == nil)
        #expect(VirtualTerminal.consoleNumber(of: "/dev/ttyS0") == nil)
        #expect(VirtualTerminal.consoleNumber(of: "/dev/pts/3") == nil)
    }

    @Test func aConsoleSignalWithoutAConsoleDoesNotStopTheClock() throws {
        // SIGUSR1 sent by hand to a daemon that took no console used to suspend it for good.
        let run = try SimulatedRun(
            from: "2026-06-01T08:00:00Z", zone: "UTC", length: .seconds(600),
            schedule: { clock, loop in
                clock.at(.seconds(90), .run { loop.requests.send(.terminalReleased) })
            })
        #expect(run.shown == minutes("08:00", "08:09"))
        #expect(run.report.flips == 9)
    }
}
