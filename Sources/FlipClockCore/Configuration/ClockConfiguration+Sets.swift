extension ClockConfiguration {
    /// `[sets]`: a sport counted in points and sets (see the presets in `Config/presets/`).
    mutating func decodeSets(_ table: ConfigTable, at header: FileLocation) throws(ConfigError) {
        guard game == nil else {
            throw ConfigError(header, key: "sets", "a face keeps [game] or [sets], not both: a match is timed or counted in sets")
        }
        var r = ConfigReader(table, path: "sets")
        var settings = SetSettings()
        let sports = SetSettings.Sport.allCases.map { ($0.rawValue, $0) }
        guard let sport = try r.choice("sport", sports) else {
            throw ConfigError(
                header, key: "sets.sport", "expected the sport: one of \(sports.map { "\"\($0.0)\"" }.joined(separator: ", "))")
        }
        settings.sport = sport
        let bestOf = try r.choice("best_of", [(1, 1), (3, 3), (5, 5), (7, 7)])
        let noAd = try r.bool("no_ad")
        let matchTieBreak = try r.bool("match_tie_break")
        for (name, set) in [("no_ad", noAd), ("match_tie_break", matchTieBreak)] where set != nil && sport != .tennis {
            throw ConfigError(r.table[name]!.keyLocation, key: "sets.\(name)", "is tennis's; \"\(sport.rawValue)\" has no such rule")
        }
        settings.rules = sport.rules(bestOf: bestOf, noAd: noAd ?? false, matchTieBreak: matchTieBreak ?? false)
        if let v = try r.choice("first_server", GameTeams.Team.allCases.map { ($0.rawValue, $0) }) { settings.firstServer = v }
        if let v = try r.string("home_label") { settings.homeLabel = v }
        if let v = try r.string("away_label") { settings.awayLabel = v }
        if let v = try r.string("games_label") { settings.gamesLabel = v }
        if let v = try r.string("sets_label") { settings.setsLabel = v }
        if let v = try r.string("serve_label") { settings.serveLabel = v }
        if let v = try r.string("set_label") { settings.setLabel = v }
        try r.rejectUnknownKeys()
        sets = settings
    }
}
