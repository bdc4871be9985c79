import Glibc

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
    /// The box filter's sums (two rows of width); the filtered row with one transparent pixel
    /// either side, so edges fade out in x; then, for a strip drawn with its ``AlikeRows`` (the
    /// only one that gathers), room for five rows of gathered columns
    /// (``RowFilter/filter(outside:count:)``).
    private var scratch: [UInt32] = []
    /// A screen row's source rows and their weights.
    private var picked: [Pick] = []
    /// Two lists of runs, each room for a row's (``AlikeRows/shortest`` long or longer): the
    /// intersections of a screen row's source rows' runs, one read while the next is written.
    private var intersections: [Range<Int>] = []
    /// ``plan(width:length:farEdgeFirst:projection:area:into:)``'s first pass: the rows' edges'
    /// distances and their ``ColumnSpan``s.
    var edges: [Double] = [], spans: [ColumnSpan] = []
    /// The plan of a strip drawn with none given.
    private var rowPlans: [RowPlan] = []

    public init() {}

    /// Draws rows `rows` of `image` as the strip `projection` turns, inside `area` (already
    /// clipped to the strip's bounds and the canvas).
    ///
    /// Distance `r` along the strip is measured from its axis; `farEdgeFirst` says the first
    /// of `rows` is the strip's far edge (a top half, hinged at its bottom) rather than the
    /// row at the axis. `shade` scales the strip's colour by `shade/255`. `plan`, if given, is ``plan(width:length:farEdgeFirst:projection:area:into:)`` of the same
    /// strip and area, taken rather than worked out again. `alike`, if given, is
    /// ``AlikeRows`` of `image`: a screen row's source rows that are the same pixels are
    /// filtered as one, a screen row that filters the same row with the same weight as the
    /// screen row before it takes that row's filtered pixels, and one on the strip with its
    /// whole weight fills the columns where every source row has a run of one colour.
    public mutating func draw(
        _ image: Canvas, rows: Range<Int>, farEdgeFirst: Bool, projection: some RowProjection, shade: UInt32,
        into canvas: inout Canvas, area: DamageRect, plan: [RowPlan]? = nil, alike: AlikeRows? = nil
    ) {
        precondition(rows.lowerBound >= 0 && rows.upperBound <= image.height, "the strip's rows lie inside the image")
        precondition(alike == nil || alike!.first.count == image.height, "the alike rows of each image row")
        let h = Double(rows.count)
        guard !area.isEmpty, image.width > 0, !rows.isEmpty else { return }
        let w = image.width
        let rowCount = rows.count, firstRow = rows.lowerBound
        // Two transparent pixels on the right: the last sample may round onto w + 1 and read w + 2.
        let gathers = alike != nil
        let padding = 2 * w, rowsWide = (gathers ? 6 : 1) * w + 3
        if scratch.count < padding + rowsWide { scratch = Array(repeating: 0, count: padding + rowsWide) }
        if picked.count < rowCount { picked = Array(repeating: Pick(row: 0, weight: 0), count: rowCount) }
        let most = w / AlikeRows.shortest + 1
        if gathers, intersections.count < 2 * most { intersections = Array(repeating: 0..<0, count: 2 * most) }

        let canvasWidth = canvas.width
        if plan == nil {
            // Taken out while it is filled (the method has the resampler), its storage kept.
            var rows: [RowPlan] = []
            swap(&rows, &rowPlans)
            self.plan(width: w, length: h, farEdgeFirst: farEdgeFirst, projection: projection, area: area, into: &rows)
            rowPlans = rows
        }
        let plan = plan ?? rowPlans
        image.pixels.withUnsafeBufferPointer { src in
            scratch.withUnsafeMutableBufferPointer { scratch in
                picked.withUnsafeMutableBufferPointer { picked in
                    intersections.withUnsafeMutableBufferPointer { intersections in
                        canvas.pixels.withUnsafeMutableBufferPointer { dst in
                            let sums = scratch.baseAddress!, padded = sums + padding
                            let filter = RowFilter(
                                strip: src.baseAddress! + firstRow * w, width: w, shade: shade, picked: picked.baseAddress!,
                                rb: sums, ag: sums + w, padded: padded, gathered: padded + w + 3)
                            func drawRows(_ lists: AlikeRows.Lists?) {
                                let alikeRows = lists.map { $0.first + firstRow }
                                // The row and weight the padded row holds filtered whole, and whether it came out opaque.
                                var held: (row: Int, weight: UInt32)? = nil
                                var heldOpaque = false
                                filter.padded[0] = 0
                                filter.padded[w + 1] = 0
                                filter.padded[w + 2] = 0
                                for y in area.y..<area.maxY {
                                    guard let sources = plan[y - area.y].sources, let columns = plan[y - area.y].columns else { continue }
                                    var k = sources.rows.lowerBound
                                    var used: UInt32 = 0, count = 0
                                    let total = sources.total, span = sources.span
                                    let start = sources.start, end = sources.end
                                    while k < sources.rows.upperBound {
                                        let overlap = min(end, Double(k + 1)) - max(start, Double(k))
                                        // The last row takes what rounding left, so weights sum exactly.
                                        var weight = k == sources.rows.upperBound - 1 ? total &- used : UInt32(overlap / span * 256 + 0.5)
                                        if weight > total &- used { weight = total &- used }
                                        if weight > 0, k >= 0, k < rowCount {
                                            if let alikeRows, count > 0, alikeRows[k] == alikeRows[filter.picked[count - 1].row] {
                                                filter.picked[count - 1].weight &+= weight
                                            } else {
                                                filter.picked[count] = Pick(row: k, weight: weight)
                                                count += 1
                                            }
                                            used &+= weight
                                        }
                                        k += 1
                                    }
                                    guard count > 0 else { continue }
                                    // One row filtered whole is held for the next screen row.
                                    let holds = alikeRows != nil && count == 1
                                    let key = holds ? (row: alikeRows![filter.picked[0].row], weight: filter.picked[0].weight) : nil
                                    let reused = key != nil && held != nil && key! == held!
                                    // The runs every source row has one colour: the row's own, or their intersection.
                                    var common = UnsafeBufferPointer<Range<Int>>(start: nil, count: 0)
                                    if let lists, let key, key.weight == 256 {
                                        common = lists.runs(key.row)
                                    } else if let lists, let alikeRows, count > 1, used == 256 {
                                        common = lists.common(
                                            count, { alikeRows[filter.picked[$0].row] }, scratch: intersections.baseAddress!, most: most)
                                    }
                                    heldOpaque = filter.draw(
                                        count: count, columns: columns, over: dst.baseAddress! + y * canvasWidth + columns.first,
                                        filtered: reused ? heldOpaque : nil, fills: common)
                                    held = key
                                }
                            }
                            if let alike { alike.withLists(drawRows) } else { drawRows(nil) }
                        }
                    }
                }
            }
        }
    }
}
