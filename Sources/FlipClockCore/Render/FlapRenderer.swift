/// Draws a card's flap in perspective as a set of one-dimensional row resamples.
///
/// For each screen row the flap covers, ``FlapProjection`` gives the span of source rows it
/// sees; ``RowResampler`` box-filters them in y, shades the row and stretches it across the
/// screen row (the perspective only ever magnifies a flap horizontally).
public struct FlapRenderer: Sendable {
    private var resampler = RowResampler()
    /// The rows' geometry of the flaps ``opaqueColumns(_:opaque:half:projection:canvas:clip:)``
    /// worked out since ``forgetPlans()`` (the first `planned`), which
    /// ``draw(_:half:projection:shade:into:clip:alike:)`` of the same flap takes rather than
    /// working it out again. The rest are kept for their storage.
    private var plans: [(key: PlanKey?, rows: [RowResampler.RowPlan])] = []
    private var planned = 0

    /// What a flap's rows' geometry depends on.
    private struct PlanKey: Equatable {
        let geometry: FlapGeometry
        let angle: Double
        let width: Int, height: Int
        let half: CardHalf
        let area: DamageRect
    }

    public init() {}

    /// Lets go of the plans kept: a new frame's flaps are elsewhere.
    public mutating func forgetPlans() {
        planned = 0
    }

    /// The plan worked out since ``forgetPlans()`` for `key`.
    private func plan(_ key: PlanKey) -> [RowResampler.RowPlan]? {
        plans[..<planned].first { $0.key == key }?.rows
    }

    private func key(_ image: Canvas, half: CardHalf, projection: FlapProjection, area: DamageRect) -> PlanKey {
        PlanKey(geometry: projection.geometry, angle: projection.angle, width: image.width, height: image.height, half: half, area: area)
    }

    /// Draws `image` (one half of a face) as the flap of `projection`, inside `clip`.
    ///
    /// `half` says which half the image is: a top half's row 0 is the flap's far edge,
    /// a bottom half's row 0 lies at the hinge. `shade` scales the flap's colour by `shade/255`.
    /// `alike` is the image's rows alike and runs of one colour (``CardImage/alikeRows(_:)``):
    /// rows alike filtered as one, runs filled rather than resampled; `nil`, every pixel is
    /// resampled (the same picture).
    public mutating func draw(
        _ image: Canvas, half: CardHalf, projection: FlapProjection, shade: UInt32,
        into canvas: inout Canvas, clip: DamageRect, alike: AlikeRows? = nil
    ) {
        let area = projection.bounds.clipped(to: clip).clipped(to: canvas.bounds)
        let key = key(image, half: half, projection: projection, area: area)
        resampler.draw(
            image, rows: 0..<image.height, farEdgeFirst: half == .top, projection: projection, shade: shade,
            into: &canvas, area: area, plan: plan(key), alike: alike
        )
    }

    /// For each screen row from `area`'s top, the columns where the flap `draw` would draw
    /// with the same arguments comes out opaque: what lies there need not be drawn before it.
    ///
    /// `opaque` is each image row's run of opaque pixels (``CardImage/opaqueRuns(_:)``).
    /// The rows' geometry is kept for ``draw(_:half:projection:shade:into:clip:alike:)`` of
    /// the same flap until ``forgetPlans()``.
    public mutating func opaqueColumns(
        _ image: Canvas, opaque: [Range<Int>], half: CardHalf, projection: FlapProjection, canvas: DamageRect, clip: DamageRect
    ) -> (top: Int, columns: [Range<Int>]) {
        let area = projection.bounds.clipped(to: clip).clipped(to: canvas)
        guard !area.isEmpty, image.width > 0, image.height > 0 else { return (0, []) }
        let key = key(image, half: half, projection: projection, area: area)
        if plan(key) == nil {
            if planned == plans.count { plans.append((nil, [])) }
            plans[planned].key = key
            resampler.plan(
                width: image.width, length: Double(image.height), farEdgeFirst: half == .top, projection: projection, area: area,
                into: &plans[planned].rows)
            planned += 1
        }
        let columns = RowResampler.opaqueColumns(width: image.width, rows: 0..<image.height, opaque: opaque, plan: plan(key)!)
        return (area.y, columns)
    }
}
