import FlipClockCore
import Testing

@testable import FlipClockControl

/// Every reply, byte for byte, in both forms: what flipclockd answered before replies had a type.
@Suite struct ControlReplyTests {
    static let noon = WallTime(hour: 12, minute: 0, second: 0)

    /// Each reply with its text and its JSON form.
    static let fixtures: [(ControlReply, String, String)] = [
        (ControlReply.pong, "OK pong", #"{"ok":true}"#),
        (
            .status(
                ControlReply.Status(
                    time: noon, scores: [.init(name: "home", value: 5), .init(name: "away", value: 120)], texts: ["board": "GATE 12"],
                    timers: [TimerReading(name: "egg", seconds: 240, state: .idle), TimerReading(name: "tea", seconds: 30, state: .running)],
                    screen: .dim(percent: 30), output: "png 320x240"
                )),
            "OK time=12:00:00 time_synced=true scores home=5 away=120 timers egg=04:00 idle tea=00:30 running message_seconds=30 screen=dim 30% output=png 320x240",
            #"{"message_seconds":30,"ok":true,"output":"png 320x240","scores":{"away":120,"home":5},"screen":"dim 30%","texts":{"board":"GATE 12"},"time":"12:00:00","time_synced":true,"timers":[{"name":"egg","seconds":240,"state":"idle"},{"name":"tea","seconds":30,"state":"running"}]}"#
        ),
        (
            .status(
                ControlReply.Status(
                    time: WallTime(hour: 21, minute: 20, second: 0), scores: [], texts: [:], timers: [], screen: .off, output: "counting 96x60@5",
                    timeSynced: false
                )),
            "OK time=21:20:00 time_synced=false message_seconds=30 screen=off output=counting 96x60@5",
            #"{"message_seconds":30,"ok":true,"output":"counting 96x60@5","scores":{},"screen":"off","texts":{},"time":"21:20:00","time_synced":false,"timers":[]}"#
        ),
        (
            .status(
                ControlReply.Status(
                    time: WallTime(hour: 7, minute: 0, second: 0), scores: [], texts: [:], timers: [], screen: .on, output: "png 320x240",
                    face: "morning"
                )),
            "OK time=07:00:00 time_synced=true face=morning message_seconds=30 screen=on output=png 320x240",
            #"{"face":"morning","message_seconds":30,"ok":true,"output":"png 320x240","scores":{},"screen":"on","texts":{},"time":"07:00:00","time_synced":true,"timers":[]}"#
        ),
        (.screen(.off, until: WallTime(hour: 22, minute: 0, second: 0)), "OK screen=off until 22:00", #"{"ok":true,"screen":"off"}"#),
        (.screen(.dim(percent: 30), until: nil), "OK screen=dim 30%", #"{"ok":true,"screen":"dim 30%"}"#),
        (.screen(.on, until: WallTime(hour: 7, minute: 5, second: 30)), "OK screen=on until 07:05", #"{"ok":true,"screen":"on"}"#),
        (.reloaded, "OK reloaded", #"{"ok":true,"reloaded":true}"#),
        (
            .scores([.init(name: "home", value: 5), .init(name: "away", value: 100)]),
            "OK home=5 away=100", #"{"ok":true,"scores":{"away":100,"home":5}}"#
        ),
        (.scores([]), "OK ", #"{"ok":true,"scores":{}}"#),
        (
            .text(name: "board", shown: " ON TIME", texts: ["board": " ON TIME", "gate": "12"]),
            #"OK board=" ON TIME""#, #"{"ok":true,"texts":{"board":" ON TIME","gate":"12"}}"#
        ),
        (.message(number: 2, waiting: 1), "OK message 2", #"{"message":2,"ok":true,"waiting":1}"#),
        (.messageSeconds(20), "OK message_seconds=20", #"{"message_seconds":20,"ok":true}"#),
        (.messagesCleared, "OK messages cleared", #"{"cleared":true,"ok":true}"#),
        (
            .pairing(url: "http://192.168.1.20:8080/", seconds: 60), "OK http://192.168.1.20:8080/ shown for 60s",
            #"{"ok":true,"seconds":60,"url":"http://192.168.1.20:8080/"}"#
        ),
        (.pairingStopped, "OK pairing stopped", #"{"ok":true,"stopped":true}"#),
        (
            .timers([TimerReading(name: "egg", seconds: 30, state: .running), TimerReading(name: "pomodoro", seconds: 5999, state: .paused)]),
            "OK egg=00:30 running pomodoro=99:59 paused", #"{"ok":true,"timers":"egg=00:30 running pomodoro=99:59 paused"}"#
        ),
        (
            .refused(ControlError(.range, "home would be 100; allowed 0...99")),
            "ERR range home would be 100; allowed 0...99", #"{"code":"range","error":"home would be 100; allowed 0...99","ok":false}"#
        ),
        (
            .refused(ControlError(.syntax, "a/b \"c\"\n")),
            // A reason is one line: its line break written out.
            "ERR syntax a/b \"c\"\\n", #"{"code":"syntax","error":"a/b \"c\"\\n","ok":false}"#
        ),
        (
            .refused(ControlError(.unknownCommand, #""scores"; commands are score, timer, text, screen, message, status, reload, ping"#)),
            #"ERR unknown-command "scores"; commands are score, timer, text, screen, message, status, reload, ping"#,
            #"{"code":"unknown-command","error":"\"scores\"; commands are score, timer, text, screen, message, status, reload, ping","ok":false}"#
        ),
    ]

    @Test(arguments: fixtures)
    func rendersAsBefore(_ reply: ControlReply, _ text: String, _ json: String) {
        #expect(reply.line(json: false) == text)
        #expect(reply.line(json: true) == json)
    }

    @Test(arguments: [(0.0, "off"), (1.0, "on"), (0.3, "dim 30%"), (0.2, "dim 20%"), (0.999, "dim 100%")])
    func aBrightnessReadsAsALevel(_ brightness: Double, _ words: String) {
        #expect("\(ScreenLevel(brightness))" == words)
    }

    /// A timer's state as the cards and the clock say: a countdown run to zero is finished,
    /// though it still runs.
    @Test func aTimerReadsAsItsCardsShowIt() {
        var egg = FlipTimer(TimerItem(name: "egg", duration: 240))
        #expect(TimerReading(name: "egg", timer: egg, at: unix(1000)) == TimerReading(name: "egg", seconds: 240, state: .idle))
        egg.start(at: unix(1000))
        #expect(TimerReading(name: "egg", timer: egg, at: unix(1010)).description == "egg=03:50 running")
        egg.pause(at: unix(1070))
        #expect(TimerReading(name: "egg", timer: egg, at: unix(2000)).description == "egg=02:50 paused")
        egg.resume(at: unix(2000))
        #expect(TimerReading(name: "egg", timer: egg, at: unix(2500)).description == "egg=00:00 finished")
        #expect(TimerReading.summary([]) == "")
    }
}

/// The instant `seconds` after 1970.
private func unix(_ seconds: Double) -> WallInstant { WallInstant(secondsSince1970: seconds) }
