import FlipClockCore
import FlipClockDaemon
import Testing

/// `[sound]` in a configuration file: off without it, its keys checked where they are written.
@Suite struct SoundConfigTests {
    @Test func soundIsOffUnlessTheFileHasTheTable() throws {
        #expect(try ConfigFile.parse("", path: "f.toml").sound == nil)
        #expect(try ConfigFile.parse("[sound]\n", path: "f.toml").sound == SoundSettings())
        #expect(try ConfigFile.parse("[sound]\nenabled = false\ndevice = \"hw:1\"\n", path: "f.toml").sound == nil)
        let c = try ConfigFile.parse("[sound]\ndevice = \"plughw:1,0\"\nvolume = 0.8\nclicks = false\nhorn = true\n", path: "f.toml")
        #expect(c.sound == SoundSettings(device: "plughw:1,0", volume: 0.8, clicks: false, horn: true))
    }

    @Test(arguments: [
        ("[sound]\nvolume = 2\n", "f.toml:2:10: sound.volume: 2 is out of range; allowed 0...1"),
        ("[sound]\ndevice = \"\"\n", "f.toml:2:10: sound.device: expected an ALSA PCM's name such as \"default\" or \"plughw:0\""),
        ("[sound]\nclicks = \"on\"\n", "f.toml:2:10: sound.clicks: expected a boolean (true or false), found a string"),
        ("[sound]\nloud = true\n", "f.toml:2:1: sound.loud: unknown key; allowed in [sound]: enabled, device, volume, clicks, horn"),
    ])
    func mistakesAreNamedWhereTheyAreWritten(sound: String, message: String) {
        let error = #expect(throws: ConfigError.self) { try ConfigFile.parse(sound, path: "f.toml") }
        #expect(error?.description == message)
    }
}
