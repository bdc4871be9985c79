/// Card faces rendered once per value and size, and kept.
///
/// The glyph's em size is chosen once per card height so that a digit's ink is
/// ``CardStyle/digitHeight`` of the card, and every value on cards of that height shares
/// one baseline, with the digits' ink centred on the card.
public struct CardFaceCache: Sendable {
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
    private var faces: [Key: CardFace] = [:]
    private var sizings: [SizingKey: Sizing] = [:]

    public init(style: CardStyle, glyphs: any GlyphSource) {
        self.style = style
        self.glyphs = glyphs
    }

    public var count: Int { faces.count }

    /// The face for `value` on a `width` × `height` card, its text `textScale` times the
    /// size of a digit (smaller for an AM/PM card).
    public mutating func face(_ value: String, width: Int, height: Int, textScale: Double = 1) throws -> CardFace {
        let key = Key(value: value, width: width, height: height, textScale: textScale)
        if let face = faces[key] { return face }
        let sizing = try sizing(SizingKey(height: height, textScale: textScale))
        let face = try CardFace.render(
            value, width: width, height: height, pixelSize: sizing.pixelSize, baseline: sizing.baseline,
            style: style, glyphs: glyphs
        )
        faces[key] = face
        return face
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
