extension ClockConfiguration {
    /// `[sound]`: `enabled` (default true once the table is written), `device`, `volume`
    /// (0–1), `clicks` and `horn` (on or off).
    mutating func decodeSound(_ table: ConfigTable) throws(ConfigError) {
        var r = ConfigReader(table, path: "sound")
        var settings = SoundSettings()
        let enabled = try r.bool("enabled") ?? true
        if let v = try r.string("device") {
            guard !v.isEmpty, v.utf8.count <= 256, !v.contains(where: { $0.isNewline }) else {
                throw ConfigError(
                    r.node("device")!.valueLocation, key: "sound.device", "expected an ALSA PCM's name such as \"default\" or \"plughw:0\"")
            }
            settings.device = v
        }
        if let v = try r.number("volume", in: 0...1) { settings.volume = v }
        if let v = try r.bool("clicks") { settings.clicks = v }
        if let v = try r.bool("horn") { settings.horn = v }
        try r.rejectUnknownKeys()
        sound = enabled ? settings : nil
    }
}
