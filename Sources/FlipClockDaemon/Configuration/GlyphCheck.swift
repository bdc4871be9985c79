import FlipClockCore

/// Whether the font draws everything a configuration will show: every label (the rows', the
/// game's), every date name as the cards show it and the date format's own text, the digits,
/// the game's point and arrows, the scheduled messages' texts, and the letters of the text rows' cards (the default drum's
/// and those a row's `text` and `characters` add); none of them holds a control character.
///
/// A text the font cannot draw used to pass `--check-config` and stop the daemon at its
/// first frame (under systemd, a restart loop). Checked with the configuration, it is a
/// configuration error at the key that names the text, and a reload keeps the old one.
public enum GlyphCheck {
    /// Throws a ``ConfigError`` at the key of the first text the font cannot draw; `path` is
    /// read again only then, to say where that key is written.
    public static func check(_ c: ClockConfiguration, path: String?, glyphs: any GlyphSource) throws(ConfigError) {
        for (key, text) in texts(c) where !text.isEmpty {
            if let control = text.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
                let code = String(control.value, radix: 16, uppercase: true)
                throw ConfigError(
                    location(of: key, in: path), key: key.joined(separator: "."),
                    "U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code) is a control character; a card or label cannot show it")
            }
            do {
                _ = try glyphs.render(text, pixelSize: 32)
            } catch {
                throw ConfigError(location(of: key, in: path), key: key.joined(separator: "."), "\(error)")
            }
        }
    }

    /// Each text the face may draw, with the key that puts it there.
    static func texts(_ c: ClockConfiguration) -> [(key: [String], text: String)] {
        var all: [(key: [String], text: String)] = [(["look", "font"], "0123456789AMP")]
        all.append((["clock", "label"], c.clockLabel))
        if c.unsynced == .dashes { all.append((["clock", "unsynced"], "-")) }
        all += c.places.enumerated().map { (["place[\($0)]", "label"], $1.label) }
        all += c.scores.enumerated().map { (["score[\($0)]", "label"], $1.label) }
        all += c.timers.enumerated().map { (["timer[\($0)]", "label"], $1.label) }
        all += c.texts.enumerated().map { (["text[\($0)]", "label"], $1.label) }
        if !c.texts.isEmpty { all.append((["look", "font"], String(TextItem.printed.sorted()))) }
        all += c.texts.enumerated().flatMap { i, row in
            [(["text[\(i)]", "text"], row.text), (["text[\(i)]", "characters"], row.extraCharacters.joined())]
        }
        // A message's line breaks are where it wraps, not characters to draw.
        all += c.messages.enumerated().map { (["message[\($0)]", "text"], String($1.text.map { $0 == "\n" ? " " : $0 })) }
        if let game = c.game {
            all += [
                (["game", "label"], game.clockLabel), (["game", "period_label"], game.periodLabel), (["look", "font"], "0123456789."),
            ]
            if game.rules.shotClock != nil { all.append((["game", "shot_clock", "label"], game.shotLabel)) }
            if game.possession { all += [(["game", "possession_label"], game.possessionLabel), (["game", "possession"], "«»")] }
            if game.penalties { all.append((["game", "penalty_label"], game.penaltyLabel)) }
        }
        if let sets = c.sets {
            let labels =
                [("home_label", sets.homeLabel), ("away_label", sets.awayLabel), ("games_label", sets.gamesLabel)]
                + [("sets_label", sets.setsLabel), ("serve_label", sets.serveLabel), ("set_label", sets.setLabel)]
            all += labels.map { (["sets", $0.0], $0.1) } + [(["look", "font"], "0123456789AD" + SetItem.serveMark)]
        }
        if let date = c.date {
            all.append((["date", "label"], date.label))
            all.append((["date", "format"], date.literalText))
            let names = date.names.merged(over: .english)
            let lists: [(String, [String]?)] = [
                ("months", names.months), ("short_months", names.shortMonths), ("weekdays", names.weekdays), ("short_weekdays", names.shortWeekdays),
            ]
            for (key, list) in lists {
                for name in list ?? [] { all.append((["date", key], date.uppercase ? name.uppercased() : name)) }
            }
        }
        return all
    }

    /// Where `key` is written in the file at `path`; its start if the file does not name it
    /// (a date name from the locale, the default font).
    public static func location(of key: [String], in path: String?) -> FileLocation {
        guard let path else { return FileLocation(file: "(built-in defaults)", line: 1, column: 1) }
        let text = (try? ConfigFile.read(path)) ?? ""
        let locator = TOMLKeyLocator(text)
        let place = locator.place(key) ?? (key.first == "date" ? locator.place(["date", "locale"]) : nil)
        return FileLocation(file: path, line: place?.value.line ?? 1, column: place?.value.column ?? 1)
    }
}
