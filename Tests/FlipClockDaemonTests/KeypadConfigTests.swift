import FlipClockCore
import FlipClockDaemon
import Testing

/// `[keypad]` in a configuration file: the device, and the keys checked where they are written.
@Suite struct KeypadConfigTests {
    static let face = "[[score]]\nname = \"home\"\n[[score]]\nname = \"away\"\n[game]\nperiod = \"10:00\"\n"

    @Test func theDeviceIsAPathOrWordsOfItsNameAndTheFilesKeysAreLaidOverTheDefaults() throws {
        let byPath = try ConfigFile.parse(Self.face + "[keypad]\ndevice = \"/dev/input/by-id/usb-04d9_1203-event-kbd\"\n", path: "f.toml")
        #expect(byPath.keypad == KeypadSettings(device: .path("/dev/input/by-id/usb-04d9_1203-event-kbd")))
        let c = try ConfigFile.parse(
            Self.face + "[keypad]\ndevice = \"Keypad\"\n[keypad.keys]\nKEY_KP1 = \"score add home 2\"\nKEY_KPDOT = \"\"\nKEY_F1 = \"game new\"\n",
            path: "f.toml")
        let keys = try #require(c.keypad?.keys)
        #expect(c.keypad?.device == .name("Keypad"))
        #expect(keys.first { $0.name == "KEY_KP1" }?.line == "score add home 2")
        #expect(keys.first { $0.name == "KEY_KP1" }?.location == FileLocation(file: "f.toml", line: 10, column: 11))
        #expect(!keys.contains { $0.name == "KEY_KPDOT" })
        #expect(keys.first { $0.name == "KEY_F1" }?.line == "game new")
        // KEY_KP1 and KEY_KPDOT each had two defaults (the game's or a score's, a match in sets').
        #expect(keys.count == KeypadSettings.defaultKeys.count - 2)
    }

    @Test(arguments: [
        (
            "[keypad]\n",
            "f.toml:7:2: keypad.device: expected the keypad's device, a path such as \"/dev/input/by-id/usb-…-event-kbd\" or words of its name such as \"Keypad\""
        ),
        (
            "[keypad]\ndevice = \"\"\n",
            "f.toml:8:10: keypad.device: expected the keypad's device, a path such as \"/dev/input/by-id/usb-…-event-kbd\" or words of its name such as \"Keypad\""
        ),
        ("[keypad]\ndevice = \"Keypad\"\nkeys = 1\n", "f.toml:9:8: keypad.keys: expected a table, found an integer"),
        ("[keypad]\ndevice = \"Keypad\"\nrepeat = true\n", "f.toml:9:1: keypad.repeat: unknown key; allowed in [keypad]: device, keys"),
        (
            "[keypad]\ndevice = \"Keypad\"\n[keypad.keys]\nSPACE = \"game toggle\"\n",
            "f.toml:10:1: keypad.keys.SPACE: not a key's name; write one as libevdev names it, such as KEY_KP1"
        ),
        (
            "[keypad]\ndevice = \"Keypad\"\n[keypad.keys]\nKEY_KP1 = 1\n",
            "f.toml:10:11: keypad.keys.KEY_KP1: expected a request line such as \"score add home 1\", found an integer"
        ),
        (
            "[keypad]\ndevice = \"Keypad\"\n[keypad.keys]\nKEY_KPONE = \"game toggle\"\n",
            "f.toml:10:13: keypad.keys.KEY_KPONE: \"KEY_KPONE\" is not a key libevdev knows; write a name such as KEY_KP1 or KEY_SPACE"
        ),
        (
            "[keypad]\ndevice = \"Keypad\"\n[keypad.keys]\nKEY_KP1 = \"game go\"\n",
            "f.toml:10:11: keypad.keys.KEY_KP1: \"game go\" is not a request: game takes start, stop, toggle, set TIME, add SECONDS, shot [SECONDS], period N, possession TEAM, penalty TEAM M:SS, end, new or undo"
        ),
        (
            "[keypad]\ndevice = \"Keypad\"\n[keypad.keys]\nKEY_KP1 = \"score add guests 1\"\n",
            "f.toml:10:11: keypad.keys.KEY_KP1: \"score add guests 1\": no score named guests in this file"
        ),
    ])
    func mistakesAreNamedWhereTheyAreWritten(keypad: String, message: String) {
        let error = #expect(throws: ConfigError.self) { try ConfigFile.parse(Self.face + keypad, path: "f.toml") }
        #expect(error?.description == message)
    }
}
