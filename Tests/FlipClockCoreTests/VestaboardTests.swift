import FlipClockCoreTestKit
import Testing

@testable import FlipClockCore

/// Vestaboard's character codes both ways, checked against the `vesta` library's table (its
/// `PRINTABLE`: a code is its index; a blank past 0 is no character), and the grid's errors.
@Suite struct VestaboardTests {
    /// vesta 0.15.0's `chars.PRINTABLE`, then its colours 63…71 as the cards write them.
    static let vesta: [Int: String] = {
        var table: [Int: String] = [0: ""]
        for (code, c) in " ABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890!@#$() - +&=;: '\"%,.  /? °".enumerated() where code > 0 && c != " " {
            table[code] = String(c)
        }
        for (k, chip) in ["🟥", "🟧", "🟨", "🟩", "🟦", "🟪", "⬜", "⬛", "█"].enumerated() { table[63 + k] = chip }
        return table
    }()

    static var blank: [[Int]] { Array(repeating: Array(repeating: 0, count: 22), count: 6) }

    @Test func theTableIsTheLibrarys() {
        #expect(Vestaboard.characters == Self.vesta)
        #expect(Self.vesta.count == 66)
    }

    @Test(arguments: 0...71)
    func everyCodeGoesToItsCardAndBack(code: Int) throws {
        var grid = Self.blank
        let (row, column) = (code % 6, code % 22)
        grid[row][column] = code
        let result = Result { () throws(Vestaboard.GridError) in try Vestaboard.texts(grid: grid) }
        guard let card = Self.vesta[code] else {
            #expect(
                result
                    == .failure(
                        Vestaboard.GridError(
                            "row \(row + 1), column \(column + 1): \(code) is not a Vestaboard character code (0-71 but 43, 45, 51, 57, 58, 61)")))
            return
        }
        let texts = try result.get()
        let expected = card.isEmpty ? "" : String(repeating: " ", count: column) + card
        #expect(texts[row] == expected)
        // What the rows show reads back as the grid, the card checked as a text row checks it.
        let item = Vestaboard.rowItems[row]
        #expect(item.checked(texts[row]) == .success(texts[row]))
        #expect(Vestaboard.grid(texts: Dictionary(uniqueKeysWithValues: zip(Vestaboard.rowNames, texts))) == grid)
    }

    /// `rows` rows of `columns` blanks.
    static func zeros(_ rows: Int, _ columns: Int = 22) -> [[Int]] { Array(repeating: Array(repeating: 0, count: columns), count: rows) }

    /// Grids that are not a message and what is said of each (built a step at a time: Swift
    /// 6.2.3, the arm64 build's, cannot type-check them as one literal in time).
    static let badGrids: [([[Int]], String)] = {
        let wide = zeros(5) + zeros(1, 23)
        var negative = zeros(6)
        negative[0][0] = -1
        var high = zeros(6)
        high[2][21] = 72
        let codes = "is not a Vestaboard character code (0-71 but 43, 45, 51, 57, 58, 61)"
        return [
            (zeros(5), "the message has 5 rows; a Vestaboard has 6 rows of 22"),
            (zeros(7), "the message has 7 rows; a Vestaboard has 6 rows of 22"),
            (wide, "row 6 has 23 codes; a row has 22"),
            (negative, "row 1, column 1: -1 \(codes)"),
            (high, "row 3, column 22: 72 \(codes)"),
        ]
    }()

    @Test(arguments: badGrids)
    func aGridThatIsNotAMessageIsRefusedNamingWhere(grid: [[Int]], error: String) {
        #expect(Result { () throws(Vestaboard.GridError) in try Vestaboard.texts(grid: grid) } == .failure(Vestaboard.GridError(error)))
    }

    @Test func blanksAtARowsEndAreDroppedAndARowNotSetReadsBlank() throws {
        var grid = Self.blank
        grid[0] = [0, 8, 9] + Array(repeating: 0, count: 19)
        #expect(try Vestaboard.texts(grid: grid) == [" HI", "", "", "", "", ""])
        #expect(Vestaboard.grid(texts: ["vestaboard-1": " HI"]) == grid)
        // A card Vestaboard has no code for (set from the socket) reads as a blank.
        #expect(Vestaboard.grid(texts: ["vestaboard-2": "*A"])[1].prefix(2) == [0, 1])
    }

    @Test func theChipsAreOnTheDrumAfterTheSigns() {
        #expect(TextItem.drum.suffix(9) == ["🟥", "🟧", "🟨", "🟩", "🟦", "🟪", "⬜", "⬛", "█"])
        #expect(TextItem.drum.firstIndex(of: "°")! < TextItem.drum.firstIndex(of: "🟥")!)
        #expect(TextItem.step(from: "°", toward: "🟩") == "🟥")
        #expect(TextItem.step(from: "█", toward: "A") == "")
        #expect(!TextItem.printed.contains("🟥"))
        #expect(TextItem.printed.contains("°"))
    }

    @Test func aChipIsACardFilledWithItsColourNothingPrinted() throws {
        let style = CardStyle.classic
        let card = try CardImage.render(
            "🟥", width: 40, height: 60, pixelSize: 40, baseline: 44, style: style, glyphs: SolidBlockGlyphs(), shading: 0)
        let red = RGBColor(red: 0xda, green: 0x29, blue: 0x1c).pixel
        #expect(card.top[20, 15] == red)
        #expect(card.bottom[20, 15] == red)
        // Filled takes the ink's colour; a letter is ink on the card's paper.
        let filled = try CardImage.render(
            "█", width: 40, height: 60, pixelSize: 40, baseline: 44, style: style, glyphs: SolidBlockGlyphs(), shading: 0)
        #expect(filled.top[2, 15] == style.digits.pixel)
        let letter = try CardImage.render(
            "A", width: 40, height: 60, pixelSize: 40, baseline: 44, style: style, glyphs: SolidBlockGlyphs(), shading: 0)
        #expect(letter.top[2, 15] == style.card.pixel)
    }
}
