/// Vestaboard's board as flipclock shows it: six text rows of 22 cards (`vestaboard-1` …
/// `vestaboard-6`, with `[vestaboard]`), and its character codes both ways.
///
/// The codes are Vestaboard's (docs.vestaboard.com, and the `vesta` library's table): 0 blank,
/// 1–26 A–Z, 27–36 the digits 1…9 and 0, the signs 37–60, 62 °, 63–70 the colour chips red,
/// orange, yellow, green, blue, violet, white and black, 71 filled. 43, 45, 51, 57, 58 and 61
/// are no character.
public enum Vestaboard {
    public static let rows = 6
    public static let columns = 22
    /// The text rows' names, top to bottom.
    public static let rowNames = (1...rows).map { "vestaboard-\($0)" }

    /// The six text rows a `[vestaboard]` table adds: 22 cards each, left-aligned, stepping.
    public static var rowItems: [TextItem] {
        rowNames.map { TextItem(name: $0, cards: columns, alignment: .left) }
    }

    /// Each code's card value (`""` the blank card).
    public static let characters: [Int: String] = {
        var table: [Int: String] = [0: ""]
        for (k, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890".enumerated() { table[k + 1] = String(c) }
        let signs: [Int: String] = [
            37: "!", 38: "@", 39: "#", 40: "$", 41: "(", 42: ")", 44: "-", 46: "+", 47: "&", 48: "=", 49: ";", 50: ":", 52: "'",
            53: "\"", 54: "%", 55: ",", 56: ".", 59: "/", 60: "?", 62: "°",
        ]
        table.merge(signs) { $1 }
        for (k, chip) in ColourChip.allCases.enumerated() { table[63 + k] = chip.rawValue }
        return table
    }()

    /// Each card value's code; a card Vestaboard has no code for (`*`) reads as blank.
    static let codes: [String: Int] = Dictionary(uniqueKeysWithValues: characters.map { ($0.value, $0.key) })

    /// Why a grid is not a Vestaboard message.
    public struct GridError: Error, Equatable, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// The six rows' texts for a grid of codes (blanks as spaces, those at a row's end dropped),
    /// or what is wrong with it: rows and columns counted from 1.
    public static func texts(grid: [[Int]]) throws(GridError) -> [String] {
        guard grid.count == rows else { throw GridError("the message has \(grid.count) rows; a Vestaboard has \(rows) rows of \(columns)") }
        return try grid.enumerated().map { (r, row) throws(GridError) -> String in
            guard row.count == columns else { throw GridError("row \(r + 1) has \(row.count) codes; a row has \(columns)") }
            var text = ""
            for (c, code) in row.enumerated() {
                guard let value = characters[code] else {
                    throw GridError("row \(r + 1), column \(c + 1): \(code) is not a Vestaboard character code (0-71 but 43, 45, 51, 57, 58, 61)")
                }
                text += value.isEmpty ? " " : value
            }
            while text.last == " " { text.removeLast() }
            return text
        }
    }

    /// The grid of codes the rows show, given each row's text by name (a row not given shows its
    /// default text).
    public static func grid(texts: [String: String]) -> [[Int]] {
        rowItems.map { item in item.values(texts[item.name] ?? item.text).map { codes[$0] ?? 0 } }
    }
}
