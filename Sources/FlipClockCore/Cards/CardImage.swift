/// One value printed on a card, split at the hinge into its top and bottom half (seed 003's
/// `_imagesTop` / `_imagesBottom`).
///
/// Each half is a premultiplied image with transparent rounded corners and a transparent
/// hinge gap, so the background shows between the halves as on a real card: that is what
/// a flap is drawn from. A static half always lies on the background, so it is also kept
/// composited onto it, opaque: drawing it is a copy, with no blending and nothing under it.
public struct CardImage: Equatable, Sendable {
    public var top: Canvas
    public var bottom: Canvas
    public var opaqueTop: Canvas
    public var opaqueBottom: Canvas

    public init(top: Canvas, bottom: Canvas, background: UInt32) {
        self.top = top
        self.bottom = bottom
        opaqueTop = Canvas(width: top.width, height: top.height, fill: background)
        opaqueTop.draw(top, x: 0, y: 0)
        opaqueBottom = Canvas(width: bottom.width, height: bottom.height, fill: background)
        opaqueBottom.draw(bottom, x: 0, y: 0)
    }

    public func half(_ half: CardHalf) -> Canvas { half == .top ? top : bottom }

    /// Prints `value` on a card of `width` × `height` pixels (`height` even).
    ///
    /// `pixelSize` is the em size that gives digits the style's ink height (see ``CardImageCache``).
    public static func render(
        _ value: String, width: Int, height: Int, pixelSize: Int, baseline: Int,
        style: CardStyle, glyphs: some GlyphSource
    ) throws -> CardImage {
        precondition(height % 2 == 0, "a card splits into two equal halves")
        let shape = RoundedRect.coverage(width: width, height: height, radius: style.cornerRadius * Double(width))
        let run = try glyphs.render(value, pixelSize: pixelSize)
        let penX = (width - run.advance) / 2
        let originX = penX + run.left, originY = baseline - run.top
        let gap = max(1, Int((style.hingeGap * Double(height)).rounded()))
        let hinge = height / 2
        let gapTop = hinge - (gap + 1) / 2, gapBottom = hinge + gap / 2

        var full = Canvas(width: width, height: height)
        let ink = style.digits.pixel
        for y in 0..<height where y < gapTop || y >= gapBottom {
            // Paper in light from above: the top half a shade lighter than the bottom.
            let light: UInt32 = y < hinge ? 255 : 236
            let paper = PixelMath.shade(style.card.pixel, by: light)
            let gy = y - originY
            for x in 0..<width {
                let shapeCoverage = UInt32(shape[x, y])
                guard shapeCoverage > 0 else { continue }
                var pixel = paper
                let gx = x - originX
                if gy >= 0, gy < run.mask.height, gx >= 0, gx < run.mask.width {
                    let glyph = UInt32(run.mask[gx, gy])
                    if glyph > 0 { pixel = PixelMath.over(PixelMath.withCoverage(ink, glyph), paper) }
                }
                full[x, y] = PixelMath.withCoverage(pixel, shapeCoverage)
            }
        }
        return CardImage(
            top: full.cropped(to: DamageRect(x: 0, y: 0, width: width, height: hinge)),
            bottom: full.cropped(to: DamageRect(x: 0, y: hinge, width: width, height: hinge)),
            background: style.background.pixel
        )
    }
}
