import FlipClockControl
import FlipClockCore
import Testing

@testable import FlipClockMQTT

@Suite struct MQTTSessionTests {
    static let identity = MQTTIdentity(clientID: "flipclock-hall", base: "fc/hall", prefix: "ha", node: "flipclock_hall", device: "flipclock hall")

    static func configuration(scores: [String] = ["home", "away"]) -> ClockConfiguration {
        var configuration = ClockConfiguration()
        configuration.scores = scores.map { ScoreItem(name: $0, maximum: 99) }
        configuration.texts = [TextItem(name: "board", cards: 8, text: "HELLO")]
        configuration.timers = [TimerItem(name: "egg", duration: 240)]
        return configuration
    }

    static func status(home: Int = 0, screen: ScreenLevel = .on, messageSeconds: Int = 30, timeSynced: Bool = true, face: String? = nil)
        -> ControlReply.Status
    {
        ControlReply.Status(
            time: WallTime(hour: 12, minute: 0, second: 0), scores: [.init(name: "home", value: home), .init(name: "away", value: 1)],
            texts: [:], timers: [TimerReading(name: "egg", seconds: 240, state: .idle)], screen: screen, output: "png",
            messageSeconds: messageSeconds, timeSynced: timeSynced, face: face)
    }

    func session() -> MQTTSession { MQTTSession(identity: Self.identity, version: "0.1.0", configuration: Self.configuration()) }

    func published(_ actions: [MQTTSession.Action]) -> [String: String] {
        var topics: [String: String] = [:]
        for case .publish(let publication) in actions { topics[publication.topic] = publication.payload }
        return topics
    }

    @Test func aConnectionSaysOnlineSubscribesAnnouncesAndPublishesEveryState() {
        var session = session()
        _ = session.changed(Self.status(home: 3))
        let actions = session.connected()
        #expect(actions.first == .publish(.init(topic: "fc/hall/status", payload: "online")))
        #expect(
            actions.contains(
                .subscribe([
                    "fc/hall/score/+/set", "fc/hall/text/+/set", "fc/hall/timer/+/set", "fc/hall/screen/set", "fc/hall/screen/brightness/set",
                    "fc/hall/message/set", "fc/hall/message/seconds/set", "fc/hall/message/retract", "fc/hall/point/set", "fc/hall/countdown/+/set",
                    "fc/hall/face/set",
                    "ha/status",
                    "ha/+/flipclock_hall/+/config",
                ])))
        let topics = published(actions)
        #expect(topics["fc/hall/score/home"] == "3")
        #expect(topics["fc/hall/score/away"] == "1")
        #expect(topics["fc/hall/text/board"] == "HELLO")
        #expect(topics["fc/hall/timer/egg"] == #"{"seconds":240,"state":"idle"}"#)
        #expect(topics["fc/hall/screen"] == "ON")
        #expect(topics["fc/hall/screen/brightness"] == "100")
        #expect(topics["fc/hall/message/seconds"] == "30")
        #expect(topics["fc/hall/time/synced"] == "ON")
        #expect(topics.keys.filter { $0.hasPrefix("ha/") }.count == 2 * 4 + 1 + 6 + 7)
    }

    /// The time's synchronisation is published as it changes: OFF, then ON.
    @Test func theTimesSynchronisationIsPublishedAsItChanges() {
        var session = session()
        _ = session.changed(Self.status(timeSynced: false))
        #expect(published(session.connected())["fc/hall/time/synced"] == "OFF")
        #expect(published(session.changed(Self.status(timeSynced: true))) == ["fc/hall/time/synced": "ON"])
    }

    /// The face shown (with [[face]] tables) is published as it changes; without them, no topic.
    @Test func theFaceShownIsPublishedAsItChanges() {
        var session = session()
        _ = session.changed(Self.status())
        #expect(published(session.connected())["fc/hall/face"] == nil)
        #expect(published(session.changed(Self.status(face: "default"))) == ["fc/hall/face": "default"])
        #expect(published(session.changed(Self.status(face: "morning"))) == ["fc/hall/face": "morning"])
        #expect(published(session.changed(Self.status(face: "morning"))) == [:])
    }

    @Test func onlyWhatChangedIsPublishedAndAllAgainOnTheNextConnection() {
        var session = session()
        _ = session.changed(Self.status())
        _ = session.connected()
        #expect(published(session.changed(Self.status(home: 2))) == ["fc/hall/score/home": "2"])
        #expect(session.changed(Self.status(home: 2)).isEmpty)
        session.disconnected()
        #expect(session.changed(Self.status(home: 4)).isEmpty)
        #expect(published(session.connected())["fc/hall/score/home"] == "4")
    }

    @Test func onComesBackAtTheLastBrightness() {
        var session = session()
        _ = session.changed(Self.status())
        _ = session.connected()
        #expect(published(session.changed(Self.status(screen: .dim(percent: 30)))) == ["fc/hall/screen/brightness": "30"])
        #expect(published(session.changed(Self.status(screen: .off))) == ["fc/hall/screen": "OFF"])
        #expect(
            session.received(topic: "fc/hall/screen/set", payload: Array("ON".utf8)) == [.ask(.screen(brightness: 0.3), topic: "fc/hall/screen/set")])
    }

    @Test func onAfterABrightnessKeepsIt() {
        // Home Assistant's light sends the brightness, then ON, before the clock's state comes back.
        var session = session()
        _ = session.changed(Self.status())
        _ = session.connected()
        let brightness = session.received(topic: "fc/hall/screen/brightness/set", payload: Array("40".utf8))
        #expect(brightness == [.ask(.screen(brightness: 0.4), topic: "fc/hall/screen/brightness/set")])
        let on = session.received(topic: "fc/hall/screen/set", payload: Array("ON".utf8))
        #expect(on == [.ask(.screen(brightness: 0.4), topic: "fc/hall/screen/set")])
    }

    @Test func aRefusalIsLoggedAndAnsweredOnTheErrorTopic() {
        var session = session()
        let reply = ControlReply.refused(ControlError(.unknownScore, "\"guests\"; scores are home, away"))
        #expect(
            session.answered(reply, for: "fc/hall/score/guests/set") == [
                .log("mqtt: fc/hall/score/guests/set: ERR unknown-score \"guests\"; scores are home, away"),
                .publish(
                    .init(
                        topic: "fc/hall/error",
                        payload: #"{"code":"unknown-score","error":"\"guests\"; scores are home, away","topic":"fc/hall/score/guests/set"}"#,
                        retain: false)),
            ])
        #expect(session.answered(.scores([]), for: "fc/hall/score/home/set").isEmpty)
    }

    /// An empty retained message deletes a topic: a blank row is published as one blank.
    @Test func aBlankTextRowIsOneBlankNotAnEmptyMessage() {
        var session = session()
        var status = Self.status()
        status.texts = ["board": ""]
        _ = session.changed(status)
        #expect(published(session.connected())["fc/hall/text/board"] == " ")
        status.texts = ["board": "GATE 4"]
        #expect(published(session.changed(status)) == ["fc/hall/text/board": "GATE 4"])
    }

    @Test func aReloadRemovesTheEntitiesItsConfigurationLacks() {
        var session = session()
        _ = session.changed(Self.status())
        _ = session.connected()
        let actions = session.configured(Self.configuration(scores: ["home"]))
        // The score's entities go first (their configs emptied, its state topic with them),
        // then the configuration's own are announced.
        let removals = actions.prefix(5).map { action -> String in
            guard case .publish(let p) = action, p.payload.isEmpty else { return "\(action)" }
            return p.topic
        }
        #expect(
            removals == [
                "ha/button/flipclock_hall/score_away_add/config", "ha/button/flipclock_hall/score_away_reset/config",
                "ha/button/flipclock_hall/score_away_subtract/config", "ha/number/flipclock_hall/score_away/config", "fc/hall/score/away",
            ])
        #expect(published(actions).keys.contains("ha/number/flipclock_hall/score_home/config"))
        // The status read before the reload still has `away`: its state is not published again.
        #expect(published(actions)["fc/hall/score/away"] == "", "\(actions)")
    }

    /// An earlier version announced this clock under the host name's node: those configs of
    /// this clock's topics are cleared at the connection; another clock's of that name are not.
    @Test func theHostNamesConfigsOfThisClockAreCleared() {
        var session = MQTTSession(
            identity: Self.identity.on(machine: "flipclock_0123456789ab"), version: "0.1.0", configuration: Self.configuration())
        let actions = session.connected()
        #expect(actions.contains { if case .subscribe(let topics) = $0 { topics.contains("ha/+/flipclock_hall/+/config") } else { false } })
        #expect(published(actions).keys.contains("ha/number/flipclock_0123456789ab/score_home/config"))
        let former = "ha/number/flipclock_hall/score_home/config"
        let ours = #"{"availability_topic":"fc/hall/status","state_topic":"fc/hall/score/home"}"#
        #expect(session.received(topic: former, payload: Array(ours.utf8)).last == .publish(.init(topic: former, payload: "")))
        let another = #"{"availability_topic":"fc/other/status","state_topic":"fc/other/score/home"}"#
        #expect(session.received(topic: former, payload: Array(another.utf8)).isEmpty)
        #expect(session.received(topic: former, payload: []).isEmpty)
    }

    @Test func aStaleConfigOnTheBrokerIsCleared() {
        var session = session()
        _ = session.connected()
        let stale = "ha/number/flipclock_hall/score_guests/config"
        #expect(session.received(topic: stale, payload: Array("{}".utf8)).last == .publish(.init(topic: stale, payload: "")))
        let config = #"{"state_topic":"fc/hall/score/guests","command_topic":"fc/hall/score/guests/set"}"#
        #expect(
            session.received(topic: stale, payload: Array(config.utf8)).suffix(2) == [
                .publish(.init(topic: stale, payload: "")), .publish(.init(topic: "fc/hall/score/guests", payload: "")),
            ])
        let elsewhere = #"{"state_topic":"someone/else"}"#
        #expect(session.received(topic: stale, payload: Array(elsewhere.utf8)).last == .publish(.init(topic: stale, payload: "")))
        #expect(session.received(topic: stale, payload: []).isEmpty)
        #expect(session.received(topic: "ha/number/flipclock_hall/score_home/config", payload: Array("{}".utf8)).isEmpty)
        #expect(session.received(topic: "ha/number/other_clock/score_x/config", payload: Array("{}".utf8)).isEmpty)
    }

    @Test func homeAssistantComingOnlineIsAnnouncedTo() {
        var session = session()
        _ = session.connected()
        #expect(published(session.received(topic: "ha/status", payload: Array("online".utf8))).count == 2 * 4 + 1 + 6 + 7)
        #expect(session.received(topic: "ha/status", payload: Array("offline".utf8)).isEmpty)
    }

    /// Each start published the configuration's 30, then the broker's retained 20 read back:
    /// the clock's own value (its status) is the only one, and none is published before it.
    @Test func theMessageSecondsAreTheClocksPublishedOnlyFromItsStatus() {
        var session = session()
        #expect(published(session.connected())["fc/hall/message/seconds"] == nil)
        #expect(session.received(topic: "fc/hall/message/seconds", payload: Array("90".utf8), retained: true).isEmpty)
        #expect(published(session.changed(Self.status(messageSeconds: 20)))["fc/hall/message/seconds"] == "20")
        #expect(
            session.received(topic: "fc/hall/message/set", payload: Array("Hi".utf8)) == [
                .ask(.message(text: "Hi", seconds: 20, row: nil), topic: "fc/hall/message/set")
            ])
        #expect(
            session.received(topic: "fc/hall/message/seconds/set", payload: Array("45".utf8)) == [
                .ask(.messageSeconds(45), topic: "fc/hall/message/seconds/set")
            ])
        #expect(session.messageSeconds == 20)
        #expect(published(session.changed(Self.status(messageSeconds: 45))) == ["fc/hall/message/seconds": "45"])
        #expect(session.messageSeconds == 45)
    }

    @Test func withoutAPrefixNothingIsAnnounced() {
        var identity = Self.identity
        identity.prefix = ""
        var session = MQTTSession(identity: identity, version: "0.1.0", configuration: Self.configuration())
        #expect(!session.connected().contains { if case .publish(let p) = $0 { p.topic.hasSuffix("/config") } else { false } })
    }

    @Test func theDeviceLinksToTheControlPageAnnouncedAgainWhenItMoves() {
        var session = session()
        #expect(session.paged("http://192.168.1.20:8080/").isEmpty)
        let first = published(session.connected())
        #expect(first["ha/light/flipclock_hall/screen/config"]?.contains(#""configuration_url":"http://192.168.1.20:8080/""#) == true)
        #expect(session.paged("http://192.168.1.20:8080/").isEmpty)
        let moved = published(session.paged("http://192.168.1.31:8080/"))
        #expect(moved.count == 2 * 4 + 1 + 6 + 7)
        #expect(moved.values.allSatisfy { $0.contains(#""configuration_url":"http://192.168.1.31:8080/""#) })
        #expect(!published(session.paged(nil)).values.contains { $0.contains("configuration_url") })
    }
}
