import FlipClockControl
import FlipClockCore
import FlipClockCoreTestKit
import FlipClockTestKit
import Testing

@testable import FlipClockDaemon

/// The replies to a led match's changes, held until the broker has them: released at a shared
/// version, refused at the bound, in order per asker, bounded in number.
@Suite struct HeldRepliesTests {
    typealias Release = HeldReplies<String>.Release
    let ok = ControlReply.reloaded

    @Test func aReplyWaitingForNothingGoesAtOnce() {
        var held = HeldReplies<String>(capacity: 4)
        #expect(held.hold(ok, to: "a", version: 0, at: .zero) == [Release(asker: "a", reply: ok)])
        #expect(held.count == 0 && held.nextDeadline == nil)
    }

    @Test func aChangeIsHeldUntilItsVersionIsShared() {
        var held = HeldReplies<String>(capacity: 4)
        #expect(held.hold(ok, to: "a", json: true, version: 1, at: .seconds(10)).isEmpty)
        #expect(held.hold(.pong, to: "b", version: 2, at: .seconds(10)).isEmpty)
        #expect(held.nextDeadline == .seconds(12))
        #expect(held.shared(upTo: 1) == [Release(asker: "a", reply: ok, json: true)])
        // A later version shares every one before it.
        #expect(held.shared(upTo: 5) == [Release(asker: "b", reply: .pong)])
        #expect(held.count == 0 && held.nextDeadline == nil)
        // Shared already: at once.
        #expect(held.hold(ok, to: "a", version: 4, at: .seconds(11)) == [Release(asker: "a", reply: ok)])
    }

    @Test func aChangeNotSharedWithinTheBoundIsRefused() {
        var held = HeldReplies<String>(capacity: 4)
        _ = held.hold(ok, to: "a", version: 1, at: .seconds(10))
        #expect(held.expire(at: .seconds(11.999)).isEmpty)
        let refused = ControlReply.refused(
            ControlError(.notShared, "the change is on this clock only: the match's broker did not take it within 2 s"))
        #expect(held.expire(at: .seconds(12)) == [Release(asker: "a", reply: refused)])
        #expect(refused.line(json: false) == "ERR not-shared the change is on this clock only: the match's broker did not take it within 2 s")
        // A PUBACK after the bound changes nothing.
        #expect(held.shared(upTo: 1).isEmpty)
    }

    @Test func aRepliesToOneAskerGoInOrder() {
        var held = HeldReplies<String>(capacity: 8)
        _ = held.hold(ok, to: "a", version: 1, at: .zero)
        // The status after the change waits behind it; another asker's does not.
        #expect(held.hold(.pong, to: "a", version: 0, at: .zero).isEmpty)
        #expect(held.hold(.pong, to: "b", version: 0, at: .zero) == [Release(asker: "b", reply: .pong)])
        #expect(held.nextDeadline == .seconds(2))
        #expect(held.shared(upTo: 1) == [Release(asker: "a", reply: ok), Release(asker: "a", reply: .pong)])
        _ = held.hold(ok, to: "a", version: 2, at: .zero)
        _ = held.hold(.pong, to: "a", version: 0, at: .zero)
        #expect(held.expire(at: .seconds(2)).map(\.reply) == [.refused(held.notShared), .pong])
    }

    @Test func heldRepliesAreBounded() {
        var held = HeldReplies<String>(capacity: 2)
        _ = held.hold(ok, to: "a", version: 1, at: .zero)
        _ = held.hold(ok, to: "b", version: 1, at: .zero)
        let full = ControlReply.refused(ControlError(.notShared, "the change is on this clock only: 2 replies wait for the match's broker already"))
        #expect(held.hold(ok, to: "c", version: 1, at: .zero) == [Release(asker: "c", reply: full)])
        #expect(held.count == 2)
    }

    /// A clock without `[match]`, or one that follows, answers at once: no version to wait for.
    @Test func onlyALeadersMatchChangesWait() throws {
        var versions: [String: [Int]] = [:]
        for role in [nil, MatchSettings.Role.follower, .leader] {
            let configure = { (c: inout ClockConfiguration) in
                LoopMatchTests.configure(&c)
                c.match = role.map { MatchSettings(topic: "flipclock/match/hall", role: $0) }
            }
            _ = try SimulatedRun(from: LoopMatchTests.start, zone: "UTC", length: .seconds(1), configure: configure) { clock, loop in
                clock.at(
                    .seconds(0.5),
                    .run {
                        loop.state.standing.leading = role == .leader
                        let batch = ["score add away 2", "status", "score add home 1", "game start"].map { (ClockLoop.request($0), String?.none) }
                        versions["\(role.map(\.rawValue) ?? "none")"] =
                            loop.answered(Array(batch[0...1]), kind: .socket).map(\.version)
                            + loop.answered(Array(batch[2...]), kind: .http).map(\.version)
                    })
            }
        }
        #expect(versions == ["none": [0, 0, 0, 0], "follower": [0, 0, 0, 0], "leader": [1, 0, 2, 2]])
    }
}
