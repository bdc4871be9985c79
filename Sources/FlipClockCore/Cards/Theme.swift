/// A named look to start from (`look.theme`); every key in `[look]` then overrides it.
public enum Theme: String, CaseIterable, Sendable {
    /// Light digits on charcoal cards on near-black: the classic bedside flip clock.
    case classic
    /// Dark digits on off-white cards on a pale grey wall.
    case light
    /// Pure white on black, larger digits and small corners: readable across a hall.
    case highContrast = "high-contrast"

    public var style: CardStyle {
        switch self {
        case .classic:
            return .classic
        case .light:
            return CardStyle(
                background: RGBColor(red: 0xd9, green: 0xd6, blue: 0xcf), card: RGBColor(red: 0xf7, green: 0xf5, blue: 0xf0),
                digits: RGBColor(red: 0x1f, green: 0x1f, blue: 0x22)
            )
        case .highContrast:
            return CardStyle(
                background: RGBColor(red: 0, green: 0, blue: 0), card: RGBColor(red: 0x14, green: 0x14, blue: 0x14),
                digits: RGBColor(red: 0xff, green: 0xff, blue: 0xff), cornerRadius: 0.04, hingeGap: 0.012, digitHeight: 0.74
            )
        }
    }
}
