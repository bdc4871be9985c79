#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Draws a turned strip of an image (a ``RowProjection``) as a set of one-dimensional row
/// resamples: the part the flip's flap and the paper fold's halves share.
///
/// For each screen row the strip covers, the projection gives the span of source rows it
/// sees (one division per row). Those rows are box-filtered into one row, weighted by how
/// much of each the span covers: proper filtering in y however foreshortened the strip is,
/// and partial coverage at its near and far edges. The row is shaded, then stretched across
/// the screen row with bilinear sampling in x and composited over. No per-pixel division;
/// nothing per pixel that a per-row constant can replace.
///
/// It keeps its scratch rows between calls, so a frame allocates nothing.
public struct RowResampler: Sendable {
    private var rb: [UInt32] = []
    private var ag: [UInt32] = []
    /// The filtered row with one transparent pixel either side, so edges fade out in x.
    private var row: [UInt32] = []

    public init() {}

    /// Draws rows `rows` of `image` as the strip `projection` turns, inside `area` (already
    /// clipped to the strip's bounds and the canvas).
    ///
    /// Distance `r` along the strip is measured from its axis; `farEdgeFirst` says the first
    /// of `rows` is the strip's far edge (a top half, hinged at its bottom) rather than the
    /// row at the axis. `shade` scales the strip's colour by `shade/255`.
    public mutating func draw(
        _ image: Canvas, rows: Range<Int>, farEdgeFirst: Bool, projection: some RowProjection, shade: UInt32,
        into canvas: inout Canvas, area: DamageRect
    ) {
        precondition(rows.lowerBound >= 0 && rows.upperBound <= image.height, "the strip's rows lie inside the image")
        let h = Double(rows.count)
        guard !area.isEmpty, image.width > 0, !rows.isEmpty else { return }
        let w = image.width
        let rowCount = rows.count, firstRow = rows.lowerBound
        if rb.count < w { rb = Array(repeating: 0, count: w); ag = rb }
        // Two transparent pixels on the right: the last sample may round onto w + 1 and read w + 2.
        if row.count < w + 3 { row = Array(repeating: 0, count: w + 3) }

        let canvasWidth = canvas.width
        image.pixels.withUnsafeBufferPointer { src in
            rb.withUnsafeMutableBufferPointer { rbBuf in
                ag.withUnsafeMutableBufferPointer { agBuf in
                    row.withUnsafeMutableBufferPointer { rowBuf in
                        canvas.pixels.withUnsafeMutableBufferPointer { dst in
                            let rbp = rbBuf.baseAddress!, agp = agBuf.baseAddress!
                            let padded = rowBuf.baseAddress!
                            let strip = src.baseAddress! + firstRow * w
                            padded[0] = 0
                            padded[w + 1] = 0
                            padded[w + 2] = 0
                            for y in area.y..<area.maxY {
                                guard let sources = Self.sources(y, length: h, farEdgeFirst: farEdgeFirst, projection: projection) else { continue }
                                guard let columns = Self.columns(y, length: h, width: w, projection: projection, area: area) else { continue }
                                var k = sources.rows.lowerBound
                                var used: UInt32 = 0
                                let total = sources.total, span = sources.span
                                let start = sources.start, end = sources.end
                                // The last four rows found are held back (their indices and
                                // weights in `held`, `heldCount` of them): up to four are mixed
                                // without sums; otherwise the sums take every row but the last,
                                // which is added as they are packed into pixels.
                                var held = SIMD4<Int>(), heldWeights = SIMD4<UInt32>(), heldCount = 0
                                var summed = false
                                func sum(_ row: Int, _ weight: UInt32) {
                                    // The first row sets the sums, the others add to them.
                                    if summed {
                                        RowOps.accumulate(strip + row * w, weight: weight, rb: rbp, ag: agp, count: w)
                                    } else {
                                        RowOps.weigh(strip + row * w, weight: weight, rb: rbp, ag: agp, count: w)
                                    }
                                    summed = true
                                }
                                while k < sources.rows.upperBound {
                                    let overlap = min(end, Double(k + 1)) - max(start, Double(k))
                                    // The last row takes what rounding left, so weights sum exactly.
                                    var weight = k == sources.rows.upperBound - 1 ? total &- used : UInt32(overlap / span * 256 + 0.5)
                                    if weight > total &- used { weight = total &- used }
                                    if weight > 0, k >= 0, k < rowCount {
                                        if heldCount == 4 {
                                            sum(held[0], heldWeights[0])
                                            held = SIMD4(held[1], held[2], held[3], k)
                                            heldWeights = SIMD4(heldWeights[1], heldWeights[2], heldWeights[3], weight)
                                        } else {
                                            held[heldCount] = k
                                            heldWeights[heldCount] = weight
                                            heldCount += 1
                                        }
                                        used &+= weight
                                    }
                                    k += 1
                                }
                                guard heldCount > 0 else { continue }
                                func heldRow(_ n: Int) -> RowOps.WeightedRow { RowOps.WeightedRow(strip + held[n] * w, weight: heldWeights[n]) }
                                let opaque: Bool
                                if !summed, heldCount > 1 {
                                    opaque = RowOps.resolve(
                                        mixing: heldRow(0), heldRow(1), heldCount > 2 ? heldRow(2) : nil, heldCount > 3 ? heldRow(3) : nil,
                                        into: padded + 1, count: w, shade: shade)
                                } else {
                                    for n in 0..<heldCount - 1 { sum(held[n], heldWeights[n]) }
                                    opaque = RowOps.resolve(
                                        adding: strip + held[heldCount - 1] * w, weight: heldWeights[heldCount - 1], toSums: summed,
                                        rb: rbp, ag: agp, into: padded + 1, count: w, shade: shade)
                                }
                                // A row opaque throughout (the inside of a card) is stretched with
                                // no test between its transparent ends.
                                RowOps.stretch(
                                    padded, from: columns.u, step: columns.step, over: dst.baseAddress! + y * canvasWidth + columns.first,
                                    count: columns.count, opaque: opaque ? 1..<w + 1 : 0..<0)
                            }
                        }
                    }
                }
            }
        }
    }

}
