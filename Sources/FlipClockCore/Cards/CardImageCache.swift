/// Card images rendered once per value and size, and kept.
///
/// The glyph's em size is chosen once per card height so that a digit's ink is
/// ``CardStyle/digitHeight`` of the card, and every value on cards of that height shares
/// one baseline, with the digits' ink centred on the card.
public struct CardImageCache: Sendable {
    struct Key: Hashable {
        var value: String
        var width: Int
        var height: Int
        var textScale: Double
    }

    struct SizingKey: Hashable {
        var height: Int
        var textScale: Double
    }

    struct Sizing {
        var pixelSize: Int
        var baseline: Int
    }

    public let style: CardStyle
    public let glyphs: any GlyphSource
    private var images: [Key: CardImage] = [:]
    private var sizings: [SizingKey: Sizing] = [:]

    /// How strongly the cards are lit, 0 (flat) … 1 (``CardLighting/strength``).
    public let shading: Double

    public init(style: CardStyle, glyphs: any GlyphSource, shading: Double = 1) {
        self.style = style
        self.glyphs = glyphs
        self.shading = shading
    }

    public var count: Int { images.count }

    /// The image for `value` on a `width` × `height` card, its text `textScale` times the
    /// size of a digit (smaller for an AM/PM card).
    public mutating func image(_ value: String, width: Int, height: Int, textScale: Double = 1) throws -> CardImage {
        let key = Key(value: value, width: width, height: height, textScale: textScale)
        if let image = images[key] { return image }
        let sizing = try sizing(SizingKey(height: height, textScale: textScale))
        let image = try CardImage.render(
            value, width: width, height: height, pixelSize: sizing.pixelSize, baseline: sizing.baseline,
            style: style, glyphs: glyphs, shading: shading
        )
        images[key] = image
        return image
    }

    private mutating func sizing(_ key: SizingKey) throws -> Sizing {
        if let s = sizings[key] { return s }
        let height = key.height
        // Measure the digits' ink at a reference size, then scale to the wanted ink height.
        let reference = 256
        let zero = try glyphs.render("0", pixelSize: reference)
        let inkHeight = Double(max(zero.mask.height, 1))
        let wanted = style.digitHeight * key.textScale * Double(height)
        let pixelSize = max(1, Int((Double(reference) * wanted / inkHeight).rounded()))
        let measured = try glyphs.render("0", pixelSize: pixelSize)
        // The ink of "0" spans `top` rows above the baseline (its overshoot below is small).
        let inkTop = measured.top
        let inkBottom = measured.mask.height - measured.top
        let baseline = (height - (inkTop + inkBottom)) / 2 + inkTop
        let s = Sizing(pixelSize: pixelSize, baseline: baseline)
        sizings[key] = s
        return s
    }
}
