extension TZString {
    /// Parses a TZ string (POSIX, with RFC 8536's times beyond 0–24 h); `nil` for anything else.
    ///
    /// A daylight saving time given without a rule changes as the United States change
    /// (`M3.2.0,M11.1.0`), glibc's default; TZif footers always give the rule.
    public init?(_ text: String) {
        var scanner = TZStringScanner(text)
        guard let standardName = scanner.name(), let standardWest = scanner.duration(maxHours: 24) else { return nil }
        let standard = LocalTimeType(offset: -standardWest, abbreviation: standardName)
        if scanner.isAtEnd {
            self.init(standard: standard)
            return
        }
        guard let name = scanner.name() else { return nil }
        // The offset is west of UTC, as in the standard part; one hour ahead when not given.
        var offset = standard.offset + 3600
        if !scanner.isAtEnd, scanner.peek != UInt8(ascii: ",") {
            guard let west = scanner.duration(maxHours: 24) else { return nil }
            offset = -west
        }
        var start = Change(day: .monthWeekDay(month: 3, week: 2, weekday: 0))
        var end = Change(day: .monthWeekDay(month: 11, week: 1, weekday: 0))
        if scanner.take(",") {
            guard let first = scanner.change(), scanner.take(","), let second = scanner.change() else { return nil }
            start = first
            end = second
        }
        guard scanner.isAtEnd else { return nil }
        let type = LocalTimeType(offset: offset, isDaylightSaving: true, abbreviation: name)
        self.init(standard: standard, daylightSaving: DaylightSaving(type: type, start: start, end: end))
    }
}

/// Reads a TZ string's parts from the front.
private struct TZStringScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    var isAtEnd: Bool { index == bytes.count }
    var peek: UInt8? { isAtEnd ? nil : bytes[index] }

    mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard peek == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// A zone abbreviation: three letters or more (`CEST`), or anything of letters, digits,
    /// `+` and `-` in angle brackets (`<+0530>`).
    mutating func name() -> String? {
        let quoted = take("<")
        let from = index
        while let c = peek, isLetter(c) || quoted && (isDigit(c) || c == UInt8(ascii: "+") || c == UInt8(ascii: "-")) { index += 1 }
        let name = String(decoding: bytes[from..<index], as: UTF8.self)
        guard name.utf8.count >= 3, !quoted || take(">") else { return nil }
        return name
    }

    /// `[+-]hh[:mm[:ss]]` in seconds, `hh` at most `maxHours`.
    mutating func duration(maxHours: Int) -> Int? {
        var sign = 1
        if take("-") { sign = -1 } else { _ = take("+") }
        guard let hours = number(maxDigits: 3), hours <= maxHours else { return nil }
        var seconds = hours * 3600
        for unit in [60, 1] {
            guard take(":") else { break }
            guard let part = number(maxDigits: 2), part < 60 else { return nil }
            seconds += part * unit
        }
        return sign * seconds
    }

    /// `Jn`, `n` or `Mm.w.d`, then `/time` if the change is not at 02:00.
    mutating func change() -> TZString.Change? {
        let day: TZString.Change.Day
        if take("J") {
            guard let n = number(maxDigits: 3), (1...365).contains(n) else { return nil }
            day = .julian(n)
        } else if take("M") {
            guard let month = number(maxDigits: 2), (1...12).contains(month), take("."),
                let week = number(maxDigits: 1), (1...5).contains(week), take("."),
                let weekday = number(maxDigits: 1), (0...6).contains(weekday)
            else { return nil }
            day = .monthWeekDay(month: month, week: week, weekday: weekday)
        } else {
            guard let n = number(maxDigits: 3), (0...365).contains(n) else { return nil }
            day = .zeroBased(n)
        }
        guard take("/") else { return TZString.Change(day: day) }
        guard let time = duration(maxHours: 167) else { return nil }
        return TZString.Change(day: day, time: time)
    }

    private mutating func number(maxDigits: Int) -> Int? {
        let from = index
        var value = 0
        while let c = peek, isDigit(c), index - from < maxDigits {
            value = value * 10 + Int(c - UInt8(ascii: "0"))
            index += 1
        }
        return index > from ? value : nil
    }

    private func isDigit(_ c: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) }
    private func isLetter(_ c: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c)
    }
}
