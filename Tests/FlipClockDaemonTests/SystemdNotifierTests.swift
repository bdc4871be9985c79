import FlipClockDaemon
import FlipClockTestKit
import Testing

/// The notify protocol's datagrams, read from a socket the test owns.
@Suite struct SystemdNotifierTests {
    @Test func readyIsSentAtOnceWithoutListeners() throws {
        let socket = NotifySocket()
        let notifier = try #require(SystemdNotifier(environment: ["NOTIFY_SOCKET": socket.path]))
        notifier.ready(status: "showing the time on a.png")
        #expect(socket.next(within: 0) == "READY=1\nSTATUS=showing the time on a.png")
    }

    /// `systemctl start` returns at READY=1: the HTTP API must answer by then. A datagram is
    /// queued when `sendto` returns, so "nothing yet" is read without waiting.
    @Test func readyWaitsForTheLastListener() throws {
        let socket = NotifySocket()
        let notifier = try #require(SystemdNotifier(environment: ["NOTIFY_SOCKET": socket.path]))
        notifier.waitForListener()
        notifier.waitForListener()
        notifier.ready(status: "showing the time on a.png")
        notifier.watchdog()
        #expect(socket.next(within: 0) == "WATCHDOG=1")
        notifier.listening()
        #expect(socket.next(within: 0) == nil)
        notifier.listening()
        #expect(socket.next(within: 0) == "READY=1\nSTATUS=showing the time on a.png")
        // Once up, every READY=1 (a reload's) goes out at once.
        notifier.ready(status: "configuration reloaded")
        #expect(socket.next(within: 0) == "READY=1\nSTATUS=configuration reloaded")
        #expect(socket.next(within: 0) == nil)
    }

    /// A listener bound before the first frame: READY=1 is not held for it.
    @Test func aListenerBoundFirstHoldsNothing() throws {
        let socket = NotifySocket()
        let notifier = try #require(SystemdNotifier(environment: ["NOTIFY_SOCKET": socket.path]))
        notifier.waitForListener()
        notifier.listening()
        #expect(socket.next(within: 0) == nil)
        notifier.ready(status: "up")
        #expect(socket.next(within: 0) == "READY=1\nSTATUS=up")
    }
}
