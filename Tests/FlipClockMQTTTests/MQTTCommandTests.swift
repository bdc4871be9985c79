import FlipClockControl
import FlipClockCore
import Testing

@testable import FlipClockMQTT

@Suite struct MQTTCommandTests {
    func parse(_ topic: String, _ payload: String, seconds: Int = 30) throws(ControlError) -> MQTTCommand {
        try MQTTCommand.parse(topic: topic, payload: Array(payload.utf8), messageSeconds: seconds)
    }

    func refusal(_ topic: String, _ payload: [UInt8]) -> String? {
        do {
            _ = try MQTTCommand.parse(topic: topic, payload: payload, messageSeconds: 30)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func scores() throws {
        #expect(try parse("score/home/set", "3") == .request(.score(.set, [("home", 3)])))
        #expect(try parse("score/home/set", "3.0") == .request(.score(.set, [("home", 3)])))
        #expect(try parse("score/home/set", " +2\n") == .request(.score(.add, [("home", 2)])))
        #expect(try parse("score/home/set", "-1") == .request(.score(.subtract, [("home", 1)])))
        #expect(try parse("score/home/set", "reset") == .request(.score(.reset, [("home", 0)])))
    }

    /// `B/face/set`: the words of `flipclockctl face`.
    @Test func aFaceIsHeldOrGivenBack() throws {
        #expect(try parse("face/set", "morning") == .request(.face(name: "morning", seconds: nil)))
        #expect(try parse("face/set", "scores for 10m\n") == .request(.face(name: "scores", seconds: 600)))
        #expect(try parse("face/set", "auto") == .request(.face(name: nil, seconds: nil)))
        #expect(refusal("face/set", Array("".utf8)) == "ERR syntax face takes a face's name and maybe for DURATION, or auto")
    }

    @Test func textsTimersAndTheScreen() throws {
        #expect(try parse("text/board/set", "GATE 12") == .request(.text(name: "board", text: "GATE 12")))
        #expect(try parse("timer/egg/set", "start") == .request(.timer(.start, name: "egg", duration: nil)))
        #expect(try parse("timer/egg/set", "start 25m") == .request(.timer(.start, name: "egg", duration: 1500)))
        #expect(try parse("timer/egg/set", "start at 15:30") == .request(.timerUntil(name: "egg", time: WallTime(hour: 15, minute: 30, second: 0))))
        #expect(try parse("timer/egg/set", "pause") == .request(.timer(.pause, name: "egg", duration: nil)))
        #expect(try parse("screen/set", "ON") == .screenOn)
        #expect(try parse("screen/set", "OFF") == .request(.screen(brightness: 0)))
        #expect(try parse("screen/brightness/set", "40") == .request(.screen(brightness: 0.4)))
        #expect(try parse("screen/brightness/set", "0") == .request(.screen(brightness: 0)))
    }

    @Test func messagesTakeTheMessageSecondsUnlessTheyGiveTheirOwn() throws {
        #expect(try parse("message/set", "Dinner is ready", seconds: 45) == .request(.message(text: "Dinner is ready", seconds: 45, row: nil)))
        #expect(try parse("message/set", #"{"text":"Dinner","row":2}"#, seconds: 45) == .request(.message(text: "Dinner", seconds: 45, row: 2)))
        #expect(try parse("message/set", #"{"text":"Dinner","duration":"5m"}"#) == .request(.message(text: "Dinner", seconds: 300, row: nil)))
        #expect(try parse("message/seconds/set", "90") == .request(.messageSeconds(90)))
        #expect(
            try parse("message/set", #"{"text":"Door","name":"door","urgent":true}"#, seconds: 45)
                == .request(.message(text: "Door", seconds: 45, row: nil, name: "door", urgent: true)))
        #expect(try parse("message/retract", "door\n") == .request(.retractMessage(name: "door")))
        #expect(try parse("point/set", "home") == .request(.point(.point(.home))))
        #expect(try parse("point/set", "timeout away\n") == .request(.point(.timeout(.away))))
        let opening = CountdownTarget(.to, parsing: "2027-06-01T09:00")
        #expect(try parse("countdown/opening/set", "2027-06-01T09:00") == .request(.countdown(name: "opening", target: opening)))
        #expect(try parse("countdown/opening/set", "to 2027-06-01T09:00\n") == .request(.countdown(name: "opening", target: opening)))
        #expect(
            try parse("countdown/safe/set", "since 2024-03-01")
                == .request(.countdown(name: "safe", target: CountdownTarget(.since, parsing: "2024-03-01"))))
        #expect(try parse("countdown/opening/set", "reset") == .request(.countdown(name: "opening", target: nil)))
    }

    @Test(arguments: [
        ("score/home/set", "abc", "ERR syntax \"abc\" is not a score: a whole number, +N, -N or reset"),
        ("score/home/set", "1e99", "ERR syntax \"1e99\" is not a score: a whole number, +N, -N or reset"),
        ("screen/set", "on", "ERR syntax \"on\" is not ON or OFF"),
        ("screen/brightness/set", "101", "ERR range \"101\" is not a brightness: a percentage 1...100, or off"),
        ("message/seconds/set", "0", "ERR range \"0\" is not a number of seconds 1...86400"),
        ("point/set", "guest", "ERR syntax point takes home, away, undo, timeout home|away, serve home|away, or new [home|away] (who serves first)"),
        (
            "countdown/opening/set", "tomorrow",
            #"ERR syntax "tomorrow" is not a day YYYY-MM-DD or a moment YYYY-MM-DDTHH:MM on the clock's calendar (years 1970 to 9999)"#
        ),
        ("countdown/opening/set", "", "ERR syntax countdown takes a countdown's name and to MOMENT, since MOMENT or reset"),
        ("message/set", "   ", "ERR syntax the message is empty"),
        ("message/set", "{\"row\":2}", "ERR syntax \"text\" is missing"),
        ("message/set", "{nope", "ERR syntax the payload is not a JSON object"),
        ("timer/egg/set", "explode", "ERR syntax \"explode\" is not start [DURATION | at HH:MM], pause, resume or reset"),
        ("timer/egg/set", "start 200m", "ERR syntax \"200m\" is not a duration up to 99:59 (25m, 1h30m, 90s, MM:SS)"),
        ("score/home", "3", "ERR unknown-command score/home is not a command topic"),
    ])
    func refusalsAreTheSocketsErrors(_ topic: String, _ payload: String, _ message: String) {
        #expect(refusal(topic, Array(payload.utf8)) == message)
    }

    @Test func payloadsAreBoundedAndUTF8() {
        #expect(refusal("text/board/set", Array(repeating: 65, count: 4097)) == "ERR too-long the payload is 4097 bytes; at most 4096")
        #expect(refusal("text/board/set", [0xff, 0xfe]) == "ERR syntax the payload is not UTF-8")
    }
}
