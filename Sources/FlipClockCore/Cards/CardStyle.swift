/// How a card looks: colours and proportions, relative to the card's height.
public struct CardStyle: Equatable, Sendable {
    public var background: RGBColor
    public var card: RGBColor
    public var digits: RGBColor
    /// Corner radius as a fraction of the card's width.
    public var cornerRadius: Double
    /// The gap between the halves as a fraction of the card's height, an even number of rows
    /// (at least two) centred on the hinge.
    public var hingeGap: Double
    /// Height of a digit's ink as a fraction of the card's height.
    public var digitHeight: Double

    public init(
        background: RGBColor = RGBColor(red: 0x0e, green: 0x0e, blue: 0x10),
        card: RGBColor = RGBColor(red: 0x24, green: 0x24, blue: 0x27),
        digits: RGBColor = RGBColor(red: 0xec, green: 0xe9, blue: 0xe2),
        cornerRadius: Double = 0.08, hingeGap: Double = 0.008, digitHeight: Double = 0.62
    ) {
        self.background = background
        self.card = card
        self.digits = digits
        self.cornerRadius = cornerRadius
        self.hingeGap = hingeGap
        self.digitHeight = digitHeight
    }

    public static let classic = CardStyle()
}
