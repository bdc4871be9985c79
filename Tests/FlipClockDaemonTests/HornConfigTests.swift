import FlipClockCore
import FlipClockDaemon
import Testing

/// `[horn]` in a configuration file: how long a horn lasts, and the relay's line.
@Suite struct HornConfigTests {
    @Test func aHornLastsASecondAndDrivesNoRelayUnlessTheFileSays() throws {
        #expect(try ConfigFile.parse("", path: "f.toml").horn == HornSettings(seconds: 1, relay: nil))
        #expect(try ConfigFile.parse("[horn]\nseconds = 2.5\n", path: "f.toml").horn == HornSettings(seconds: 2.5, relay: nil))
    }

    @Test func theRelayIsAChipAndALineByOffsetOrName() throws {
        let byOffset = try ConfigFile.parse("[horn]\ngpio_chip = \"gpiochip0\"\ngpio_line = 17\n", path: "f.toml")
        #expect(byOffset.horn.relay == HornSettings.Relay(chip: "gpiochip0", line: .offset(17), activeLow: false))
        let byName = try ConfigFile.parse(
            "[horn]\nseconds = 3\ngpio_chip = \"pinctrl-bcm2711\"\ngpio_line = \"GPIO17\"\nactive_low = true\n", path: "f.toml")
        #expect(byName.horn == HornSettings(seconds: 3, relay: HornSettings.Relay(chip: "pinctrl-bcm2711", line: .name("GPIO17"), activeLow: true)))
    }

    @Test(arguments: [
        ("[horn]\nseconds = 0\n", "f.toml:2:11: horn.seconds: 0 is out of range; allowed 0.1...10"),
        ("[horn]\nseconds = 60\n", "f.toml:2:11: horn.seconds: 60 is out of range; allowed 0.1...10"),
        ("[horn]\nseconds = \"1s\"\n", "f.toml:2:11: horn.seconds: expected a number, found a string"),
        (
            "[horn]\ngpio_chip = 0\ngpio_line = 17\n",
            "f.toml:2:13: horn.gpio_chip: expected the relay's GPIO chip: a name such as \"gpiochip0\", a path such as \"/dev/gpiochip0\" or the chip's label"
        ),
        (
            "[horn]\ngpio_chip = \"gpiochip0\"\ngpio_line = 1024\n",
            "f.toml:3:13: horn.gpio_line: expected the relay's line: an offset 0...1023 such as 17, or the line's name such as \"HORN\""
        ),
        (
            "[horn]\ngpio_chip = \"gpiochip0\"\ngpio_line = \"\"\n",
            "f.toml:3:13: horn.gpio_line: expected the relay's line: an offset 0...1023 such as 17, or the line's name such as \"HORN\""
        ),
        ("[horn]\ngpio_chip = \"gpiochip0\"\n", "f.toml:2:1: horn.gpio_line: a relay's chip needs its line, such as gpio_line = 17"),
        ("[horn]\ngpio_line = 17\n", "f.toml:2:1: horn.gpio_chip: a relay's line needs its chip, such as gpio_chip = \"gpiochip0\""),
        ("[horn]\nactive_low = true\n", "f.toml:2:1: horn.active_low: drives no relay without gpio_chip and gpio_line"),
        (
            "[horn]\ngpio_chip = \"gpiochip0\"\ngpio_line = 17\nactive_low = \"yes\"\n",
            "f.toml:4:14: horn.active_low: expected a boolean (true or false), found a string"
        ),
        ("[horn]\nvolume = 3\n", "f.toml:2:1: horn.volume: unknown key; allowed in [horn]: seconds, gpio_chip, gpio_line, active_low"),
    ])
    func mistakesAreNamedWhereTheyAreWritten(horn: String, message: String) {
        let error = #expect(throws: ConfigError.self) { try ConfigFile.parse(horn, path: "f.toml") }
        #expect(error?.description == message)
    }
}
