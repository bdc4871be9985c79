import FlipClockControl
import FlipClockCore
import FlipClockCoreTestKit
import Testing

@testable import FlipClockDaemon

/// The state owner on its own: requests in, replies and changes out, no loop, no clock.
@Suite struct ClockStateTests {
    static var configuration: ClockConfiguration {
        var c = ClockConfiguration()
        c.scores = [ScoreItem(name: "home", label: "HOME"), ScoreItem(name: "away", label: "AWAY")]
        c.timers = [TimerItem(name: "egg", label: "EGG", duration: 300)]
        c.texts = [TextItem(name: "board", cards: 4, text: "")]
        return c
    }

    /// 12:00:00 on 1 January 2026, UTC.
    static let moment = ClockState.Moment(
        reading: ClockReading(WallInstant(unixSeconds: 1_767_268_800)), level: 1, output: "HDMI-A-1"
    )

    /// The outcome of a request line, its reply in the text form.
    func handle(_ line: String, _ state: inout ClockState) throws -> (reply: String, change: ClockState.Change, saves: Bool) {
        let outcome = state.handle(try ControlRequest.parse(line), at: Self.moment)
        return (outcome.reply.line(json: false), outcome.change, outcome.saves)
    }

    @Test func savedScoresAreKeptInRangeAndUnknownOnesDropped() {
        let state = ClockState(configuration: Self.configuration, scores: ["home": 1000, "away": -4, "gone": 3])
        #expect(state.board.values == ["home": 99, "away": 0])
    }

    /// The message seconds follow `[mqtt] message_seconds` (reloads too) until a request sets
    /// them; a set is saved, and a reload keeps it.
    @Test func messageSecondsFollowTheConfigurationUntilSet() throws {
        var configuration = Self.configuration
        configuration.mqtt = MQTTSettings(host: "broker")
        configuration.mqtt?.messageSeconds = 45
        var state = ClockState(configuration: configuration)
        #expect(state.status(at: Self.moment).messageSeconds == 45)
        configuration.mqtt?.messageSeconds = 60
        state.reconfigure(configuration)
        #expect(state.status(at: Self.moment).messageSeconds == 60 && state.messageSecondsSet == nil)
        let set = try handle("message seconds 20", &state)
        #expect(set.reply == "OK message_seconds=20" && set.change == .none && set.saves)
        configuration.mqtt?.messageSeconds = 90
        state.reconfigure(configuration)
        #expect(state.status(at: Self.moment).messageSeconds == 20 && state.messageSecondsSet == 20)
    }

    @Test func aScoreOutOfRangeChangesNothing() throws {
        var state = ClockState(configuration: Self.configuration)
        let outcome = try handle("score set home=3 away=200", &state)
        #expect(outcome.reply == "ERR range away would be 200; allowed 0...99")
        #expect(outcome.change == .none && !outcome.saves)
        #expect(state.board.values == ["home": 0, "away": 0])
    }

    @Test func aScoreSetIsSavedAndDrawn() throws {
        var state = ClockState(configuration: Self.configuration)
        let outcome = try handle("score add away 2", &state)
        #expect(outcome.reply == "OK home=0 away=2")
        #expect(outcome.change == .scores(["away": 2]) && outcome.saves)
    }

    @Test func aCountdownToATimeOfDayStartsTheTimerWithTheSecondsLeft() throws {
        var state = ClockState(configuration: Self.configuration)
        #expect(try handle("timer start egg at 12:30", &state).reply == "OK egg=30:00 running")
        #expect(
            try handle("timer start egg at 11:59", &state).reply
                == "ERR range 11:59:00 is 23 h 59 min away; a timer counts down at most 99:59")
    }

    /// Every request is answered by the state: a reload is the loop's to do (it refuses it if
    /// it fails), a message is posted on the state's panel once every screen has room for it.
    @Test func aReloadAndAMessageAreAnsweredByTheState() throws {
        var state = ClockState(configuration: Self.configuration)
        let reload = try handle("reload", &state)
        #expect(reload.reply == "OK reloaded" && reload.change == .reload)
        #expect(try handle("message \"Tea\" for 5s row 2", &state).reply == "ERR state no screen is connected to show it on")
        var moment = Self.moment
        let glyphs = SolidBlockGlyphs()
        let scene = ClockScene(face: Self.configuration.face(), width: 640, height: 480, showing: moment.reading, glyphs: glyphs)
        moment.screens = [
            ClockState.ScreenShape(
                name: "HDMI-A-1", width: 640, height: 480,
                panel: MessagePanel(layout: scene.renderer.layout, style: Self.configuration.face().style, glyphs: glyphs))
        ]
        let message = state.handle(try ControlRequest.parse("message \"Tea\" for 5s row 2"), at: moment)
        #expect(message.reply == .message(number: 1, waiting: 0) && message.change == .redraw && !message.saves)
        #expect(state.handle(.listMessages, at: moment).reply.line(json: false) == "OK 1 shown \"Tea\" for 5s row 2")
        #expect(state.handle(.clearMessages, at: moment).reply == .messagesCleared)
    }

    @Test func statusNamesTheTimeScoresTimersScreenAndOutput() throws {
        var state = ClockState(configuration: Self.configuration)
        #expect(
            try handle("status", &state).reply
                == "OK time=12:00:00 time_synced=true scores home=0 away=0 timers egg=05:00 idle message_seconds=30 screen=on output=HDMI-A-1")
    }

    @Test func aTextForAnUnknownRowNamesTheRows() throws {
        var state = ClockState(configuration: Self.configuration)
        #expect(try handle("text gate 12", &state).reply == "ERR unknown-text \"gate\"; texts are board")
    }

    /// A reload of a file being written (empty, or half of it) takes nothing acknowledged
    /// away: what it has no place for is set aside, saved, and shown again when it comes back.
    @Test func aReloadWithoutTheScoresTimersAndGameKeepsThemForTheFileThatBringsThemBack() throws {
        var full = Self.configuration
        full.game = GameSettings()
        var state = ClockState(configuration: full)
        _ = try handle("score set home 42", &state)
        _ = try handle("score set away 17", &state)
        _ = try handle("timer start egg 4m", &state)
        _ = try handle("game start", &state)
        let game = state.game
        state.reconfigure(ClockConfiguration())
        #expect(state.board.values == [:] && state.timers.isEmpty && state.game == nil)
        #expect(state.savedScores == ["home": 42, "away": 17] && state.savedTimers.keys.sorted() == ["egg"] && state.savedGame == game)
        state.reconfigure(full)
        #expect(
            try handle("status", &state).reply
                == "OK time=12:00:00 time_synced=true scores home=42 away=17 timers egg=04:00 running message_seconds=30 game period=1 play clock=10:00 running undo=0 screen=on output=HDMI-A-1"
        )
        #expect(state.setAside == ClockState.SetAside())
    }

    @Test func aScoreOutOfAReloadsRangeIsShownClampedAndKeptAsItWas() {
        var state = ClockState(configuration: Self.configuration, scores: ["home": 42])
        var narrow = Self.configuration
        narrow.scores[0].maximum = 9
        state.reconfigure(narrow)
        #expect(state.board.values["home"] == 9 && state.savedScores["home"] == 42)
        state.reconfigure(Self.configuration)
        #expect(state.board.values["home"] == 42)
    }
}
