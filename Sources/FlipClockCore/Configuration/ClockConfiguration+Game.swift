extension ClockConfiguration {
    /// `[game]` and `[game.shot_clock]`: a match's clocks (see the presets in `Config/`).
    mutating func decodeGame(_ table: ConfigTable) throws(ConfigError) {
        var r = ConfigReader(table, path: "game")
        var settings = GameSettings()
        if let v = try r.integer("periods", in: 1...9) { settings.rules.periods = v }
        if let v = try positive(&r, "period") { settings.rules.periodSeconds = v }
        if let v = try r.choice("count", RunningClock.Direction.allCases.map { ($0.rawValue, $0) }) { settings.rules.direction = v }
        if let list = try r.strings("breaks") {
            settings.rules.breakSeconds = try list.map { (text, at) throws(ConfigError) in
                guard let s = TimerItem.parseDuration(text), s <= GameRules.longest else {
                    throw ConfigError(at, key: "game.breaks", "\"\(text)\" is not a duration up to 99:59; write \"2m\", \"15:00\" or \"90s\"")
                }
                return s
            }
        }
        if let v = try r.duration("overtime") { settings.rules.overtimeSeconds = v }
        if let v = try r.integer("tenths_below", in: 0...600) { settings.rules.tenthsBelow = v }
        if let v = try r.string("label") { settings.clockLabel = v }
        if let v = try r.string("period_label") { settings.periodLabel = v }
        if let v = try r.bool("possession") { settings.possession = v }
        if let v = try r.string("possession_label") { settings.possessionLabel = v }
        if let v = try r.bool("penalties") { settings.penalties = v }
        if let v = try r.string("penalty_label") { settings.penaltyLabel = v }
        if let t = try r.table("shot_clock") {
            var s = ConfigReader(t, path: "game.shot_clock")
            var shot = ShotClockRules()
            if let node = s.node("resets") {
                guard case .array(let values) = node.value, !values.isEmpty, values.count <= 4 else {
                    throw s.typeError("resets", node, expected: "an array of 1 to 4 whole seconds, such as [24, 14]")
                }
                shot.resets = try values.map { (v) throws(ConfigError) in
                    guard case .integer(let i) = v.value, (1...99).contains(i) else {
                        throw ConfigError(v.valueLocation, key: "game.shot_clock.resets", "expected whole seconds 1...99")
                    }
                    return i
                }
            }
            if let v = try s.integer("tenths_below", in: 0...99) { shot.tenthsBelow = v }
            if let v = try s.bool("off_below_game_clock") { shot.offBelowGameClock = v }
            if let v = try s.string("label") { settings.shotLabel = v }
            try s.rejectUnknownKeys()
            settings.rules.shotClock = shot
        }
        try r.rejectUnknownKeys()
        game = settings
    }

    /// A duration above zero.
    private func positive(_ r: inout ConfigReader, _ name: String) throws(ConfigError) -> Int? {
        guard let v = try r.duration(name) else { return nil }
        guard v > 0 else { throw ConfigError(r.table[name]!.valueLocation, key: r.key(name), "a period needs a length above zero") }
        return v
    }
}
