import FlipClockCore

/// Whether the font draws everything a configuration will show: every label, every date name
/// as the cards show it, the digits and the letters of the text rows' cards.
///
/// A text the font cannot draw used to pass `--check-config` and stop the daemon at its
/// first frame (under systemd, a restart loop). Checked with the configuration, it is a
/// configuration error at the key that names the text, and a reload keeps the old one.
public enum GlyphCheck {
    /// Throws a ``ConfigError`` at the key of the first text the font cannot draw; `path` is
    /// read again only then, to say where that key is written.
    public static func check(_ c: ClockConfiguration, path: String?, glyphs: any GlyphSource) throws(ConfigError) {
        for (key, text) in texts(c) where !text.isEmpty {
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
        all += c.places.enumerated().map { (["place[\($0)]", "label"], $1.label) }
        all += c.scores.enumerated().map { (["score[\($0)]", "label"], $1.label) }
        all += c.timers.enumerated().map { (["timer[\($0)]", "label"], $1.label) }
        all += c.texts.enumerated().map { (["text[\($0)]", "label"], $1.label) }
        if !c.texts.isEmpty { all.append((["look", "font"], String(TextItem.characters.sorted()))) }
        if let date = c.date {
            all.append((["date", "label"], date.label))
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
