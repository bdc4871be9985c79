/// Where each card of a face sits on the output.
public struct FaceLayout: Equatable, Sendable {
    /// One card's place: its rectangle and the size of its text relative to a digit.
    public struct Slot: Equatable, Sendable {
        public var rect: DamageRect
        public var textScale: Double

        public init(rect: DamageRect, textScale: Double = 1) {
            self.rect = rect
            self.textScale = textScale
        }
    }

    /// A card's shape before fitting: its width as a fraction of its height.
    public struct CardShape: Equatable, Sendable {
        public var aspect: Double
        public var textScale: Double

        public init(aspect: Double, textScale: Double = 1) {
            self.aspect = aspect
            self.textScale = textScale
        }
    }

    /// Spacing, all relative to the card height except the margin.
    public struct Spacing: Equatable, Sendable {
        /// Between cards of one group (the two digits of the hours).
        public var cardGap: Double
        /// Between groups (hours and minutes).
        public var groupGap: Double
        /// Around the whole face, as a fraction of the output's smaller side.
        public var margin: Double

        public init(cardGap: Double = 0.04, groupGap: Double = 0.22, margin: Double = 0.06) {
            self.cardGap = cardGap
            self.groupGap = groupGap
            self.margin = margin
        }
    }

    public var width: Int
    public var height: Int
    public var slots: [Slot]

    /// The centre of the face: the vanishing point of the flaps' perspective.
    public var vanishingX: Double
    public var vanishingY: Double

    /// A layout placed by hand: cards at given rectangles, the vanishing point at (`vanishingX`, `vanishingY`).
    public init(width: Int, height: Int, slots: [Slot], vanishingX: Double, vanishingY: Double) {
        self.width = width
        self.height = height
        self.slots = slots
        self.vanishingX = vanishingX
        self.vanishingY = vanishingY
    }

    /// Fits `groups` of cards into `width` × `height`: as large as the margins allow,
    /// centred, card heights even so each card splits into two equal halves.
    public static func fit(groups: [[CardShape]], width: Int, height: Int, spacing: Spacing = Spacing()) -> FaceLayout {
        let margin = spacing.margin * Double(min(width, height))
        // The face's width per unit of card height.
        var units = 0.0
        for (g, group) in groups.enumerated() {
            if g > 0 { units += spacing.groupGap }
            for (c, card) in group.enumerated() {
                if c > 0 { units += spacing.cardGap }
                units += card.aspect
            }
        }
        let availableW = max(0, Double(width) - 2 * margin), availableH = max(0, Double(height) - 2 * margin)
        var cardHeight = units > 0 ? min(availableH, availableW / units) : availableH
        cardHeight = Double(max(2, Int(cardHeight) & ~1))

        let faceWidth = (units * cardHeight).rounded()
        var x = ((Double(width) - faceWidth) / 2).rounded(.down)
        let top = (Double(height) - cardHeight) / 2
        let y = Int(top.rounded(.down))
        var slots: [Slot] = []
        for (g, group) in groups.enumerated() {
            if g > 0 { x += spacing.groupGap * cardHeight }
            for (c, card) in group.enumerated() {
                if c > 0 { x += spacing.cardGap * cardHeight }
                let w = Int((card.aspect * cardHeight).rounded())
                slots.append(Slot(rect: DamageRect(x: Int(x.rounded()), y: y, width: w, height: Int(cardHeight)), textScale: card.textScale))
                x += card.aspect * cardHeight
            }
        }
        return FaceLayout(
            width: width, height: height, slots: slots,
            vanishingX: Double(width) / 2, vanishingY: Double(y) + cardHeight / 2
        )
    }
}
