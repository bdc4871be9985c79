import FlipClockControl
import FlipClockCore
import FlipClockKeypad
import Testing

/// The key map: the configuration's keys made into requests, and events into presses.
@Suite struct KeypadMapTests {
    /// A face with a game and the scores the default map names.
    static func match(keys: [KeypadSettings.Key] = KeypadSettings.defaultKeys, scores: [String] = ["home", "away"], game: Bool = true)
        -> ClockConfiguration
    {
        var c = ClockConfiguration()
        c.scores = scores.map { ScoreItem(name: $0) }
        if game { c.game = GameSettings() }
        c.keypad = KeypadSettings(device: .name("Keypad"), keys: keys)
        return c
    }

    @Test func everyDefaultKeyIsAKeyAndARequest() throws {
        let map = try KeypadMap(Self.match())
        // The game's and the scores' keys; the match in sets' are left out.
        let timed = KeypadSettings.defaultKeys.filter { !$0.line.hasPrefix("point ") }
        #expect(map.keys.count == timed.count)
        for key in timed {
            let event = try #require(KeypadEvent.key(key.name))
            let press = try #require(map.press(event))
            #expect(press.key == key.name)
            #expect(press.request == (try ControlRequest.parse(key.line)))
        }
    }

    @Test func aPressAsksAndAReleaseOrARepeatDoesNot() throws {
        let map = try KeypadMap(Self.match())
        #expect(map.press(try #require(KeypadEvent.key("KEY_KP1", 1)))?.request == .score(.add, [("home", 1)]))
        #expect(map.press(try #require(KeypadEvent.key("KEY_KP1", 0))) == nil)
        #expect(map.press(try #require(KeypadEvent.key("KEY_KP1", 2))) == nil)
        #expect(map.press(try #require(KeypadEvent.key("KEY_KP0")))?.request == .game(.act(.toggle)))
        // A key the map leaves out, and an event of another type with a mapped key's code.
        #expect(map.press(try #require(KeypadEvent.key("KEY_NUMLOCK"))) == nil)
        #expect(map.press(KeypadEvent(type: 4, code: try #require(KeyName.code("KEY_KP1")), value: 1)) == nil)
    }

    @Test func defaultKeysTheFaceCannotAnswerAreLeftOut() throws {
        let scoresOnly = try KeypadMap(Self.match(game: false))
        #expect(scoresOnly.keys.map(\.key) == ["KEY_KP1", "KEY_KP3", "KEY_KP4", "KEY_KP6", "KEY_KP7", "KEY_KP9"])
        let gameOnly = try KeypadMap(Self.match(scores: ["home_fouls"]))
        #expect(gameOnly.keys.count == KeypadSettings.defaultKeys.filter { $0.line.hasPrefix("game ") }.count)
        #expect(gameOnly.press(try #require(KeypadEvent.key("KEY_KP1"))) == nil)
    }

    @Test func theFilesKeysAreCheckedWhereTheyAreWritten() throws {
        let at = FileLocation(file: "f.toml", line: 9, column: 11)
        let cases: [(KeypadSettings.Key, String)] = [
            (
                .init(name: "KEY_KP11", line: "game toggle", location: at),
                "f.toml:9:11: keypad.keys.KEY_KP11: \"KEY_KP11\" is not a key libevdev knows; write a name such as KEY_KP1 or KEY_SPACE"
            ),
            (
                .init(name: "KEY_KP1", line: "score ad home 1", location: at),
                "f.toml:9:11: keypad.keys.KEY_KP1: \"score ad home 1\" is not a request: score takes set, add, subtract or reset"
            ),
            (
                .init(name: "KEY_KP1", line: "score add guest 1", location: at),
                "f.toml:9:11: keypad.keys.KEY_KP1: \"score add guest 1\": no score named guest in this file"
            ),
        ]
        for (key, message) in cases {
            let error = #expect(throws: ConfigError.self) { try KeypadMap(Self.match(keys: [key], scores: ["home"])) }
            #expect(error?.description == message)
        }
        let gameless = #expect(throws: ConfigError.self) {
            try KeypadMap(Self.match(keys: [.init(name: "KEY_SPACE", line: "game toggle", location: at)], game: false))
        }
        #expect(gameless?.description == "f.toml:9:11: keypad.keys.KEY_SPACE: \"game toggle\": a game request, but the file has no [game]")
    }

    /// With `[sets]` and no scores, the default map's points, timeouts and undo.
    @Test func aMatchInSetsHasItsPointKeys() throws {
        var c = Self.match(scores: [], game: false)
        c.sets = SetSettings()
        let map = try KeypadMap(c)
        #expect(
            map.keys.map { "\($0.key) \($0.line)" } == [
                "KEY_BACKSPACE point undo", "KEY_KP1 point home", "KEY_KP3 point away", "KEY_KP7 point timeout home",
                "KEY_KP9 point timeout away", "KEY_KPDOT point undo",
            ])
    }
}
