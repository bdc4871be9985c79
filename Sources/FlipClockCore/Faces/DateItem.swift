/// The date as a row of cards, one character a card, from a strftime-style format:
/// `"%a %d %b"` shows `MON 23 NOV` on three groups of cards.
///
/// A space in the format separates groups. Every field has as many cards as its longest
/// value (`%B` as many as the longest month name), so the layout never changes with the
/// date: a name shorter than that leaves blank cards after it, `%e` a blank card before.
public struct DateItem: Equatable, Sendable {
    /// A piece of the format: text printed as it is, or a field of the date.
    public enum Piece: Equatable, Sendable {
        case text(Character)
        case field(Field)
    }

    public enum Field: Character, CaseIterable, Sendable {
        /// Weekday name, short and full.
        case shortWeekday = "a", weekday = "A"
        /// Month name, short and full.
        case shortMonth = "b", month = "B"
        /// Day of the month, `01`…`31` and ` 1`…`31`.
        case day = "d", paddedDay = "e"
        /// Month `01`…`12`.
        case monthNumber = "m"
        /// Year `2026`, `26`.
        case year = "Y", shortYear = "y"
        /// Day of the year `001`…`366`.
        case dayOfYear = "j"
    }

    /// The format as written (`date.format`).
    public private(set) var format: String
    private var groups: [[Piece]]
    /// The names as the file gives them; English fills what they leave out.
    public var names: DateNames
    /// `date.locale`: where the daemon takes names the file leaves out (`de_DE`); `nil` for English.
    public var locale: String?
    public var uppercase: Bool
    /// The text under the cards.
    public var label: String
    /// The zone whose calendar it shows (see ``ClockReading``).
    public var zone: String

    /// The name rows use for it.
    public static let name = "date"

    /// `nil` and the problem when `format` has a `%` that is not a field, or no field at all.
    public init(
        format: String = "%a %d %b", names: DateNames = DateNames(), locale: String? = nil, uppercase: Bool = true, label: String = "",
        zone: String = ClockReading.ownZone
    ) throws(DateFormatError) {
        self.format = format
        self.groups = try Self.parse(format)
        self.names = names
        self.locale = locale
        self.uppercase = uppercase
        self.label = label
        self.zone = zone
    }

    public struct DateFormatError: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    static func parse(_ format: String) throws(DateFormatError) -> [[Piece]] {
        var groups: [[Piece]] = [[]]
        var chars = format.makeIterator()
        while let c = chars.next() {
            if c == " " {
                if !groups[groups.count - 1].isEmpty { groups.append([]) }
            } else if c == "%" {
                guard let f = chars.next() else { throw DateFormatError(description: "the format ends in a lone %") }
                if f == "%" {
                    groups[groups.count - 1].append(.text("%"))
                } else if let field = Field(rawValue: f) {
                    groups[groups.count - 1].append(.field(field))
                } else {
                    let known = Field.allCases.map { "%\($0.rawValue)" }.joined(separator: " ")
                    throw DateFormatError(description: "%\(f) is not a date field; fields are \(known) and %% for %")
                }
            } else {
                groups[groups.count - 1].append(.text(c))
            }
        }
        if groups.last?.isEmpty == true { groups.removeLast() }
        guard groups.contains(where: { $0.contains { if case .field = $0 { true } else { false } } }) else {
            throw DateFormatError(description: "the format shows no part of the date; use fields such as %a %d %b")
        }
        return groups
    }

    /// The format's own text, shown as it is written (`"%a ☃"`: `☃`), each character once.
    public var literalText: String {
        var seen = Set<Character>()
        return String(groups.joined().compactMap { if case .text(let c) = $0, seen.insert(c).inserted { c } else { nil } })
    }

    private var allNames: DateNames { names.merged(over: .english) }

    /// The names a name field shows (Sunday or January first); `nil` for a number field.
    private func nameList(_ field: Field) -> [String]? {
        let n = allNames
        switch field {
        case .shortWeekday: return n.shortWeekdays
        case .weekday: return n.weekdays
        case .shortMonth: return n.shortMonths
        case .month: return n.months
        default: return nil
        }
    }

    /// The field's cards on `day`: numbers at their fixed width, names padded with blank cards.
    private func cards(_ field: Field, _ day: CalendarDay) -> [String] {
        func two(_ v: Int, _ pad: String) -> [String] { [v < 10 ? pad : String(v / 10), String(v % 10)] }
        switch field {
        case .day: return two(day.day, "0")
        case .paddedDay: return two(day.day, "")
        case .monthNumber: return two(day.month, "0")
        case .year: return String(day.year).map(String.init)
        case .shortYear: return two(day.year % 100, "0")
        case .dayOfYear: return String(1000 + day.dayOfYear).dropFirst().map(String.init)
        case .shortWeekday, .weekday, .shortMonth, .month:
            let name = nameList(field)![field == .shortMonth || field == .month ? day.month - 1 : day.weekday]
            let word = (uppercase ? name.uppercased() : name).map(String.init)
            return word + Array(repeating: "", count: max(0, width(field) - word.count))
        }
    }

    /// How many cards a field takes: its longest value.
    private func width(_ field: Field) -> Int {
        switch field {
        case .day, .paddedDay, .monthNumber, .shortYear: 2
        case .year: 4
        case .dayOfYear: 3
        default: nameList(field)!.map { $0.count }.max() ?? 1
        }
    }

    /// The cards in groups, a card per character.
    public var groupsOfCards: [[FaceLayout.CardShape]] {
        let card = FaceLayout.CardShape(aspect: TimeFormat.digitAspect)
        return groups.map { pieces in
            let count = pieces.reduce(0) { total, piece in
                if case .field(let f) = piece { total + width(f) } else { total + 1 }
            }
            return Array(repeating: card, count: count)
        }
    }

    /// What every card shows on `day`.
    public func values(_ day: CalendarDay) -> [String] {
        groups.flatMap { pieces in
            pieces.flatMap { piece -> [String] in
                switch piece {
                case .text(let c): [String(c)]
                case .field(let f): cards(f, day)
                }
            }
        }
    }
}
