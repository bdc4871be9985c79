/// One value printed on a card, split at the hinge into its top and bottom half (seed 003's
/// `_imagesTop` / `_imagesBottom`).
///
/// Each half is a premultiplied image with transparent rounded corners and a transparent
/// hinge gap, so the background shows between the halves as on a real card: that is what
/// a flap is drawn from. A static half always lies on the background: it is drawn laid on
/// it (``Canvas/copy(_:over:x:y:clip:shade:)``), a copy but for the corners and the gap. No
/// opaque copy is kept: it would double what every value on every card size holds.
public struct CardImage: Equatable, Sendable {
    public var top: Canvas
    public var bottom: Canvas
    /// The face's background, which the static halves lie on.
    public let background: UInt32
    /// Each row's run of opaque pixels in each half (empty where a row has none, or holes):
    /// drawn laid on the background, these are a plain copy.
    public let topOpaque: [Range<Int>], bottomOpaque: [Range<Int>]
    /// Each half's rows alike and runs of one colour (its paper): what a flap filters once
    /// or fills rather than resamples, and a shaded static half fills.
    public let topAlike: AlikeRows, bottomAlike: AlikeRows

    public init(top: Canvas, bottom: Canvas, background: UInt32) {
        self.top = top
        self.bottom = bottom
        self.background = background
        topOpaque = Self.opaqueRuns(top)
        bottomOpaque = Self.opaqueRuns(bottom)
        topAlike = AlikeRows(top)
        bottomAlike = AlikeRows(bottom)
    }

    /// For each row, the pixels from its first opaque one to its last, if all between are opaque.
    static func opaqueRuns(_ image: Canvas) -> [Range<Int>] {
        (0..<image.height).map { y in
            let row = image.pixels[y * image.width..<(y + 1) * image.width]
            guard let first = row.firstIndex(where: { $0 >> 24 == 255 }), let last = row.lastIndex(where: { $0 >> 24 == 255 }),
                row[first...last].allSatisfy({ $0 >> 24 == 255 })
            else { return 0..<0 }
            return first - row.startIndex..<last + 1 - row.startIndex
        }
    }

    public func opaqueRuns(_ half: CardHalf) -> [Range<Int>] { half == .top ? topOpaque : bottomOpaque }

    public func alikeRows(_ half: CardHalf) -> AlikeRows { half == .top ? topAlike : bottomAlike }

    public func half(_ half: CardHalf) -> Canvas { half == .top ? top : bottom }

    /// A half laid on the background, opaque (what the screen shows of a static half, unshaded).
    public func opaque(_ half: CardHalf) -> Canvas {
        let image = self.half(half)
        var out = Canvas(width: image.width, height: image.height, fill: background)
        out.draw(image, x: 0, y: 0)
        return out
    }

    /// The hinge gap in rows on a card `height` rows tall (even): `fraction` of the height,
    /// rounded to an even number of rows (at least two), so the gap is centred on the hinge
    /// and the two halves are equally tall.
    public static func hingeGap(_ fraction: Double, height: Int) -> Int {
        max(2, 2 * Int((fraction * Double(height) / 2).rounded()))
    }

    /// How the bottom half's paper is lit (a shade factor): in light from above, the top half
    /// is a shade lighter than the bottom (236/255 at full shading); flat (255) at none.
    public static func bottomLight(shading: Double) -> UInt32 {
        UInt32((255 - 19 * min(max(shading, 0), 1)).rounded())
    }

    /// Prints `value` on a card of `width` × `height` pixels (`height` even); a colour chip
    /// (``ColourChip``) is a card filled with its colour, nothing printed.
    ///
    /// `pixelSize` is the em size that gives digits the style's ink height (see ``CardImageCache``);
    /// `shading` is the face's (``CardLighting/strength``): 0 prints both halves alike.
    public static func render(
        _ value: String, width: Int, height: Int, pixelSize: Int, baseline: Int,
        style: CardStyle, glyphs: some GlyphSource, shading: Double = 1
    ) throws -> CardImage {
        precondition(height % 2 == 0, "a card splits into two equal halves")
        let shape = RoundedRect.coverage(width: width, height: height, radius: style.cornerRadius * Double(width))
        let chip = ColourChip(card: value)
        let run = try glyphs.render(chip == nil ? value : "", pixelSize: pixelSize)
        let penX = (width - run.advance) / 2
        let originX = penX + run.left, originY = baseline - run.top
        let hinge = height / 2
        let gap = Self.hingeGap(style.hingeGap, height: height)
        let gapTop = hinge - gap / 2, gapBottom = hinge + gap / 2

        var full = Canvas(width: width, height: height)
        let ink = style.digits.pixel
        let bottomLight = Self.bottomLight(shading: shading)
        for y in 0..<height where y < gapTop || y >= gapBottom {
            let light: UInt32 = y < hinge ? 255 : bottomLight
            let paper = PixelMath.shade((chip?.colour(ink: style.digits) ?? style.card).pixel, by: light)
            let gy = y - originY
            for x in 0..<width {
                let shapeCoverage = UInt32(shape[x, y])
                guard shapeCoverage > 0 else { continue }
                var pixel = paper
                let gx = x - originX
                if chip == nil, gy >= 0, gy < run.mask.height, gx >= 0, gx < run.mask.width {
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
