import Testing

@testable import FlipClockCore

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
        #expect(try ControlRequest.parse("display off") == .display(brightness: 0))
        #expect(try ControlRequest.parse("display on") == .display(brightness: 1))
        #expect(try ControlRequest.parse("display dim 30") == .display(brightness: 0.3))
        #expect(try ControlRequest.parse("text board GATE  12") == .text(name: "board", text: "GATE  12"))
        #expect(try ControlRequest.parse("text board \"  ON TIME\"") == .text(name: "board", text: "  ON TIME"))
        #expect(try ControlRequest.parse("text board") == .text(name: "board", text: ""))
        #expect(throws: ControlError(.syntax, "\"0\" is not a brightness; dim takes a percentage 1...100")) { try ControlRequest.parse("display dim 0") }
        #expect(throws: ControlError(.syntax, "display takes off, on, or dim PERCENT")) { try ControlRequest.parse("display bright") }
        #expect(throws: ControlError(.syntax, "the text's closing \" is missing")) { try ControlRequest.parse("text board \"GATE") }
        #expect(try ControlRequest.parse("timer start egg 4m") == .timer(.start, name: "egg", duration: 240))
        #expect(try ControlRequest.parse("timer start kickoff at 15:30") == .timerUntil(name: "kickoff", time: WallTime(hour: 15, minute: 30, second: 0)))
        #expect(throws: ControlError(.syntax, "\"25:61\" is not a time of day; write HH:MM or HH:MM:SS")) {
            try ControlRequest.parse("timer start kickoff at 25:61")
        }
    }

    @Test(arguments: [
        ("", "ERR syntax empty request"),
        ("scores set home 1", "ERR unknown-command \"scores\"; commands are score, timer, text, display, status, reload, ping"),
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

    let displays = [ScoreDisplay(name: "home", digits: 2), ScoreDisplay(name: "away", digits: 2, minimum: 1, maximum: 50)]

    @Test func aCommandChangesAllOrNothing() throws {
        var board = ScoreBoard(displays: displays, values: ["home": 3])
        #expect(board.summary == "home=3 away=1")
        #expect(throws: ControlError(.range, "away would be 60; allowed 1...50")) {
            try board.apply(.set, [("home", 7), ("away", 60)])
        }
        #expect(board.values == ["home": 3, "away": 1])
        #expect(try board.apply(.set, [("home", 7), ("away", 6)]) == ["home": 7, "away": 6])
        #expect(try board.apply(.add, [("away", 4)]) == ["away": 10])
        #expect(try board.apply(.subtract, [("home", 7)]) == ["home": 0])
        #expect(throws: ControlError(.range, "home would be -1; allowed 0...99")) { try board.apply(.subtract, [("home", 1)]) }
        #expect(throws: ControlError(.range, "home would be out of range; allowed 0...99")) { try board.apply(.subtract, [("home", Int.min)]) }
        #expect(try board.apply(.reset, []) == ["home": 0, "away": 1])
        #expect(throws: ControlError(.unknownScore, "\"guests\"; scores are home, away")) { try board.apply(.set, [("guests", 1)]) }
    }

    @Test func savedValuesAreKeptInRangeAndUnknownOnesDropped() {
        let board = ScoreBoard(displays: displays, values: ["home": 500, "away": 0, "old": 3])
        #expect(board.values == ["home": 99, "away": 1])
    }
}
