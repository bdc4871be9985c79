extension ClockConfiguration {
    /// `[[face]]`: more faces, each its rows and when it is shown (read once every item a row
    /// can show is known, and after `[sun]`).
    mutating func decodeFaces(_ tables: [ConfigTable]) throws(ConfigError) {
        guard !tables.isEmpty else { return }
        faces = FaceSchedule(place: night.place)
        for (index, table) in tables.enumerated() {
            var r = ConfigReader(table, path: "face[\(index)]")
            let name = try r.name(kind: "face")
            guard name.text != FaceSchedule.defaultName else {
                throw ConfigError(name.at, key: r.key("name"), "\"default\" is the [[row]] face's name; choose another")
            }
            guard Name.isValid(name.text) else {
                throw ConfigError(name.at, key: r.key("name"), "\"\(name.text)\" is longer than \(Name.longest) characters")
            }
            guard !faces.faces.contains(where: { $0.name == name.text }) else {
                throw ConfigError(name.at, key: r.key("name"), "a face is already named \"\(name.text)\"")
            }
            guard let strings = try r.strings("rows"), !strings.isEmpty else {
                throw ConfigError(
                    r.firstKey, key: r.key("rows"),
                    "a face needs rows = [\"names\", …], a row a string of names from: \(items.map(\.name).joined(separator: ", "))")
            }
            var shown: Set<String> = []
            var rows: [[String]] = []
            for string in strings {
                let row = string.text.split(separator: " ").map(String.init)
                for item in row { try checkShown(item, at: string.at, key: r.key("rows"), shown: &shown) }
                if !row.isEmpty { rows.append(row) }
            }
            var face = ScheduledFace(name: name.text, rows: rows)
            if let text = try r.string("days") {
                guard let days = Weekdays(parsing: text) else {
                    throw ConfigError(
                        table["days"]!.valueLocation, key: r.key("days"),
                        "\"\(text)\" is not a list of days; write days such as \"mon-fri\", \"sat,sun\" or \"tue\"")
                }
                face.days = days
            }
            if let text = try r.string("hours") {
                face.hours = try Self.hours(text, at: table["hours"]!.valueLocation, key: r.key("hours"), place: night.place)
            }
            if let seconds = try r.integer("seconds", in: ScheduledFace.turnSeconds) { face.seconds = seconds }
            try r.rejectUnknownKeys()
            faces.faces.append(face)
        }
    }

    /// A period of the day as `[[night]]` and `[[face]]` write it (``DayPeriod/init(parsing:)``),
    /// its moments of the sun only with `[sun]`.
    static func hours(_ text: String, at location: FileLocation, key: String, place: Coordinates?) throws(ConfigError) -> DayPeriod {
        guard let hours = DayPeriod(parsing: text) else {
            throw ConfigError(
                location, key: key,
                "\"\(text)\" is not a period of the day; write \"HH:MM-HH:MM\", such as \"22:00-07:00\", or with dawn, sunrise, sunset or dusk (\"sunset+30m-07:00\")"
            )
        }
        if hours.followsTheSun && place == nil {
            throw ConfigError(location, key: key, "\"\(text)\" follows the sun: say where the clock is with [sun] latitude and longitude")
        }
        return hours
    }
}
