import FlipClockControl
import FlipClockCore
import Testing

@testable import FlipClockMQTT

/// `[mqtt] groups`: one publish to a group's topic reaches every member, done as a command on
/// the member's own topic; one Home Assistant device per group, announced alike by every member.
@Suite struct MQTTGroupTests {
    static func configuration(groups: [String], topic: String = "fc/group", scores: [String] = ["home", "away"]) -> ClockConfiguration {
        var configuration = MQTTSessionTests.configuration(scores: scores)
        var settings = MQTTSettings(host: "broker")
        settings.groups = groups
        settings.groupTopic = topic
        configuration.mqtt = settings
        return configuration
    }

    func session(_ groups: [String] = ["hall", "lobby"], identity: MQTTIdentity = MQTTSessionTests.identity) -> MQTTSession {
        var session = MQTTSession(identity: identity, version: "0.1.0", configuration: Self.configuration(groups: groups))
        _ = session.changed(MQTTSessionTests.status())
        _ = session.connected()
        return session
    }

    /// Each command topic under `group` (`fc/group/hall`).
    static func topics(_ group: String) -> [String] {
        [
            "score/+/set", "text/+/set", "timer/+/set", "screen/set", "screen/brightness/set", "message/set", "message/seconds/set",
            "message/retract", "point/set", "countdown/+/set", "face/set",
        ].map {
            "\(group)/\($0)"
        }
    }
    static let hallTopics = topics("fc/group/hall")

    @Test func aMemberSubscribesToEachGroupsCommandTopics() {
        var session = MQTTSession(identity: MQTTSessionTests.identity, version: "0.1.0", configuration: Self.configuration(groups: ["hall"]))
        let subscribed = session.connected().flatMap { action -> [String] in if case .subscribe(let t) = action { t } else { [] } }
        #expect(subscribed.filter { $0.hasPrefix("fc/group/") } == Self.hallTopics)
        #expect(subscribed.contains("fc/hall/screen/set"))
    }

    @Test func aGroupsCommandIsDoneAsTheSameCommandOnTheClocksOwnTopic() {
        var session = session()
        let commands: [(String, String)] = [
            ("screen/set", "OFF"), ("screen/brightness/set", "40"), ("message/set", "Assembly at 10"), ("score/home/set", "+1"),
            ("text/board/set", "GATE 4"), ("timer/egg/set", "start 5m"),
        ]
        for (below, payload) in commands {
            var own = self.session()
            let byGroup = session.received(topic: "fc/group/lobby/\(below)", payload: Array(payload.utf8))
            let byOwn = own.received(topic: "fc/hall/\(below)", payload: Array(payload.utf8))
            guard case .ask(let request, let topic) = byGroup.first, case .ask(let ownRequest, _) = byOwn.first else {
                Issue.record("\(below): \(byGroup) \(byOwn)")
                continue
            }
            #expect(request == ownRequest, "\(below)")
            #expect(topic == "fc/group/lobby/\(below)")
        }
        #expect(
            session.received(topic: "fc/group/hall/screen/set", payload: Array("ON".utf8)) == [
                .ask(.screen(brightness: 0.4), topic: "fc/group/hall/screen/set")
            ])
        #expect(
            session.received(topic: "fc/group/hall/message/seconds/set", payload: Array("12".utf8)) == [
                .ask(.messageSeconds(12), topic: "fc/group/hall/message/seconds/set")
            ])
    }

    @Test func anotherGroupsRetainedOrEmptyCommandsAreNotDone() {
        var session = session()
        #expect(session.received(topic: "fc/group/floor-2/screen/set", payload: Array("OFF".utf8)).isEmpty)
        #expect(session.received(topic: "fc/group/hall/screen/set", payload: Array("OFF".utf8), retained: true).isEmpty)
        #expect(session.received(topic: "fc/group/hall/screen/set", payload: []).isEmpty)
        #expect(session.received(topic: "fc/group/hall", payload: Array("OFF".utf8)).isEmpty)
        #expect(session.received(topic: "fc/groups/hall/screen/set", payload: Array("OFF".utf8)).isEmpty)
    }

    /// A member without the score refuses on its own error topic, naming the group's topic.
    @Test func aMemberRefusesOnItsOwnErrorTopic() {
        var session = session()
        let malformed = session.received(topic: "fc/group/hall/score/home/set", payload: Array("lots".utf8))
        #expect(
            malformed.last
                == .publish(
                    .init(
                        topic: "fc/hall/error",
                        payload:
                            #"{"code":"syntax","error":"\"lots\" is not a score: a whole number, +N, -N or reset","topic":"fc/group/hall/score/home/set"}"#,
                        retain: false)))
        let reply = ControlReply.refused(ControlError(.unknownScore, "\"guests\"; scores are home, away"))
        #expect(
            session.answered(reply, for: "fc/group/hall/score/guests/set").last
                == .publish(
                    .init(
                        topic: "fc/hall/error",
                        payload: #"{"code":"unknown-score","error":"\"guests\"; scores are home, away","topic":"fc/group/hall/score/guests/set"}"#,
                        retain: false)))
    }

    /// A reload follows the groups: left ones unsubscribed, joined ones subscribed; a group's
    /// configs are never emptied (other members may still announce it).
    @Test func aReloadSubscribesToJoinedGroupsAndUnsubscribesFromLeftOnes() {
        var session = session(["hall"])
        let actions = session.configured(Self.configuration(groups: ["lobby"]))
        #expect(actions.first == .unsubscribe(Self.hallTopics.sorted()))
        #expect(actions.dropFirst().first == .subscribe(Self.topics("fc/group/lobby")))
        #expect(!actions.contains { if case .publish(let p) = $0 { p.topic.contains("flipclock_group_hall") } else { false } })
        #expect(published(actions).contains { $0.0 == "ha/light/flipclock_group_lobby/screen/config" && !$0.1.isEmpty })
        #expect(session.received(topic: "fc/group/hall/screen/set", payload: Array("OFF".utf8)).isEmpty)
        // The same groups again: no subscription changes.
        #expect(!session.configured(Self.configuration(groups: ["lobby"])).contains { if case .publish = $0 { false } else { true } })
        // The group topic moved: every subscription with it.
        let moved = session.configured(Self.configuration(groups: ["lobby"], topic: "school"))
        #expect(moved.first == .unsubscribe(Self.topics("fc/group/lobby").sorted()))
        #expect(moved.dropFirst().first == .subscribe(Self.topics("school/lobby")))
    }

    @Test func aReloadWhileDisconnectedSubscribesAtTheNextConnection() {
        var session = session(["hall"])
        session.disconnected()
        #expect(session.configured(Self.configuration(groups: [])).isEmpty)
        let subscribed = session.connected().flatMap { action -> [String] in if case .subscribe(let t) = action { t } else { [] } }
        #expect(!subscribed.contains { $0.hasPrefix("fc/group/") })
    }

    func published(_ actions: [MQTTSession.Action]) -> [(String, String)] {
        actions.compactMap { if case .publish(let p) = $0 { (p.topic, p.payload) } else { nil } }
    }

    func groupConfigs(_ session: inout MQTTSession) -> [(String, String)] {
        published(session.received(topic: "ha/status", payload: Array("online".utf8))).filter { $0.0.contains("flipclock_group_") }
    }

    @Test func eachGroupIsADeviceWithAMessageAndAnOptimisticScreen() {
        var session = session(["hall"])
        #expect(
            groupConfigs(&session).map { "\($0.0) \($0.1)" } == [
                #"ha/notify/flipclock_group_hall/message/config {"command_topic":"fc/group/hall/message/set","device":{"identifiers":["flipclock_group_hall"],"manufacturer":"flipclock","model":"flipclock group","name":"flipclock group hall"},"name":"Message","origin":{"name":"flipclock"},"unique_id":"flipclock_group_hall_message"}"#,
                #"ha/light/flipclock_group_hall/screen/config {"brightness_command_topic":"fc/group/hall/screen/brightness/set","brightness_scale":100,"command_topic":"fc/group/hall/screen/set","device":{"identifiers":["flipclock_group_hall"],"manufacturer":"flipclock","model":"flipclock group","name":"flipclock group hall"},"name":"Screen","on_command_type":"brightness","optimistic":true,"origin":{"name":"flipclock"},"unique_id":"flipclock_group_hall_screen"}"#,
            ])
    }

    /// Two members (other machines, base topics, versions, scores, pages) announce the same bytes.
    @Test func everyMemberAnnouncesTheSameConfigs() {
        var one = session(["hall"])
        let identity = MQTTIdentity(clientID: "other", base: "fc/other", prefix: "ha", node: "flipclock_0123456789ab", device: "flipclock other")
        var other = MQTTSession(identity: identity, version: "9.9.9", configuration: Self.configuration(groups: ["lobby", "hall"], scores: ["x"]))
        _ = other.connected()
        _ = other.paged("http://192.168.1.20:8080/")  // its own device links to its page; the group's links nowhere
        let mine = groupConfigs(&one), theirs = groupConfigs(&other).filter { $0.0.contains("_hall/") }
        #expect(mine.count == 2)
        #expect(mine.map(\.0) == theirs.map(\.0))
        #expect(mine.map(\.1) == theirs.map(\.1))
    }

    @Test func withoutAPrefixNoGroupIsAnnounced() {
        var identity = MQTTSessionTests.identity
        identity.prefix = ""
        var session = MQTTSession(identity: identity, version: "0.1.0", configuration: Self.configuration(groups: ["hall"]))
        #expect(!published(session.connected()).contains { $0.0.contains("flipclock_group_") })
        #expect(
            session.received(topic: "fc/group/hall/screen/set", payload: Array("OFF".utf8)) == [
                .ask(.screen(brightness: 0), topic: "fc/group/hall/screen/set")
            ])
    }
}
