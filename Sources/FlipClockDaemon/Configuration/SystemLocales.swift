import FlipClockCore
import Glibc

/// Month and weekday names from the system's locales: glibc's, the ones `locale -a` lists
/// (on Debian the `locales` package makes them: `dpkg-reconfigure locales`, `locale-gen`).
enum SystemLocales {
    /// The names in the language of the locale `name` (`de_DE`, `fr_FR.UTF-8`, `de-DE`); `nil`
    /// if no such locale is installed in UTF-8.
    ///
    /// Months are their stand-alone forms (`ALTMON`, as a calendar heads a month: the Polish
    /// "styczeń", not the "stycznia" a date inflects); short names lose their dots (French
    /// "janv." is JANV on the cards).
    static func dateNames(_ name: String) -> DateNames? {
        for candidate in candidates(name) {
            guard let locale = newlocale(LC_TIME_MASK, candidate, nil) else { continue }
            defer { freelocale(locale) }
            // The codeset the time names are written in (CODESET would be LC_CTYPE's, not loaded).
            guard String(cString: nl_langinfo_l(nl_item(_NL_TIME_CODESET), locale)) == "UTF-8" else { continue }
            func names(from first: Int, count: Int) -> [String] {
                (0..<count).map { String(cString: nl_langinfo_l(nl_item(first + $0), locale)) }
            }
            func undotted(_ name: String) -> String { name.filter { $0 != "." } }
            return DateNames(
                months: names(from: Int(__ALTMON_1), count: 12), shortMonths: names(from: Int(_NL_ABALTMON_1), count: 12).map(undotted),
                weekdays: names(from: Int(DAY_1), count: 7), shortWeekdays: names(from: Int(ABDAY_1), count: 7).map(undotted)
            )
        }
        return nil
    }

    /// The names glibc may know `name` by: with a UTF-8 codeset first (locales are installed as
    /// `de_DE.UTF-8`, and glibc adds no codeset to `de_DE`), then as written.
    static func candidates(_ name: String) -> [String] {
        let modifier = name.firstIndex(of: "@").map { name[$0...] } ?? ""
        let language = name.prefix { $0 != "." && $0 != "@" }.map { $0 == "-" ? "_" : $0 }
        return [String(language) + ".UTF-8" + modifier, name]
    }
}
