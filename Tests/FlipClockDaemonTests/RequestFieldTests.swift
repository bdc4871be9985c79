import FlipClockControl
import FlipClockCore
import FlipClockCoreTestKit
import Testing

@testable import FlipClockDaemon
@testable import FlipClockHTTP
@testable import FlipClockMQTT

/// One check per field: a value refused is refused in the same words whichever way the request
/// came (the socket's text and JSON forms, the HTTP API, MQTT's payloads), from its grammar's
/// parse to the state's answer.
@Suite struct RequestFieldTests {
    /// One refusal, written in each grammar that can say it (`nil`: that grammar cannot: JSON
    /// takes a brightness as a number only, so a word there is refused for its type).
    struct Case: CustomTestStringConvertible {
        var error: ControlError
        var text: String
        var json: String?
        var http: (method: String, path: String, parameters: [String: String], body: String)?
        var mqtt: (topic: String, payload: String)?
        var testDescription: String { error.description }
    }

    static let long = String(repeating: "x", count: 281)

    static let cases: [Case] = [
        Case(
            error: ControlError(.tooLong, "a message is at most 280 characters"), text: "message \"\(long)\" for 30s",
            json: #"{"command":"message","text":"\#(long)","duration":30}"#,
            http: ("POST", "/v1/messages", [:], #"{"text":"\#(long)","duration":30}"#),
            mqtt: ("message/set", long)),
        Case(
            error: ControlError(.syntax, "the message is empty"), text: #"message "  " for 30s"#,
            json: #"{"command":"message","text":"  ","duration":30}"#,
            http: ("POST", "/v1/messages", [:], #"{"text":"  ","duration":30}"#), mqtt: ("message/set", "  ")),
        Case(
            error: ControlError(.range, "a message is shown for 1s to 24h"), text: #"message "hi" for 25h"#,
            json: #"{"command":"message","text":"hi","duration":"25h"}"#, http: ("POST", "/v1/messages", [:], #"{"text":"hi","duration":"25h"}"#),
            mqtt: ("message/set", #"{"text":"hi","duration":"25h"}"#)),
        Case(
            error: ControlError(.syntax, #""soon" is not a duration (30s, 5m, 1h30m, MM:SS)"#), text: #"message "hi" for soon"#,
            json: #"{"command":"message","text":"hi","duration":"soon"}"#, http: ("POST", "/v1/messages", [:], #"{"text":"hi","duration":"soon"}"#),
            mqtt: ("message/set", #"{"text":"hi","duration":"soon"}"#)),
        Case(
            error: ControlError(.syntax, #""0" is not a row; rows count from 1"#), text: #"message "hi" for 5s row 0"#,
            json: #"{"command":"message","text":"hi","duration":5,"row":0}"#,
            http: ("POST", "/v1/messages", [:], #"{"text":"hi","duration":5,"row":0}"#),
            mqtt: ("message/set", #"{"text":"hi","duration":5,"row":0}"#)),
        Case(
            error: ControlError(.range, "row 9: the face has 3 rows"), text: #"message "hi" for 5s row 9"#,
            json: #"{"command":"message","text":"hi","duration":5,"row":9}"#,
            http: ("POST", "/v1/messages", [:], #"{"text":"hi","duration":5,"row":9}"#),
            mqtt: ("message/set", #"{"text":"hi","duration":5,"row":9}"#)),
        Case(
            error: ControlError(.syntax, #""200m" is not a duration up to 99:59 (25m, 1h30m, 90s, MM:SS)"#), text: "timer start egg 200m",
            json: #"{"command":"timer","action":"start","name":"egg","duration":"200m"}"#,
            http: ("POST", "/v1/timers/{name}/start", ["name": "egg"], #"{"duration":"200m"}"#), mqtt: ("timer/egg/set", "start 200m")),
        Case(
            error: ControlError(.unknownTimer, #""tea"; timers are egg"#), text: "timer start tea",
            json: #"{"command":"timer","action":"start","name":"tea"}"#,
            http: ("POST", "/v1/timers/{name}/start", ["name": "tea"], ""), mqtt: ("timer/tea/set", "start")),
        Case(
            error: ControlError(.range, "home would be 200; allowed 0...99"), text: "score set home 200",
            json: #"{"command":"score","action":"set","scores":{"home":200}}"#, http: ("POST", "/v1/scores/set", [:], #"{"scores":{"home":200}}"#),
            mqtt: ("score/home/set", "200")),
        Case(
            error: ControlError(.unknownScore, #""guest"; scores are home, away"#), text: "score add guest 1",
            json: #"{"command":"score","action":"add","scores":{"guest":1}}"#, http: ("POST", "/v1/scores/add", [:], #"{"scores":{"guest":1}}"#),
            mqtt: ("score/guest/set", "+1")),
        Case(
            error: ControlError(.unknownText, #""gate"; texts are board"#), text: "text gate 12",
            json: #"{"command":"text","name":"gate","text":"12"}"#,
            http: ("PUT", "/v1/texts/{name}", ["name": "gate"], #"{"text":"12"}"#), mqtt: ("text/gate/set", "12")),
        Case(
            error: ControlError(.range, #""150" is not a brightness: a percentage 1...100, or off"#), text: "screen dim 150",
            json: #"{"command":"screen","brightness":150}"#, http: ("PUT", "/v1/screen", [:], #"{"brightness":150}"#),
            mqtt: ("screen/brightness/set", "150")),
        Case(
            error: ControlError(.syntax, #""bright" is not a brightness: a percentage 1...100, or off"#), text: "screen dim bright",
            json: nil, http: nil, mqtt: ("screen/brightness/set", "bright")),
    ]

    /// The state's answer to a request, or its grammar's refusal.
    static func answer(_ parse: () throws(ControlError) -> ControlRequest) -> ControlReply {
        var state = ClockState(configuration: ClockStateTests.configuration)
        do throws(ControlError) {
            return state.handle(try parse(), at: screenMoment).reply
        } catch {
            return .refused(error)
        }
    }

    /// ClockStateTests' moment, with one 640×480 screen.
    static var screenMoment: ClockState.Moment {
        var moment = ClockStateTests.moment
        let face = ClockStateTests.configuration.face(), glyphs = SolidBlockGlyphs()
        let scene = ClockScene(face: face, width: 640, height: 480, showing: moment.reading, glyphs: glyphs)
        let panel = MessagePanel(layout: scene.renderer.layout, style: face.style, glyphs: glyphs)
        moment.screens = [ClockState.ScreenShape(name: "HDMI-A-1", width: 640, height: 480, panel: panel)]
        return moment
    }

    @Test(arguments: cases) func aFieldIsRefusedInTheSameWordsWhicheverWayItCame(_ c: Case) throws {
        let refused = ControlReply.refused(c.error)
        #expect(Self.answer { () throws(ControlError) in try ControlRequest.parse(c.text) } == refused, "socket, text")
        if let json = c.json {
            #expect(Self.answer { () throws(ControlError) in try ControlJSON.parse(json) } == refused, "socket, JSON")
        }
        if let http = c.http {
            let endpoint = try #require(Endpoint.all.first { "\($0.method) \($0.path)" == "\(http.method) \(http.path)" })
            #expect(Self.answer { () throws(ControlError) in try endpoint.request(http.parameters, http.body) } == refused, "HTTP")
        }
        if let mqtt = c.mqtt {
            let reply = Self.answer { () throws(ControlError) in
                guard case .request(let request) = try MQTTCommand.parse(topic: mqtt.topic, payload: Array(mqtt.payload.utf8), messageSeconds: 30)
                else {
                    throw ControlError(.syntax, "not a request")
                }
                return request
            }
            #expect(reply == refused, "MQTT")
        }
    }
}
