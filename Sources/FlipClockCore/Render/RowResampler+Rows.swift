import Glibc

extension RowResampler {
    /// The source rows one screen row of the strip filters: rows `rows` of the strip, the
    /// part `start..<end` of them it sees, out of a span `span` long, `total`/256 of it on
    /// the strip (less at its near and far edges).
    struct Sources {
        let rows: Range<Int>
        let start: Double, end: Double
        let span: Double
        let total: UInt32
    }

    /// How one screen row stretches the filtered row: `count` pixels from screen x `first`,
    /// sampling the padded row at `u + x·step` (16.16 fixed point).
    struct Columns {
        let first: Int, count: Int
        let u: Int, step: Int
    }

    /// What one screen row of a strip samples: its source rows and how it stretches them
    /// (`nil` where it misses the strip), worked out once for the static half drawn under a
    /// flap (``opaqueColumns(width:rows:opaque:plan:)``) and
    /// the flap itself (``draw(_:rows:farEdgeFirst:projection:shade:into:area:plan:alike:)``).
    public struct RowPlan: Sendable {
        let sources: Sources?
        let columns: Columns?
    }

    /// Sets `plan` to the ``RowPlan`` of each screen row of `area`, from its top, in the
    /// storage it has (and the resampler's scratch): a frame allocates nothing for it.
    mutating func plan(
        width w: Int, length h: Double, farEdgeFirst: Bool, projection: some RowProjection, area: DamageRect, into plan: inout [RowPlan]
    ) {
        let rows = max(0, area.maxY - area.y)
        // The divisions first, each row's on its own, so none waits on the row before's: the
        // rows' edges (a row's bottom edge is the next row's top) and their spans.
        edges.removeAll(keepingCapacity: true)
        spans.removeAll(keepingCapacity: true)
        for j in 0...rows { edges.append(projection.distance(atScreenY: Double(area.y + j))) }
        for j in 0..<rows { spans.append(Self.span(area.y + j, length: h, width: w, projection: projection)) }
        plan.removeAll(keepingCapacity: true)
        for j in 0..<rows {
            let sources = Self.sources(between: edges[j], edges[j + 1], length: h, farEdgeFirst: farEdgeFirst)
            plan.append(RowPlan(sources: sources, columns: sources == nil ? nil : Self.columns(spans[j], area: area)))
        }
    }

    /// What a screen row whose top and bottom edges see the strip at distances `ra` and `rz`
    /// sees of it, or `nil` if it misses it.
    @inline(__always) static func sources(between ra: Double, _ rz: Double, length h: Double, farEdgeFirst: Bool) -> Sources? {
        guard ra.isFinite, rz.isFinite else { return nil }
        let r0 = min(ra, rz), r1 = max(ra, rz)
        let span = r1 - r0
        let c0 = max(r0, 0), c1 = min(r1, h)
        guard c1 > c0, span > 0 else { return nil }
        // Source rows in strip coordinates: a top half is stored far edge first.
        let t0 = farEdgeFirst ? h - c1 : c0
        let t1 = farEdgeFirst ? h - c0 : c1
        let start = snapped(t0), end = snapped(t1)
        return Sources(
            rows: below(start)..<above(end), start: start, end: end, span: span,
            total: UInt32((c1 - c0) / span * 256 + 0.5))
    }

    /// Where a screen row samples the filtered row: at `u0 + x·du` in screen column `x`; the
    /// screen columns from `first` to `last` (not yet rounded) sample inside the padded row.
    struct ColumnSpan {
        let u0: Double, du: Double
        let first: Double, last: Double
    }

    /// The ``ColumnSpan`` of screen row `y` of a strip `length` rows long.
    @inline(__always) static func span(_ y: Int, length h: Double, width w: Int, projection: some RowProjection) -> ColumnSpan {
        // Source column is linear in x with slope 1/s, s taken where the row's centre meets
        // the strip (its sides are straight).
        let centre = min(max(projection.distance(atScreenY: Double(y) + 0.5), 0), h)
        let du = 1 / projection.scale(atDistance: centre)
        let u0 = (0.5 - projection.vanishingX) * du + projection.vanishingX - projection.left - 0.5 + 1
        // Columns whose sample falls inside the padded row [0, w + 1].
        return ColumnSpan(u0: u0, du: du, first: (0 - u0) / du, last: (Double(w + 1) - u0) / du - 1e-9)
    }

    /// The columns of `span` inside `area`, or `nil` if none are.
    @inline(__always) static func columns(_ span: ColumnSpan, area: DamageRect) -> Columns? {
        let xFirst = max(area.x, above(span.first))
        let xLast = min(area.maxX - 1, below(span.last))
        guard xFirst <= xLast else { return nil }
        return Columns(
            first: xFirst, count: xLast - xFirst + 1, u: nearest((span.u0 + Double(xFirst) * span.du) * 65536),
            step: nearest(span.du * 65536))
    }

    /// For each screen row of `area`, the screen columns where the strip's pixels come out
    /// opaque, given each source row's run of opaque pixels (`opaque`, as ``CardImage`` keeps
    /// them): what lies under them is overwritten, so it need not be drawn first.
    ///
    /// Conservative: a row counts only where all its source rows are on the strip, opaque
    /// throughout the run, with their whole weight; a column only where both pixels its
    /// sample blends are.
    ///
    /// `plan` is ``plan(width:length:farEdgeFirst:projection:area:into:)`` of the same strip
    /// and area: the rows' geometry.
    static func opaqueColumns(width w: Int, rows: Range<Int>, opaque: [Range<Int>], plan: [RowPlan]) -> [Range<Int>] {
        plan.map { planned in
            guard let sources = planned.sources, sources.total == 256, sources.rows.lowerBound >= 0, sources.rows.upperBound <= rows.count
            else { return 0..<0 }
            var lo = 0, hi = w
            for k in sources.rows {
                let run = opaque[rows.lowerBound + k]
                lo = max(lo, run.lowerBound)
                hi = min(hi, run.upperBound)
            }
            guard lo < hi, let columns = planned.columns else { return 0..<0 }
            // Padded indices lo + 1 ..< hi + 1 are opaque: a sample at i blends i and i + 1.
            let iLow = Int64(lo + 1) << 16, iHigh = Int64(hi) << 16  // i ≥ lo + 1 and i + 1 ≤ hi
            let u = Int64(columns.u), step = Int64(max(columns.step, 1))
            let first = u >= iLow ? 0 : (iLow - u + step - 1) / step
            guard iHigh > u else { return 0..<0 }
            let last = min(Int64(columns.count - 1), (iHigh - 1 - u) / step)
            guard first <= last else { return 0..<0 }
            return columns.first + Int(first)..<columns.first + Int(last) + 1
        }
    }

    /// Rounds values within floating-point noise of an integer row boundary onto it, so a
    /// flat strip copies rows one to one.
    @inline(__always) static func snapped(_ t: Double) -> Double {
        let r = Double(nearest(t))
        return abs(t - r) < 1e-7 ? r : t
    }

    /// `Int(floor(x))` without the call to libm's `floor` (baseline x86-64 has no instruction
    /// for it): below 2^52 the truncation is exact, and one less when it lies above `x`.
    @inline(__always) static func below(_ x: Double) -> Int {
        guard abs(x) < 0x1p52 else { return Int(x.rounded(.down)) }
        let t = Int(x)
        return Double(t) > x ? t - 1 : t
    }

    /// `Int(ceil(x))` without the call to libm's `ceil`, as ``below(_:)``.
    @inline(__always) static func above(_ x: Double) -> Int {
        guard abs(x) < 0x1p52 else { return Int(x.rounded(.up)) }
        let t = Int(x)
        return Double(t) < x ? t + 1 : t
    }

    /// `Int(x.rounded())` (halves away from zero) without the call to libm's `round`, which
    /// baseline x86-64 has no instruction for: the truncation and the fraction left are exact.
    @inline(__always) static func nearest(_ x: Double) -> Int {
        let t = Int(x)
        let f = x - Double(t)
        return f >= 0.5 ? t + 1 : f <= -0.5 ? t - 1 : t
    }
}
