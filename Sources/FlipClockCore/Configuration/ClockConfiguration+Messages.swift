extension ClockConfiguration {
    /// `[[message]]`: a text the clock posts by itself, on `days` (or on a `date`) `at` a time of
    /// day, for `duration`, under `row`, maybe named and urgent.
    mutating func decodeMessage(_ table: ConfigTable, index: Int) throws(ConfigError) {
        var r = ConfigReader(table, path: "message[\(index)]")
        guard let text = try r.string("text") else { throw ConfigError(r.firstKey, key: r.key("text"), "a message needs a text") }
        do throws(MessageError) {
            try PanelMessage.checkLength(text)
            guard text.contains(where: { !$0.isWhitespace }) else { throw .empty }
        } catch {
            throw ConfigError(table["text"]!.valueLocation, key: r.key("text"), "\(error)")
        }
        guard let at = try r.string("at") else {
            throw ConfigError(r.firstKey, key: r.key("at"), "a message needs a time of day, at = \"HH:MM\"")
        }
        guard at.count == 5, let time = WallTime(parsing: at) else {
            throw ConfigError(table["at"]!.valueLocation, key: r.key("at"), "\"\(at)\" is not a time of day; write \"HH:MM\", such as \"19:00\"")
        }
        var days = ScheduledMessage.Days.weekly(.every)
        if let written = try r.string("days") {
            guard let weekdays = Weekdays(parsing: written) else {
                throw ConfigError(
                    table["days"]!.valueLocation, key: r.key("days"),
                    "\"\(written)\" is not days of the week; write \"mon-fri\", \"sat,sun\" or \"tue\"")
            }
            days = .weekly(weekdays)
        }
        if let written = try r.string("date") {
            guard table["days"] == nil else {
                throw ConfigError(table["date"]!.keyLocation, key: r.key("date"), "a message is shown on days of the week or on a date, not both")
            }
            guard let day = CountdownTarget(.to, parsing: written)?.day, written.count == 10 else {
                throw ConfigError(
                    table["date"]!.valueLocation, key: r.key("date"),
                    "\"\(written)\" is not a day on the calendar; write \"YYYY-MM-DD\", such as \"2026-12-24\"")
            }
            days = .once(day)
        }
        let seconds = try r.duration("duration", in: 1...86400, longest: "24h") ?? 30
        var message = ScheduledMessage(text: text, days: days, time: time, hold: .seconds(seconds))
        if let row = try r.integer("row", in: 1...64) {
            let rows = face().rows.count
            guard row <= rows else {
                throw ConfigError(table["row"]!.valueLocation, key: r.key("row"), "the face has \(rows) rows; row \(row) is not one")
            }
            message.row = row
        }
        if let node = r.node("name") {
            guard case .string(let name) = node.value, Name.isValid(name)
            else { throw ConfigError(node.valueLocation, key: r.key("name"), "a message's name is \(Name.rule)") }
            message.name = name
        }
        if let urgent = try r.bool("urgent") { message.urgent = urgent }
        try r.rejectUnknownKeys()
        messages.append(message)
    }
}
