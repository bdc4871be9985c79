import FlipClockCore
import Testing

@testable import FlipClockControl

/// What flipclockctl sends: every request written in either form reads back as itself.
@Suite struct ControlRequestLineTests {
    static let requests: [ControlRequest] = [
        .score(.set, [("home", 3)]), .score(.set, [("away", 2), ("home", 3)]), .score(.add, [("away", 1)]),
        .score(.subtract, [("home", -1)]), .score(.reset, []), .score(.reset, [("home", 0)]),
        .timer(.start, name: "egg", duration: nil), .timer(.start, name: "egg", duration: 5999), .timer(.start, name: "egg", duration: 0),
        .timer(.pause, name: "egg", duration: nil), .timer(.resume, name: "egg", duration: nil), .timer(.reset, name: "egg", duration: nil),
        .timerUntil(name: "kickoff", time: WallTime(hour: 15, minute: 30, second: 5)),
        .text(name: "board", text: "GATE 12"), .text(name: "board", text: "  say \"hi\" \\ for row 2\n"), .text(name: "board", text: ""),
        .screen(brightness: 0), .screen(brightness: 1), .screen(brightness: 0.3), .screen(brightness: 0.01),
        .message(text: "Dinner is ready", seconds: 30, row: nil), .message(text: "for row \"2\"", seconds: 86400, row: 3),
        .message(text: "Door", seconds: 10, row: 2, name: "door", urgent: true), .message(text: "bins", seconds: 60, row: nil, name: "bins"),
        .message(text: "now", seconds: 5, row: nil, urgent: true), .retractMessage(name: "door"),
        .messageSeconds(1), .messageSeconds(20), .messageSeconds(86400), .clearMessages, .listMessages, .status, .reload, .ping,
        .pair(seconds: 60, host: nil), .pair(seconds: 1, host: "127.0.0.1"), .pair(seconds: 600, host: "fe80::1"), .stopPairing,
        .point(.point(.home)), .point(.point(.away)), .point(.undo), .point(.timeout(.away)), .point(.serve(.home)), .point(.new(firstServer: nil)),
        .point(.new(firstServer: .away)), .countdown(name: "opening", target: CountdownTarget(.to, parsing: "2027-06-01T09:30")),
        .countdown(name: "safe", target: CountdownTarget(.since, parsing: "2024-03-01")), .countdown(name: "opening", target: nil),
    ]

    @Test(arguments: requests) func theTextFormReadsBackAsItself(_ request: ControlRequest) throws {
        #expect(try ControlRequest.parse(request.line) == request, "\(request.line)")
    }

    @Test(arguments: requests) func theJSONFormReadsBackAsItself(_ request: ControlRequest) throws {
        #expect(try ControlJSON.parse(ControlJSON.line(request)) == request, "\(ControlJSON.line(request))")
    }

    @Test func theFormsAreTheProtocolsOwn() {
        #expect(ControlRequest.screen(brightness: 0.3).line == "screen dim 30")
        #expect(ControlRequest.timer(.start, name: "egg", duration: 90).line == "timer start egg 90s")
        #expect(ControlRequest.message(text: "a \"b\"", seconds: 30, row: 2).line == #"message "a \"b\"" for 30s row 2"#)
        #expect(ControlJSON.line(.screen(brightness: 0.3)) == #"{"brightness":30,"command":"screen"}"#)
        #expect(ControlJSON.line(.score(.set, [("home", 3), ("away", 2)])) == #"{"action":"set","command":"score","scores":{"away":2,"home":3}}"#)
        #expect(ControlJSON.line(.clearMessages) == #"{"clear":true,"command":"message"}"#)
        #expect(ControlRequest.messageSeconds(20).line == "message seconds 20")
        #expect(ControlJSON.line(.messageSeconds(20)) == #"{"command":"message","seconds":20}"#)
        #expect(ControlRequest.pair(seconds: 2, host: "clock.local").line == "pair 2 host clock.local")
        #expect(ControlJSON.line(.pair(seconds: 60, host: nil)) == #"{"command":"pair","seconds":60}"#)
        #expect(ControlJSON.line(.stopPairing) == #"{"command":"pair","stop":true}"#)
        #expect(ControlRequest.point(.timeout(.away)).line == "point timeout away")
        #expect(ControlJSON.line(.point(.point(.home))) == #"{"command":"point","do":"home"}"#)
        let opening = CountdownTarget(.to, parsing: "2027-06-01T09:30")
        #expect(ControlRequest.countdown(name: "opening", target: opening).line == "countdown opening to 2027-06-01T09:30")
        #expect(
            ControlJSON.line(.countdown(name: "opening", target: opening)) == #"{"command":"countdown","name":"opening","to":"2027-06-01T09:30"}"#)
        #expect(ControlJSON.line(.countdown(name: "opening", target: nil)) == #"{"command":"countdown","name":"opening","reset":true}"#)
    }
}

/// `countdown`: what it takes, and its refusals in words.
@Suite struct CountdownRequestTests {
    @Test(arguments: ["countdown", "countdown opening", "countdown opening to", "countdown opening until 2027-06-01", "countdown opening reset now"])
    func aCountdownRequestNotReadSaysWhatItTakes(_ line: String) {
        #expect(throws: ControlError(.syntax, "countdown takes a countdown's name and to MOMENT, since MOMENT or reset")) {
            try ControlRequest.parse(line)
        }
    }

    @Test func aMomentNotOnTheCalendarIsNamed() {
        #expect(
            throws: ControlError(
                .range, #""2027-02-29" is not a day YYYY-MM-DD or a moment YYYY-MM-DDTHH:MM on the clock's calendar (years 1970 to 9999)"#)
        ) {
            try ControlRequest.parse("countdown opening to 2027-02-29")
        }
        #expect(
            throws: ControlError(
                .syntax, #""2027-2-28" is not a day YYYY-MM-DD or a moment YYYY-MM-DDTHH:MM on the clock's calendar (years 1970 to 9999)"#)
        ) {
            try ControlRequest.parse("countdown opening to 2027-2-28")
        }
        #expect(
            throws: ControlError(.syntax, #""since" is a day YYYY-MM-DD or a moment YYYY-MM-DDTHH:MM on the clock's calendar (years 1970 to 9999)"#)
        ) {
            try ControlJSON.parse(#"{"command":"countdown","name":"safe","since":3}"#)
        }
    }

    @Test(arguments: [
        #"{"command":"countdown","name":"opening"}"#, #"{"command":"countdown","to":"2027-06-01"}"#,
        #"{"command":"countdown","name":"opening","to":"2027-06-01","since":"2027-06-01"}"#,
        #"{"command":"countdown","name":"opening","to":"2027-06-01","reset":true}"#, #"{"command":"countdown","name":"opening","reset":false}"#,
    ])
    func theJSONFormNeedsANameAndOneMoment(_ line: String) {
        #expect(throws: ControlError(.syntax, #"countdown needs "name" and one of "to" or "since" (a moment), or "reset": true"#)) {
            try ControlJSON.parse(line)
        }
    }

    @Test func theReplyNamesEachCountdownsMoment() {
        let reply = ControlReply.countdowns([
            CountdownReading(name: "opening", target: CountdownTarget(.to, parsing: "2027-06-01T09:30")), CountdownReading(name: "safe", target: nil),
        ])
        #expect(reply.line(json: false) == "OK opening=to 2027-06-01T09:30 safe=none")
        #expect(reply.line(json: true) == #"{"countdowns":{"opening":"to 2027-06-01T09:30","safe":null},"ok":true}"#)
    }
}

/// `point`: what it takes, and its refusals in words.
@Suite struct PointRequestTests {
    @Test(arguments: ["point", "point guest", "point timeout", "point serve both", "point new home now", "point home away"])
    func aPointRequestNotReadSaysWhatItTakes(_ line: String) {
        #expect(
            throws: ControlError(.syntax, "point takes home, away, undo, timeout home|away, serve home|away, or new [home|away] (who serves first)")
        ) {
            try ControlRequest.parse(line)
        }
    }

    @Test func theJSONFormNeedsItsWords() {
        #expect(throws: ControlError(.syntax, #"point needs "do": the words of the text form, such as "home" or "timeout away""#)) {
            try ControlJSON.parse(#"{"command":"point"}"#)
        }
    }
}
