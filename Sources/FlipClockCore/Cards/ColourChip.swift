/// A card that shows a colour, not a character: Vestaboard's colour chips (codes 63–71), on a
/// text row's cards as the coloured squares `🟥🟧🟨🟩🟦🟪⬜⬛` and `█` (filled: the ink's colour).
public enum ColourChip: String, CaseIterable, Sendable {
    case red = "🟥", orange = "🟧", yellow = "🟨", green = "🟩", blue = "🟦", violet = "🟪", white = "⬜", black = "⬛"
    /// Filled with the colour the characters are printed in (white on a dark board).
    case filled = "█"

    /// The chips as characters a text may hold.
    public static let characters = Set(allCases.map { Character($0.rawValue) })

    /// The chip a card's value is, if it is one.
    public init?(card value: String) { self.init(rawValue: value) }

    /// The colour the card is filled with, on cards printed in `ink`.
    public func colour(ink: RGBColor) -> RGBColor {
        switch self {
        case .red: RGBColor(red: 0xda, green: 0x29, blue: 0x1c)
        case .orange: RGBColor(red: 0xff, green: 0x75, blue: 0x00)
        case .yellow: RGBColor(red: 0xff, green: 0xb8, blue: 0x1c)
        case .green: RGBColor(red: 0x00, green: 0x9a, blue: 0x44)
        case .blue: RGBColor(red: 0x00, green: 0x84, blue: 0xd5)
        case .violet: RGBColor(red: 0x70, green: 0x2f, blue: 0x8a)
        case .white: RGBColor(red: 0xff, green: 0xff, blue: 0xff)
        case .black: RGBColor(red: 0x00, green: 0x00, blue: 0x00)
        case .filled: ink
        }
    }
}
