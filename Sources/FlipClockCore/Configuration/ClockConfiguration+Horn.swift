extension ClockConfiguration {
    /// `[horn]`: `seconds`, and a relay's `gpio_chip` and `gpio_line` (both, or neither) with
    /// `active_low`.
    mutating func decodeHorn(_ table: ConfigTable) throws(ConfigError) {
        var r = ConfigReader(table, path: "horn")
        var settings = HornSettings()
        if let v = try r.number("seconds", in: HornSettings.secondsRange) { settings.seconds = v }
        let chipNode = r.node("gpio_chip")
        var chip: String?
        if let chipNode {
            guard case .string(let text) = chipNode.value, !text.isEmpty, text.utf8.count <= 256 else {
                throw ConfigError(
                    chipNode.valueLocation, key: "horn.gpio_chip",
                    "expected the relay's GPIO chip: a name such as \"gpiochip0\", a path such as \"/dev/gpiochip0\" or the chip's label")
            }
            chip = text
        }
        let lineNode = r.node("gpio_line")
        var line: HornSettings.Relay.Line?
        if let lineNode {
            switch lineNode.value {
            case .integer(let offset) where (0...1023).contains(offset): line = .offset(offset)
            case .string(let name) where !name.isEmpty && name.utf8.count <= 64: line = .name(name)
            default:
                throw ConfigError(
                    lineNode.valueLocation, key: "horn.gpio_line",
                    "expected the relay's line: an offset 0...1023 such as 17, or the line's name such as \"HORN\"")
            }
        }
        let activeLow = try r.bool("active_low")
        try r.rejectUnknownKeys()
        switch (chip, line) {
        case (let chip?, let line?):
            settings.relay = HornSettings.Relay(chip: chip, line: line, activeLow: activeLow ?? false)
        case (nil, nil):
            if activeLow != nil {
                throw ConfigError(table["active_low"]!.keyLocation, key: "horn.active_low", "drives no relay without gpio_chip and gpio_line")
            }
        case (nil, _):
            throw ConfigError(lineNode!.keyLocation, key: "horn.gpio_chip", "a relay's line needs its chip, such as gpio_chip = \"gpiochip0\"")
        case (_, nil):
            throw ConfigError(chipNode!.keyLocation, key: "horn.gpio_line", "a relay's chip needs its line, such as gpio_line = 17")
        }
        horn = settings
    }
}
