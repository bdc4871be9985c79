/// Draws a row folded like paper (``PaperFold``) as row resamples, each half shaded by how
/// it faces the light.
///
/// The row image is the row as it looks flat (cut from a rendered face, say): its upper half
/// becomes the fold's top half, its lower half the bottom. Each half is a flat strip turned
/// about the fold line, so ``RowResampler`` draws it exactly as it draws a flip's flap: one
/// division per screen row, a box filter in y, a bilinear stretch in x.
///
/// It draws over what is in the canvas: the caller fills the background where the row was
/// in the last frame and is now (the union of both frames' ``PaperFold/bounds``).
public struct FoldRenderer: Sendable {
    public let lighting: CardLighting
    private var resampler = RowResampler()

    public init(lighting: CardLighting = CardLighting()) {
        self.lighting = lighting
    }

    /// Draws `row` folded as `fold` says, inside `clip`, and returns the rectangle it drew in.
    ///
    /// `row` must be as large as the fold's flat rectangle: `fold.width` × `2 · fold.halfHeight`.
    /// `alike`, if given, is ``AlikeRows`` of `row`, worked out once for its frames: rows
    /// that are the same pixels are filtered once, runs of one colour filled (the same picture).
    @discardableResult
    public mutating func draw(_ row: Canvas, fold: PaperFold, into canvas: inout Canvas, clip: DamageRect, alike: AlikeRows? = nil) -> DamageRect {
        precondition(
            row.width == Int(fold.width) && row.height == Int(2 * fold.halfHeight) && row.height % 2 == 0,
            "the row image is the fold's flat rectangle, split into two equal halves"
        )
        let h = row.height / 2
        var drawn = DamageRect(x: 0, y: 0, width: 0, height: 0)
        for half in [fold.topHalf, fold.bottomHalf] {
            let area = half.bounds.clipped(to: clip).clipped(to: canvas.bounds)
            guard !area.isEmpty else { continue }
            resampler.draw(
                row, rows: half.side == .top ? 0..<h : h..<2 * h, farEdgeFirst: half.side == .top, projection: half,
                shade: lighting.foldHalf(angle: fold.angle, facingUp: half.facesUp), into: &canvas, area: area,
                alike: alike
            )
            drawn = drawn.union(area)
        }
        return drawn
    }
}
