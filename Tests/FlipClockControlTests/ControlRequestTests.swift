import FlipClockCore
import Testing

@testable import FlipClockControl

@Suite struct ControlRequestTests {
    @Test func parsesEveryForm() throws {
        #expect(try ControlRequest.parse("score set home 3") == .score(.set, [("home", 3)]))
        #expect(try ControlRequest.parse("score set home=3 away=2") == .score(.set, [("home", 3), ("away", 2)]))
        #expect(try ControlRequest.parse("  score   add away 1 ") == .score(.add, [("away", 1)]))
        #expect(try ControlRequest.parse("score subtract home=1") == .score(.subtract, [("home", 1)]))
        #expect(try ControlRequest.parse("score reset") == .score(.reset, []))
        #expect(try ControlRequest.parse("score reset home") == .score(.reset, [("home", 0)]))
        #expect(try ControlRequest.parse("status") == .status)
        #expect(try ControlRequest.parse("reload") == .reload)
        #expect(try ControlRequest.parse("ping") == .ping)
        #expect(try ControlRequest.parse("screen off") == .screen(brightness: 0))
        #expect(try ControlRequest.parse("display off") == .screen(brightness: 0))  // the old word
        #expect(try ControlRequest.parse("display on") == .screen(brightness: 1))
        #expect(try ControlRequest.parse("display dim 30") == .screen(brightness: 0.3))
        #expect(try ControlRequest.parse("text board GATE  12") == .text(name: "board", text: "GATE  12"))
        #expect(try ControlRequest.parse("text board \"  ON TIME\"") == .text(name: "board", text: "  ON TIME"))
        #expect(try ControlRequest.parse("text board") == .text(name: "board", text: ""))
        #expect(throws: ControlError(.range, "\"0\" is not a brightness: a percentage 1...100, or off")) {
            try ControlRequest.parse("display dim 0")
        }
        #expect(throws: ControlError(.syntax, "screen takes off, on, or dim PERCENT")) { try ControlRequest.parse("display bright") }
        #expect(throws: ControlError(.syntax, "the text's closing quote is missing")) { try ControlRequest.parse("text board \"GATE") }
        #expect(try ControlRequest.parse("timer start egg 4m") == .timer(.start, name: "egg", duration: 240))
        #expect(
            try ControlRequest.parse("timer start kickoff at 15:30") == .timerUntil(name: "kickoff", time: WallTime(hour: 15, minute: 30, second: 0)))
        #expect(throws: ControlError(.syntax, "\"25:61\" is not a time of day; write HH:MM or HH:MM:SS")) {
            try ControlRequest.parse("timer start kickoff at 25:61")
        }
    }

    /// `face NAME [for DURATION]`, `face auto`: in the text form, the JSON form and back.
    @Test func faceRequestsParseInBothFormsAndBack() throws {
        #expect(try ControlRequest.parse("face morning") == .face(name: "morning", seconds: nil))
        #expect(try ControlRequest.parse("face scores for 10m") == .face(name: "scores", seconds: 600))
        #expect(try ControlRequest.parse("face auto") == .face(name: nil, seconds: nil))
        #expect(try ControlJSON.parse(#"{"command":"face","face":"morning","duration":"10m"}"#) == .face(name: "morning", seconds: 600))
        #expect(try ControlJSON.parse(#"{"command":"face","face":"morning","duration":30}"#) == .face(name: "morning", seconds: 30))
        #expect(try ControlJSON.parse(#"{"command":"face","face":"auto"}"#) == .face(name: nil, seconds: nil))
        for request in [ControlRequest.face(name: "scores", seconds: 600), .face(name: nil, seconds: nil)] {
            #expect(try ControlRequest.parse(request.line) == request)
            #expect(try ControlJSON.parse(ControlJSON.line(request)) == request)
        }
        #expect(ControlRequest.face(name: "scores", seconds: 600).line == "face scores for 600s")
        #expect(throws: ControlError(.syntax, "face takes a face's name and maybe for DURATION, or auto")) { try ControlRequest.parse("face") }
        #expect(throws: ControlError(.syntax, "face takes a face's name and maybe for DURATION, or auto")) {
            try ControlRequest.parse("face auto for 5m")
        }
        #expect(throws: ControlError(.syntax, "\"soon\" is not a duration (30s, 5m, 1h30m, MM:SS)")) { try ControlRequest.parse("face a for soon") }
        #expect(throws: ControlError(.range, "a face is held for 1s to 24h")) { try ControlRequest.parse("face a for 25h") }
        #expect(throws: ControlError(.range, "a face is held for 1s to 24h")) {
            try ControlJSON.parse(#"{"command":"face","face":"a","duration":9007199254740990}"#)
        }
        #expect(throws: ControlError(.syntax, "face needs \"face\": a face's name, or \"auto\"")) { try ControlJSON.parse(#"{"command":"face"}"#) }
        #expect(throws: ControlError(.syntax, "\"auto\" takes no duration")) {
            try ControlJSON.parse(#"{"command":"face","face":"auto","duration":5}"#)
        }
        #expect(ControlReply.face("scores", until: WallTime(hour: 9, minute: 0, second: 30)).line(json: false) == "OK face=scores until 09:00:30")
        #expect(ControlReply.face("scores", until: nil).line(json: true) == #"{"face":"scores","ok":true}"#)
    }

    @Test func timerRequestsParse() throws {
        #expect(try ControlRequest.parse("timer start pomodoro 25m") == .timer(.start, name: "pomodoro", duration: 1500))
        #expect(try ControlRequest.parse("timer pause pomodoro") == .timer(.pause, name: "pomodoro", duration: nil))
        #expect(throws: ControlError(.syntax, "\"2h\" is not a duration up to 99:59 (25m, 1h30m, 90s, MM:SS)")) {
            try ControlRequest.parse("timer start pomodoro 2h")
        }
        #expect(throws: ControlError(.syntax, "timer pause takes a name")) { try ControlRequest.parse("timer pause pomodoro 5m") }
        #expect(throws: ControlError(.syntax, "timer takes start, pause, resume or reset, and a timer's name")) {
            try ControlRequest.parse("timer start")
        }
    }

    @Test(arguments: [
        ("", "ERR syntax empty request"),
        (
            "scores set home 1",
            "ERR unknown-command \"scores\"; commands are score, timer, text, screen, sound, message, pair, game, point, countdown, face, status, reload, ping"
        ),
        ("score", "ERR syntax score takes set, add, subtract or reset"),
        ("score multiply home 2", "ERR syntax score takes set, add, subtract or reset"),
        ("score set", "ERR syntax score set needs NAME VALUE or NAME=VALUE ..."),
        ("score set home three", "ERR syntax \"home\" is not NAME=VALUE (VALUE a whole number)"),
        ("score set home=1 home=2", "ERR syntax home is named twice"),
        ("status now", "ERR syntax status takes no arguments"),
    ])
    func malformedRequestsGetAnExactError(_ line: String, _ reply: String) {
        do {
            _ = try ControlRequest.parse(line)
            Issue.record("no error for \(line)")
        } catch {
            #expect(error.description == reply)
        }
    }

    /// Durations too long for an Int are refused as out of range; they used to overflow and
    /// kill the daemon (SIGILL).
    @Test func hugeDurationsAreRefusedNotFatal() {
        #expect(throws: ControlError(.syntax, "\"9999999999999999h\" is not a duration up to 99:59 (25m, 1h30m, 90s, MM:SS)")) {
            try ControlRequest.parse("timer start pomo 9999999999999999h")
        }
        #expect(throws: ControlError(.syntax, "\"999999999999999999:00\" is not a duration up to 99:59 (25m, 1h30m, 90s, MM:SS)")) {
            try ControlRequest.parse("timer start pomo 999999999999999999:00")
        }
        #expect(throws: ControlError(.range, "a message is shown for 1s to 24h")) { try ControlRequest.parse("message \"x\" for 9999999999999999h") }
    }

    @Test func parsesMessages() throws {
        #expect(try ControlRequest.parse(#"message "Dinner is ready" for 30s"#) == .message(text: "Dinner is ready", seconds: 30, row: nil))
        #expect(try ControlRequest.parse(#"  message   "for row 2"  for 1h30m   row 2 "#) == .message(text: "for row 2", seconds: 5400, row: 2))
        #expect(try ControlRequest.parse(#"message "x" row 1 for 01:30"#) == .message(text: "x", seconds: 90, row: 1))
        #expect(try ControlRequest.parse(#"message "say \"hi\"\nC:\\temp" for 1s"#) == .message(text: "say \"hi\"\nC:\\temp", seconds: 1, row: nil))
        #expect(try ControlRequest.parse(#"message "24 hours" for 24h"#) == .message(text: "24 hours", seconds: 86400, row: nil))
        #expect(try ControlRequest.parse("message clear") == .clearMessages)
        #expect(try ControlRequest.parse(" message  list ") == .listMessages)
        #expect(
            try ControlRequest.parse(#"message "Door" for 10s urgent name door-bell"#)
                == .message(text: "Door", seconds: 10, row: nil, name: "door-bell", urgent: true))
        #expect(try ControlRequest.parse("message retract door-bell") == .retractMessage(name: "door-bell"))
        #expect(throws: ControlError(.syntax, #""a/b" is not a message's name; write 1 to 32 letters, digits, - and _"#)) {
            try ControlRequest.parse(#"message "x" for 1s name a/b"#)
        }
        #expect(throws: ControlError(.syntax, "message retract takes a message's name")) { try ControlRequest.parse("message retract") }
    }

    @Test(arguments: ["Dinner is ready", #"say "hi""#, #"back\slash \n"#, "two\nlines", "  spaced  "])
    func aQuotedTextReadsBackAsItWas(_ text: String) throws {
        #expect(try ControlRequest.parse("message \(ControlRequest.quoted(text)) for 5s") == .message(text: text, seconds: 5, row: nil))
    }

    /// `message seconds N` sets how long a message without its own duration shows; a message
    /// whose text is "seconds 20" is still one.
    @Test func messageSecondsIsASettingAndAQuotedTextStaysAMessage() throws {
        #expect(try ControlRequest.parse("message seconds 20") == .messageSeconds(20))
        #expect(try ControlRequest.parse("message  seconds 5m") == .messageSeconds(300))
        #expect(try ControlRequest.parse(#"message "seconds 20" for 5s"#) == .message(text: "seconds 20", seconds: 5, row: nil))
        #expect(try ControlJSON.parse(#"{"command":"message","seconds":"1h"}"#) == .messageSeconds(3600))
        #expect(try ControlJSON.parse(#"{"command":"message","seconds":587.0}"#) == .messageSeconds(587))
    }

    @Test(arguments: [
        (#"message "" for 30s"#, "ERR syntax the message is empty"),
        (#"message "   " for 30s"#, "ERR syntax the message is empty"),
        (#"message "hi" for 0s"#, "ERR range a message is shown for 1s to 24h"),
        (#"message "hi" for 24h1s"#, "ERR range a message is shown for 1s to 24h"),
        (#"message "hi" for soon"#, #"ERR syntax "soon" is not a duration (30s, 5m, 1h30m, MM:SS)"#),
        (
            #"message "hi""#,
            #"ERR syntax message takes "TEXT" for DURATION [row N] [name NAME] [urgent], retract NAME, clear, list or seconds DURATION"#
        ),
        (
            #"message "hi" for"#,
            #"ERR syntax message takes "TEXT" for DURATION [row N] [name NAME] [urgent], retract NAME, clear, list or seconds DURATION"#
        ),
        (
            #"message "hi" for 5s for 6s"#,
            #"ERR syntax message takes "TEXT" for DURATION [row N] [name NAME] [urgent], retract NAME, clear, list or seconds DURATION"#
        ),
        (
            #"message hi for 5s"#,
            #"ERR syntax message takes "TEXT" for DURATION [row N] [name NAME] [urgent], retract NAME, clear, list or seconds DURATION"#
        ),
        ("message", #"ERR syntax message takes "TEXT" for DURATION [row N] [name NAME] [urgent], retract NAME, clear, list or seconds DURATION"#),
        (
            "message clear now",
            #"ERR syntax message takes "TEXT" for DURATION [row N] [name NAME] [urgent], retract NAME, clear, list or seconds DURATION"#
        ),
        (
            "message list all",
            #"ERR syntax message takes "TEXT" for DURATION [row N] [name NAME] [urgent], retract NAME, clear, list or seconds DURATION"#
        ),
        ("message seconds 0", "ERR range a message is shown for 1s to 24h"),
        ("message seconds 86401", "ERR range a message is shown for 1s to 24h"),
        ("message seconds soon", #"ERR syntax "soon" is not a duration (30s, 5m, 1h30m, MM:SS)"#),
        ("message seconds", "ERR syntax message seconds takes one duration (20, 30s, 5m)"),
        ("message seconds 20 for 5s", "ERR syntax message seconds takes one duration (20, 30s, 5m)"),
        (#"{"command":"message","seconds":20,"text":"hi"}"#, #"ERR syntax "duration" is missing"#),
        (#"{"command":"message","seconds":0}"#, "ERR range a message is shown for 1s to 24h"),
        (#"{"command":"message","seconds":true}"#, #"ERR syntax "true" is not a duration (30s, 5m, 1h30m, MM:SS)"#),
        (#"message "hi" for 5s row 0"#, #"ERR syntax "0" is not a row; rows count from 1"#),
        (#"message "hi" for 5s row two"#, #"ERR syntax "two" is not a row; rows count from 1"#),
        (#"message "hi for 5s"#, "ERR syntax the message's closing quote is missing"),
        (#"message "hi\"#, "ERR syntax the message's closing quote is missing"),
        (#"message "tab\t" for 5s"#, #"ERR syntax \t is not an escape; write \" \\ or \n"#),
    ])
    func malformedMessagesGetAnExactError(_ line: String, _ reply: String) {
        do {
            _ = try ControlJSON.isJSON(line) ? ControlJSON.parse(line) : ControlRequest.parse(line)
            Issue.record("no error for \(line)")
        } catch {
            #expect(error.description == reply)
        }
    }
}
