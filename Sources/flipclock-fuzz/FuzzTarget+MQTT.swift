import FlipClockControl
import FlipClockCore
import FlipClockMQTT

extension FuzzTarget {
    /// The topics a message may come on: each command topic, the message seconds kept on the
    /// broker, Home Assistant's status, a config of the clock's node, one of no one's.
    static let mqttTopics =
        [
            "score/home/set", "score/guests/set", "text/board/set", "timer/egg/set", "screen/set", "screen/brightness/set", "message/set",
            "message/seconds/set", "message/seconds", "score/home", "nothing/set",
        ].map { "fc/hall/\($0)" } + ["ha/status", "ha/number/flipclock_hall/score_old/config", "ha/text/flipclock_hall/text_board/config"]

    /// A message from the broker as libmosquitto hands it on: the first byte picks the topic,
    /// the rest is the payload. A connected session with a score, a text row and a timer takes
    /// it; what it asks of the clock is applied as the loop would and refused, and the
    /// refusal answered.
    static func mqtt(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        var configuration = ClockConfiguration()
        configuration.scores = [ScoreItem(name: "home", maximum: 99)]
        configuration.texts = [TextItem(name: "board", cards: 8)]
        configuration.timers = [TimerItem(name: "egg")]
        let identity = MQTTIdentity(clientID: "c", base: "fc/hall", prefix: "ha", node: "flipclock_hall", device: "flipclock hall")
        var session = MQTTSession(identity: identity, version: "0", configuration: configuration)
        _ = session.connected()
        let topic = mqttTopics[Int(first) % mqttTopics.count]
        for case .ask(let request, let on) in session.received(topic: topic, payload: Array(bytes.dropFirst())) {
            apply(request)
            _ = session.answered(.refused(ControlError(.range, "refused")), for: on)
        }
    }
}
