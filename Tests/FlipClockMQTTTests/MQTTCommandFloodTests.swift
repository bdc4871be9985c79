import CMosquitto
import FlipClockControl
import FlipClockCore
import Testing

@testable import FlipClockMQTT

/// Commands a broker keeps or sends too many or too large of (issue 31: 7, 9, 15, 18).
@Suite struct MQTTCommandFloodTests {
    func session() -> MQTTSession {
        var session = MQTTSession(identity: MQTTSessionTests.identity, version: "0.1.0", configuration: MQTTSessionTests.configuration())
        _ = session.connected()
        return session
    }

    /// A retained `+1` was done again at every connection (12 → 16), and clearing it (an empty
    /// payload) was refused on the error topic.
    @Test func aRetainedCommandAndAnEmptyPayloadAreNotCommands() {
        var session = session()
        #expect(session.received(topic: "fc/hall/score/home/set", payload: Array("+1".utf8), retained: true).isEmpty)
        #expect(session.received(topic: "fc/hall/score/home/set", payload: []).isEmpty)
        #expect(session.received(topic: "fc/hall/message/set", payload: [], retained: true).isEmpty)
        #expect(
            session.received(topic: "fc/hall/score/home/set", payload: Array("+1".utf8))
                == [.ask(.score(.add, [("home", 1)]), topic: "fc/hall/score/home/set")])
        // A retained message seconds is no command either: the clock keeps its own.
        #expect(session.received(topic: "fc/hall/message/seconds/set", payload: Array("90".utf8), retained: true).isEmpty)
    }

    /// Of 2,001 QoS 1 commands 1,722 were dropped, the newest among them, and said a minute later.
    @Test func theNewestMessagesAreKeptAndTheDropsCounted() {
        var waiting = WaitingMessages(limit: 256)
        var nudges = 0
        for n in 1...2001 where waiting.add(.init(topic: "fc/hall/text/board/set", payload: Array("\(n)".utf8))) { nudges += 1 }
        #expect(nudges == 1)
        #expect(waiting.count == 256)
        let dropped = waiting.takeDropped()
        #expect(dropped?.count == 2001 - 256)
        #expect(dropped?.topic == "fc/hall/text/board/set")
        #expect(waiting.takeDropped() == nil)
        var last: String?
        var taken = 0
        while let message = waiting.next() {
            taken += 1
            if taken == 1 { #expect(message.payload == Array("1746".utf8)) }
            last = String(decoding: message.payload, as: UTF8.self)
        }
        #expect(taken == 256)
        #expect(last == "2001")
        let told = waiting.add(.init(topic: "t", payload: []))
        #expect(told)
    }

    @Test func aDropIsToldOnTheErrorTopicAtOnce() {
        let actions = session().dropped(1745, lastOn: "fc/hall/text/board/set", waiting: 256)
        #expect(
            actions == [
                .log("mqtt: fc/hall/text/board/set: ERR queue-full 1745 commands dropped, the oldest: 256 were waiting already"),
                .publish(
                    .init(
                        topic: "fc/hall/error",
                        payload:
                            #"{"code":"queue-full","error":"1745 commands dropped, the oldest: 256 were waiting already","topic":"fc/hall/text/board/set"}"#,
                        retain: false)),
            ])
    }

    /// A broker's 60 MB packet, when the clock announced 4,608 bytes.
    @Test func anOversizePacketIsRefusedByItsSize() {
        let actions = session().oversize(topic: "fc/hall/text/board/set", bytes: 60_000_000)
        #expect(
            actions.first
                == .log(
                    "mqtt: fc/hall/text/board/set: ERR too-long the broker sent a 60000000-byte payload, more than the \(MQTTCommand.maximumPayload) bytes the clock takes; disconnected"
                ))
    }

    /// A keepalive timeout was "unknown error".
    @Test func aDropIsNamed() {
        #expect(
            MQTTConnection.dropText(Int32(MOSQ_ERR_KEEPALIVE.rawValue), keepalive: 60)
                == "no answer from the broker within the keepalive (60 s): the network or the broker is down")
        #expect(MQTTConnection.dropText(Int32(MQTT_RC_SESSION_TAKEN_OVER.rawValue), keepalive: 60) == "the broker disconnected: session taken over")
        #expect(MQTTConnection.dropText(Int32(MOSQ_ERR_CONN_LOST.rawValue), keepalive: 60) == "the connection was lost")
        #expect(MQTTConnection.dropText(99, keepalive: 60) == "libmosquitto's error 99")
        #expect(MQTTConnection.dropText(250, keepalive: 60) == "the broker disconnected with reason code 250")
    }
}
