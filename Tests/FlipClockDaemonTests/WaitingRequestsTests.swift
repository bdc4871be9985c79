import FlipClockControl
import Testing

@testable import FlipClockDaemon

/// Requests other threads wait on: answered by whoever takes them, bounded in number and in time.
@Suite struct WaitingRequestsTests {
    @Test func aTakenRequestIsAnsweredByTheLoop() async {
        let waiting = WaitingRequests()
        async let reply = waiting.ask(.ping, from: "test")
        var taken: [WaitingRequests.Taken] = []
        while taken.isEmpty {
            await Task.yield()
            taken = waiting.take()
        }
        #expect(taken.map(\.question) == [.request(.ping)])
        #expect(taken.map(\.source) == ["test"])
        waiting.answer(taken[0].id, with: .reply(.pong))
        #expect(await reply == .pong)
    }

    @Test func aRequestNotTakenInTimeIsRefused() async {
        let waiting = WaitingRequests(patience: .milliseconds(50))
        #expect(
            await waiting.ask(.status, from: "test")
                == .refused(ControlError(.busy, "the clock did not take the request in time (it may be waiting for a display)")))
        #expect(waiting.take().isEmpty)
    }

    @Test func aFullQueueRefusesAtOnce() async {
        let waiting = WaitingRequests(capacity: 1, patience: .seconds(5))
        async let first = waiting.ask(.status, from: "test")
        var taken: [WaitingRequests.Taken] = []
        while taken.isEmpty {
            await Task.yield()
            taken = waiting.take()
        }
        // Taken, not yet answered: it still counts.
        #expect(await waiting.ask(.ping, from: "test") == .refused(ControlError(.busy, "1 requests wait for the clock already; try again later")))
        waiting.answer(taken[0].id, with: .reply(.pong))
        #expect(await first == .pong)
    }
}
