import FlipClockCore
import Testing

@testable import FlipClockMQTT

/// The instant `s` seconds into a test: monotonic `s`, wall 1795000000 + `s`.
private func at(_ s: Double) -> Leadership.Moment { .init(now: s, wall: 1_795_000_000 + s) }
private let t = "flipclock/match/hall"
private let lead = Leadership.Action.connectLead(clientID: MatchTopics(t).leadClientID, will: "\(t)/leader")

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
private func state(_ leader: String, _ seq: Int, at: Double = 1_795_000_000) -> String {
    "{\"v\":1,\"leader\":\"\(leader)\",\"seq\":\(seq),\"at\":\(at),\"scores\":{\"home\":\(seq)}}"
}

/// The report `node` publishes on `T/screens/NODE`.
private func report(_ node: String, _ role: MatchSettings.Role, leading: Bool = false, lost: Bool, seq: Int? = nil, ms: Double? = nil, _ s: Double)
    -> Leadership.Action
{
    .report(
        topic: "\(t)/screens/\(node)",
        payload: MatchScreens.Screen(node: node, role: role, leading: leading, lost: lost, seq: seq, latenessMilliseconds: ms, at: 1_795_000_000 + s)
            .payload)
}

/// A clock of the match, its own connection up and subscribed at 0 s (T/leader not yet read).
private func clock(_ node: String, _ role: MatchSettings.Role) -> Leadership {
    var clock = Leadership(MatchSettings(topic: t, role: role), node: node)
    _ = clock.connected(at: at(0))
    _ = clock.subscribed(at: at(0))
    return clock
}

/// A clock that leads: claimed at 0.2 s, connected at 0.3 s.
private func leading(_ node: String, _ role: MatchSettings.Role = .leader) -> Leadership {
    var clock = clock(node, role)
    _ = clock.tick(at: at(0.2))
    _ = clock.leadConnected(at: at(0.3))
    return clock
}

@Suite struct LeadershipTests {
    @Test func theTopicsAndTheLeadClientID() {
        let topics = MatchTopics(t)
        #expect(topics.leader == "\(t)/leader" && topics.state == "\(t)/state" && topics.screens == "\(t)/screens/+")
        #expect(topics.leadClientID.hasPrefix("flipclock-lead-") && topics.leadClientID.count == 27)
        #expect(topics.leadClientID == MatchTopics(t).leadClientID && topics.leadClientID != MatchTopics("\(t)2").leadClientID)
        #expect(topics.screenNode("\(t)/screens/b") == "b" && topics.screenNode("\(t)/screens/b/c") == nil && topics.screenNode("\(t)/state") == nil)
    }

    @Test func connectingSubscribesAndReports() {
        var clock = Leadership(MatchSettings(topic: t, role: .follower), node: "f")
        #expect(clock.started() == [.lost(true)])
        #expect(clock.connected(at: at(0)) == [.subscribe(["\(t)/leader", "\(t)/state", "\(t)/screens/+"]), report("f", .follower, lost: true, 0)])
        #expect(clock.subscribed(at: at(0)) == [])
    }

    @Test func aLeaderClaimsOnlyAfterTheQuietPeriod() {
        var clock = clock("a", .leader)
        #expect(clock.tick(at: at(0.1)) == [])
        #expect(clock.tick(at: at(0.2)) == [.log("match: \(t): nobody leads; claiming the lead"), lead])
        #expect(clock.lead == .connecting)
        // Claimed once: no second connection while the first is under way.
        #expect(clock.tick(at: at(0.5)) == [])
    }

    @Test func aLeaderThatFindsAnotherLeadingFollowsIt() {
        var clock = clock("a", .leader)
        #expect(clock.leader(bytes("{\"node\":\"s\",\"since\":1}"), retained: true, at: at(0.05)) == [])
        #expect(clock.state(bytes(state("s", 7, at: 1_795_000_000.05)), at: at(0.06)) == [.follow(state("s", 7, at: 1_795_000_000.05))])
        #expect(clock.followed(nil, at: at(0.07)) == [.lost(false), report("a", .leader, lost: false, seq: 7, ms: 10, 0.07)])
        #expect(clock.tick(at: at(10)) == [] && clock.lead == .idle)
        // The same state again (a resubscription's retained one) is not applied twice.
        #expect(clock.state(bytes(state("s", 7)), at: at(11)) == [])
    }

    @Test func takingTheLeadNamesItAndPublishesTheMatchContinuingTheCount() {
        var clock = clock("a", .leader)
        _ = clock.state(bytes(state("old", 41)), at: at(0.05))
        _ = clock.followed(nil, at: at(0.06))
        _ = clock.tick(at: at(0.2))
        #expect(
            clock.leadConnected(at: at(0.3)) == [
                .log("match: \(t): leading"), .lead(topic: "\(t)/leader", payload: "{\"node\":\"a\",\"since\":1795000000.3}"), .askMatch,
                .lost(false), report("a", .leader, leading: true, lost: false, seq: 41, ms: 50, 0.3),
            ])
        #expect(
            clock.content("{\"scores\":{\"home\":3}}", at: at(0.4)) == [
                .lead(topic: "\(t)/state", payload: "{\"at\":1795000000.4,\"leader\":\"a\",\"scores\":{\"home\":3},\"seq\":42,\"v\":1}"),
                report("a", .leader, leading: true, lost: false, seq: 42, 0.4),
            ])
        // Unchanged: nothing; changed: the next seq.
        #expect(clock.content("{\"scores\":{\"home\":3}}", at: at(0.5)) == [])
        #expect(
            clock.content("{\"scores\":{\"home\":4}}", at: at(0.6)).first
                == .lead(topic: "\(t)/state", payload: "{\"at\":1795000000.6,\"leader\":\"a\",\"scores\":{\"home\":4},\"seq\":43,\"v\":1}"))
        // Its own state coming back is not followed.
        #expect(clock.state(bytes(state("a", 43)), at: at(0.7)) == [])
    }

    @Test func theLeadIsNotMarkedLost() {
        var clock = clock("a", .leader)
        _ = clock.tick(at: at(0.2))
        #expect(clock.isLost)  // nobody leads yet
        #expect(clock.leadConnected(at: at(0.3)).contains(.lost(false)))
        #expect(!clock.isLost)
    }

    @Test func aLeaderNeverPublishesTheStateWithoutItsLeadConnection() {
        var clock = clock("a", .leader)
        #expect(clock.content("{}", at: at(0.1)) == [])  // idle
        _ = clock.tick(at: at(0.2))
        #expect(clock.content("{}", at: at(0.25)) == [])  // connecting
        _ = clock.leadConnected(at: at(0.3))
        #expect(clock.content("{}", at: at(0.35)).count == 2)
        _ = clock.leadClosed("the connection was lost", at: at(0.4))
        #expect(clock.content("{\"scores\":{}}", at: at(0.45)) == [])  // closed
        #expect(clock.lead == .idle)
    }

    @Test func twoClaimersTheBrokerClosesTheEarlierWhichFollows() {
        var a = clock("a", .leader), b = clock("b", .standby)
        // b saw a leader go before: it claims once T/leader is quiet, as a does.
        _ = b.leader(bytes("{\"node\":\"old\",\"since\":1}"), retained: true, at: at(0.01))
        _ = b.leader([], retained: false, at: at(0.02))
        #expect(a.tick(at: at(0.25)) == [.log("match: \(t): nobody leads; claiming the lead"), lead])
        #expect(b.tick(at: at(0.25)) == [.log("match: \(t): nobody leads; claiming the lead"), lead])
        // a's CONNECT first: it leads and publishes; then b's: the broker closes a's, b leads.
        _ = a.leadConnected(at: at(0.3))
        _ = a.leader(bytes("{\"node\":\"a\",\"since\":1795000000.3}"), retained: false, at: at(0.305))
        _ = a.content("{\"scores\":{\"home\":1}}", at: at(0.31))
        _ = b.leadConnected(at: at(0.32))
        #expect(a.state(bytes(state("a", 1)), at: at(0.33)) == [])
        #expect(b.state(bytes(state("a", 1)), at: at(0.33)) == [])
        #expect(
            b.content("{\"scores\":{\"home\":1}}", at: at(0.34)).first
                == .lead(topic: "\(t)/state", payload: "{\"at\":1795000000.34,\"leader\":\"b\",\"scores\":{\"home\":1},\"seq\":2,\"v\":1}"))
        #expect(a.state(bytes(state("b", 2)), at: at(0.35)) == [])  // a still thinks it leads: not followed yet
        #expect(
            a.leadClosed("the broker disconnected: session taken over", at: at(0.36)) == [
                .log("match: \(t): no longer leading: the broker disconnected: session taken over"), .follow(state("b", 2)), .lost(true),
                report("a", .leader, lost: true, seq: 1, 0.36),
            ])
        #expect(a.followed(nil, at: at(0.37)).first == report("a", .leader, lost: true, seq: 2, ms: 350, 0.37))
        // a's will empties T/leader, then b names itself: within the quiet period, a does not claim.
        _ = a.leader([], retained: false, at: at(0.38))
        #expect(a.tick(at: at(0.5)) == [])
        #expect(a.leader(bytes("{\"node\":\"b\",\"since\":1795000000.32}"), retained: false, at: at(0.52)).contains(.lost(false)))
        #expect(a.tick(at: at(5)) == [] && a.lead == .idle && b.lead == .leading)
    }

    @Test func aLiveTLeaderNamingItselfAfterTheLeadIsLostIsNoClaim() {
        var a = leading("a")
        _ = a.leadClosed("the broker disconnected: session taken over", at: at(1))
        _ = a.leader(bytes("{\"node\":\"a\",\"since\":1}"), retained: false, at: at(1.01))
        #expect(a.tick(at: at(10)) == [])
    }

    @Test func aLeadTakenOverBeforeItsOwnNameCameBackWaitsTheQuietPeriodAgain() {
        // T/leader empty since 0 s; a's own name never came back before the broker closed its lead.
        var a = leading("a")
        _ = a.leadClosed("the broker disconnected: session taken over", at: at(5))
        #expect(a.tick(at: at(5.1)) == [])
        _ = a.leader(bytes("{\"node\":\"b\",\"since\":1}"), retained: false, at: at(5.15))
        #expect(a.tick(at: at(9)) == [])
    }

    @Test func aStandbyWaitsForALeaderThenClaimsWhenItGoes() {
        var s = clock("s", .standby)
        #expect(s.tick(at: at(4.9)) == [])
        #expect(s.tick(at: at(5)) == [.log("match: \(t): nobody leads; claiming the lead"), lead])
        var u = clock("u", .standby)
        _ = u.leader(bytes("{\"node\":\"a\",\"since\":1}"), retained: true, at: at(0.01))
        #expect(u.tick(at: at(9)) == [])
        // The leader's will (SIGKILL): empty; claimed after the quiet period, not before.
        #expect(u.leader([], retained: false, at: at(9.5)) == [])
        #expect(u.tick(at: at(9.6)) == [])
        #expect(u.tick(at: at(9.75)) == [.log("match: \(t): nobody leads; claiming the lead"), lead])
    }

    @Test func aFollowerNeverClaims() {
        var f = clock("f", .follower)
        #expect(f.tick(at: at(100)) == [] && f.lead == .idle)
    }

    @Test func aPartitionMarksLostAndClaimsNothingUntilTLeaderIsReadAgain() {
        var s = clock("s", .standby)
        _ = s.leader(bytes("{\"node\":\"a\",\"since\":1}"), retained: true, at: at(0.01))
        _ = s.state(bytes(state("a", 3)), at: at(0.02))
        #expect(s.followed(nil, at: at(0.03)).first == .lost(false))
        #expect(s.disconnected(at: at(1)) == [.lost(true)])
        // Messages of a dead connection and time passing claim nothing.
        #expect(s.leader([], retained: false, at: at(2)) == [])
        #expect(s.tick(at: at(60)) == [])
        // Back: subscribed again; T/leader not read until the retained message or the quiet period.
        #expect(
            s.connected(at: at(61)) == [
                .subscribe(["\(t)/leader", "\(t)/state", "\(t)/screens/+"]), report("s", .standby, lost: true, seq: 3, ms: 20, 61),
            ])
        #expect(s.tick(at: at(61.5)) == [])
        _ = s.subscribed(at: at(62))
        #expect(s.tick(at: at(62.1)) == [])
        #expect(
            s.leader(bytes("{\"node\":\"b\",\"since\":1}"), retained: true, at: at(62.15)) == [
                .lost(false), report("s", .standby, lost: false, seq: 3, ms: 20, 62.15),
            ])
        #expect(s.tick(at: at(70)) == [])
    }

    @Test func aLeaderCutOffStopsLeadingAndFollowsTheTakeover() {
        var a = leading("a")
        _ = a.content("{\"scores\":{\"home\":1}}", at: at(1))
        _ = a.disconnected(at: at(2))
        #expect(
            a.leadClosed("no answer from the broker within the keepalive (5 s): the network or the broker is down", at: at(7)).first
                == .log("match: \(t): no longer leading: no answer from the broker within the keepalive (5 s): the network or the broker is down"))
        #expect(a.isLost)
        // Back: the standby leads now; the old leader follows its state, which continued the count.
        _ = a.connected(at: at(20))
        _ = a.subscribed(at: at(20))
        _ = a.leader(bytes("{\"node\":\"s\",\"since\":1}"), retained: true, at: at(20.01))
        #expect(a.state(bytes(state("s", 2)), at: at(20.02)) == [.follow(state("s", 2))])
        #expect(a.tick(at: at(30)) == [])
    }

    @Test func aRetainedTLeaderNamingThisIdleClockIsLeftFromBefore() {
        var a = clock("a", .leader)
        #expect(
            a.leader(bytes("{\"node\":\"a\",\"since\":1}"), retained: true, at: at(0.05)) == [
                .log("match: \(t)/leader: left from before; taken as empty")
            ])
        #expect(a.tick(at: at(0.1)) == [])
        #expect(a.tick(at: at(0.2)) == [.log("match: \(t): nobody leads; claiming the lead"), lead])
    }

    @Test func aBadStateIsLoggedAndARefusalToo() {
        var f = clock("f", .follower)
        #expect(f.state(bytes("[1]"), at: at(1)) == [.log("match: \(t)/state: the state is not a JSON object")])
        #expect(f.state(bytes("{\"v\":2}"), at: at(1)) == [.log("match: \(t)/state: the state's \"v\" is not 1")])
        #expect(
            f.state(bytes("{\"v\":1,\"leader\":\"a\",\"seq\":-1,\"at\":1}"), at: at(1)) == [
                .log("match: \(t)/state: the state's \"seq\" is not a count")
            ])
        #expect(
            f.state(bytes("{\"v\":1,\"leader\":\"a\",\"seq\":1}"), at: at(1)) == [.log("match: \(t)/state: the state's \"at\" is not an instant")])
        let big = [UInt8](repeating: 32, count: 65537)
        #expect(f.state(big, at: at(1)) == [.log("match: \(t)/state: the state is 65537 bytes; at most 65536")])
        #expect(f.state(bytes(state("a", 1)), at: at(1)) == [.follow(state("a", 1))])
        #expect(f.followed("the game's rules differ", at: at(1)) == [.log("match: \(t)/state: refused: the game's rules differ")])
        #expect(f.isLost)
    }

    @Test func stoppingGivesUpTheLeadAndRemovesTheReport() {
        var a = leading("a")
        #expect(a.stopping() == [.disconnectLead, .report(topic: "\(t)/screens/a", payload: "")])
        #expect(a.lead == .idle)
        var f = clock("f", .follower)
        #expect(f.stopping() == [.report(topic: "\(t)/screens/f", payload: "")])
    }

    @Test func theScreensAreKeptBoundedAndRemovedWhenEmptied() {
        var a = clock("a", .leader)
        let one = MatchScreens.Screen(
            node: "f1", role: .follower, leading: false, lost: false, seq: 41, latenessMilliseconds: 12.5, at: 1_795_000_000)
        #expect(
            one.payload
                == "{\"at\":1795000000,\"lateness_ms\":12.5,\"leading\":false,\"lost\":false,\"node\":\"f1\",\"role\":\"follower\",\"seq\":41}")
        _ = a.screen(topic: "\(t)/screens/f1", payload: bytes(one.payload))
        #expect(a.screens.all["f1"] == one)
        #expect(a.screens.listed(wall: 1_795_000_100).map(\.fresh) == [true])
        #expect(a.screens.listed(wall: 1_795_000_151).map(\.fresh) == [false])
        _ = a.screen(topic: "\(t)/screens/f1", payload: [])
        #expect(a.screens.all.isEmpty)
        for i in 0..<100 {
            var other = one
            other.node = "n\(i)"
            _ = a.screen(topic: "\(t)/screens/n\(i)", payload: bytes(other.payload))
        }
        #expect(a.screens.all.count == MatchScreens.most)
        // A report naming another node than its topic's is not read.
        _ = a.screen(topic: "\(t)/screens/x", payload: bytes(one.payload))
        #expect(a.screens.all["x"] == nil)
    }
}
