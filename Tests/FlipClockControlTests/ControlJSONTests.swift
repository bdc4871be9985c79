import FlipClockCore
import Testing

@testable import FlipClockControl

/// The JSON form of `message`: the same requests as the text form, and exact errors.
@Suite struct ControlJSONTests {
    @Test func parsesMessages() throws {
        #expect(
            try ControlJSON.parse(#"{"command":"message","text":"Dinner is ready","duration":"30s"}"#)
                == .message(text: "Dinner is ready", seconds: 30, row: nil))
        #expect(
            try ControlJSON.parse(#"{"command":"message","text":"two\nlines \"quoted\"","duration":90,"row":2}"#)
                == .message(text: "two\nlines \"quoted\"", seconds: 90, row: 2))
        #expect(try ControlJSON.parse(#"{"command":"message","clear":true}"#) == .clearMessages)
        #expect(try ControlJSON.parse(#"{"command":"message","list":true}"#) == .listMessages)
        #expect(
            try ControlJSON.parse(#"{"command":"message","text":"Door","duration":10,"name":"door","urgent":true}"#)
                == .message(text: "Door", seconds: 10, row: nil, name: "door", urgent: true))
        #expect(try ControlJSON.parse(#"{"command":"message","retract":"door"}"#) == .retractMessage(name: "door"))
        #expect(throws: ControlError(.syntax, #""urgent" is true or false"#)) {
            try ControlJSON.parse(#"{"command":"message","text":"Door","duration":10,"urgent":"yes"}"#)
        }
        #expect(throws: ControlError(.syntax, #""retract" is a message's name, and comes alone"#)) {
            try ControlJSON.parse(#"{"command":"message","retract":"door","text":"x"}"#)
        }
    }

    @Test(arguments: [
        (#"{"command":"message","text":" ","duration":"30s"}"#, "the message is empty"),
        (#"{"command":"message","duration":"30s"}"#, #""text" is missing"#),
        (#"{"command":"message","text":"hi"}"#, #""duration" is missing"#),
        (#"{"command":"message","text":"hi","duration":"soon"}"#, #""soon" is not a duration (30s, 5m, 1h30m, MM:SS)"#),
        (#"{"command":"message","text":"hi","duration":86401}"#, "a message is shown for 1s to 24h"),
        (#"{"command":"message","text":"hi","duration":0}"#, "a message is shown for 1s to 24h"),
        (#"{"command":"message","text":"hi","duration":5,"row":0}"#, #""0" is not a row; rows count from 1"#),
        (#"{"command":"message","clear":false}"#, #""clear" is true, and comes alone"#),
        (#"{"command":"message","clear":true,"text":"hi"}"#, #""clear" is true, and comes alone"#),
        (#"{"command":"message","list":true,"duration":5}"#, #""list" is true, and comes alone"#),
        (
            #"{"command":"messages"}"#,
            #""messages"; commands are score, timer, text, screen, sound, message, pair, game, point, countdown, face, status, reload, ping"#
        ),
    ])
    func malformedMessagesGetAnExactError(_ line: String, _ reason: String) {
        do {
            _ = try ControlJSON.parse(line)
            Issue.record("no error for \(line)")
        } catch {
            #expect(error.reason == reason)
        }
    }

    @Test(arguments: [
        (#"{"command":"display","brightness":true}"#, #"screen takes "power": "on" or "off", or "brightness": 1...100"#),
        (#"{"command":"display","brightness":50.5}"#, #"screen takes "power": "on" or "off", or "brightness": 1...100"#),
        (#"{"command":"score","action":"set","scores":{"home":true}}"#, #""home" is not a whole number"#),
        (#"{"command":"score","action":"set","scores":[1]}"#, #""scores" is missing"#),
        (#"{"command":"timer","action":"start","name":"egg","duration":null}"#, #""null" is not a duration up to 99:59 (25m, 1h30m, 90s, MM:SS)"#),
        (#"{"command":"timer","action":"start","name":"egg","duration":-5}"#, #""-5" is not a duration up to 99:59 (25m, 1h30m, 90s, MM:SS)"#),
        (
            #"{"command":"timer","action":"start","name":"egg","duration":9223372036854775807}"#,
            #""9223372036854775807" is not a duration up to 99:59 (25m, 1h30m, 90s, MM:SS)"#
        ),
        (
            #"{"command":"timer","action":"start","name":"egg","duration":"9999999999999999h"}"#,
            #""9999999999999999h" is not a duration up to 99:59 (25m, 1h30m, 90s, MM:SS)"#
        ),
        (#"["command"]"#, "not a JSON object"),
    ])
    func valuesOfTheWrongKindAreRefused(_ line: String, _ reason: String) {
        #expect(throws: ControlError(.syntax, reason)) { try ControlJSON.parse(line) }
    }

    @Test func wholeNumbersMayBeWrittenWithAPoint() throws {
        #expect(try ControlJSON.parse(#"{"command":"display","brightness":50.0}"#) == .screen(brightness: 0.5))
    }
}
