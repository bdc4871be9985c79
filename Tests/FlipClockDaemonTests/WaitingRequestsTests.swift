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
        waiting.answer(taken[0].id, with: .pong)
        #expect(await reply == .pong)
    }

    /// The match's questions wait as requests do; an answer of `nil` (a state taken, no match)
    /// is an answer, not a question withdrawn.
    @Test func theMatchsQuestionsAreAnsweredByTheLoop() async {
        let waiting = WaitingRequests()
        async let why = waiting.follow("{")
        async let match = waiting.match()
        async let led = waiting.lead(false, lost: true)
        var taken: [WaitingRequests.Taken] = []
        while taken.count < 3 {
            await Task.yield()
            taken += waiting.take()
        }
        #expect(Set(taken.map { "\($0.question)" }) == ["follow(\"{\")", "match", "lead(leading: false, lost: true)"])
        #expect(taken.allSatisfy { $0.source == "mqtt" && $0.kind == .mqtt })
        for asked in taken {
            // The match itself is answered with its version (what the broker's PUBACK names).
            if asked.question == .match {
                waiting.answer(asked.id, with: nil, version: 0)
            } else {
                waiting.answer(asked.id, with: asked.question == .follow("{") ? "match: not JSON" : nil)
            }
        }
        #expect(await why == "match: not JSON")
        #expect(await match == nil)
        #expect(await led)
        #expect(waiting.patienceTasks == 0)
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
        waiting.answer(taken[0].id, with: .pong)
        #expect(await first == .pong)
    }

    /// The patience of a question ends with its answer: after answering a batch, no task is
    /// left waiting out the 5 s (each would hold its closure and wake once, for nothing).
    @Test func answeringEndsEveryPatienceTask() async {
        let waiting = WaitingRequests(patience: .seconds(3600))
        await withTaskGroup(of: ControlReply.self) { group in
            for _ in 0..<8 { group.addTask { await waiting.ask(.ping, from: "test") } }
            var taken: [WaitingRequests.Taken] = []
            while taken.count < 8 {
                await Task.yield()
                taken += waiting.take()
            }
            for asked in taken { waiting.answer(asked.id, with: .pong) }
            for await reply in group { #expect(reply == .pong) }
        }
        #expect(waiting.patienceTasks == 0)
    }
}
