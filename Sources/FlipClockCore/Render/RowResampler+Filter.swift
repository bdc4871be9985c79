/// One screen row of ``RowResampler``: its source rows box-filtered into the padded row,
/// shaded, and stretched across the screen row, but for the runs every source row has of one colour.
extension RowResampler {
    /// A source row of the strip (counted from its first) and its weight out of 256.
    struct Pick {
        var row: Int
        var weight: UInt32
    }

    /// The resampler's scratch rows, borrowed for one call of ``RowResampler/draw``.
    struct RowFilter {
        let strip: UnsafePointer<UInt32>
        let width: Int
        let shade: UInt32
        /// The screen row's source rows, set before each ``draw(count:columns:over:filtered:fills:)``.
        let picked: UnsafeMutablePointer<Pick>
        let rb: UnsafeMutablePointer<UInt32>, ag: UnsafeMutablePointer<UInt32>
        /// The filtered row with one transparent pixel either side, so edges fade out in x.
        let padded: UnsafeMutablePointer<UInt32>
        /// Five rows of `width`: up to four source rows' columns gathered, and their filtered row
        /// (room for them only when the strip is drawn with its ``AlikeRows``, which alone gives runs).
        let gathered: UnsafeMutablePointer<UInt32>

        /// Filters the first `count` picked rows and stretches them over `dst` as `columns`
        /// say. `filtered` says the padded row already holds the picked rows filtered (by the
        /// screen row before) and whether they came out opaque. `fills` are runs of the strip's
        /// columns each one colour in the filtered row, opaque or transparent (``AlikeRows/runs``:
        /// of one row with its whole weight, or the runs all the rows have, whose weights sum to
        /// 256): only each run's ends are filtered, and the screen columns whose samples lie
        /// inside one are filled with its colour, or left where it is transparent, which is what
        /// filtering and stretching them gives (a lerp of two equal pixels is that pixel).
        /// Returns whether the filtered row is opaque.
        @discardableResult @inline(__always) func draw(
            count: Int, columns: Columns, over dst: UnsafeMutablePointer<UInt32>, filtered: Bool? = nil,
            fills: UnsafeBufferPointer<Range<Int>> = UnsafeBufferPointer(start: nil, count: 0)
        ) -> Bool {
            let w = width
            var opaque: Bool
            if let filtered {
                opaque = filtered
            } else if count == 1 || fills.isEmpty {
                // Filtered whole (one row, to be held for the next screen row).
                opaque = filter(0..<w, count: count)
            } else {
                // Only outside the runs and at their ends (the stretch's pairs beside a run read them).
                opaque = filter(outside: fills, count: count)
                for run in fills {
                    let colour = padded[run.lowerBound + 1]
                    guard colour >> 24 != 255 else { continue }
                    opaque = false
                    // A run neither opaque nor transparent (rows of both mixed) is filtered and stretched.
                    if colour != 0 { _ = filter(run.lowerBound + 1..<run.upperBound - 1, count: count) }
                }
            }
            // A row opaque throughout (the inside of a card) is stretched with no test between
            // its transparent ends.
            let inside = opaque ? 1..<w + 1 : 0..<0
            var x = 0
            for run in fills {
                // The padded row holds strip column c at c + 1.
                let covered = RowOps.opaqueColumns(
                    from: columns.u, step: columns.step, count: columns.count, opaque: run.lowerBound + 1..<run.upperBound + 1)
                let colour = padded[run.lowerBound + 1]
                guard !covered.isEmpty, colour == 0 || colour >> 24 == 255 else { continue }
                if covered.lowerBound > x, opaque, x > 0 {
                    // Between two runs every sample blends two pixels of the strip: all opaque.
                    RowOps.stored(padded, from: columns.u &+ x &* columns.step, step: columns.step, over: dst + x, count: covered.lowerBound - x)
                } else if covered.lowerBound > x {
                    RowOps.stretch(
                        padded, from: columns.u &+ x &* columns.step, step: columns.step, over: dst + x, count: covered.lowerBound - x,
                        opaque: inside)
                }
                if colour != 0 { (dst + covered.lowerBound).update(repeating: colour, count: covered.count) }
                x = covered.upperBound
            }
            if columns.count > x {
                RowOps.stretch(
                    padded, from: columns.u &+ x &* columns.step, step: columns.step, over: dst + x, count: columns.count - x, opaque: inside)
            }
            return opaque
        }

        /// Filters the picked rows' columns outside `runs` (in order, each ≥ 2 long) and at
        /// their ends into the padded row, shaded, as ``filter(_:count:)`` of each piece would;
        /// returns whether every pixel came out opaque.
        ///
        /// The pieces are a few pixels each in every source row, rows a screen row apart in
        /// memory: read where they lie, each waits on the memory on its own. So the pieces are
        /// first copied together, left to right (up to four rows' in one pass over the pieces,
        /// more a row at a time), then filtered as one row and put back in their places.
        @inline(__always) func filter(outside runs: UnsafeBufferPointer<Range<Int>>, count: Int) -> Bool {
            @inline(__always) func pieces(_ body: (Range<Int>) -> Void) {
                var from = 0
                for run in runs {
                    body(from..<run.lowerBound + 1)
                    from = run.upperBound - 1
                }
                body(from..<width)
            }
            /// Copies the pieces of picked rows `rows` together, each row's from `width` after the
            /// last's; returns how many pixels a row's come to.
            @inline(__always) func gather(_ rows: Range<Int>, into row: UnsafeMutablePointer<UInt32>) -> Int {
                var at = 0
                pieces { piece in
                    for m in rows {
                        let source = strip + picked[m].row &* width + piece.lowerBound
                        RowOps.copy(source, to: row + (m &- rows.lowerBound) &* width + at, count: piece.count)
                    }
                    at &+= piece.count
                }
                return at
            }
            let out = gathered + 4 * width
            let opaque: Bool, total: Int
            if count <= 4 {
                // The rows' pieces side by side in one pass over the pieces.
                total = gather(0..<count, into: gathered)
                guard total > 0 else { return true }
                func row(_ m: Int) -> RowOps.WeightedRow { RowOps.WeightedRow(gathered + m * width, weight: picked[m].weight) }
                opaque = RowOps.resolve(
                    mixing: row(0), row(1), count > 2 ? row(2) : nil, count > 3 ? row(3) : nil, into: out, count: total, shade: shade)
            } else {
                // The sums take every row but the last, which is added as they are packed into pixels.
                total = gather(0..<1, into: gathered)
                guard total > 0 else { return true }
                RowOps.weigh(gathered, weight: picked[0].weight, rb: rb, ag: ag, count: total)
                for m in 1..<count - 1 {
                    _ = gather(m..<m + 1, into: gathered)
                    RowOps.accumulate(gathered, weight: picked[m].weight, rb: rb, ag: ag, count: total)
                }
                _ = gather(count - 1..<count, into: gathered)
                opaque = RowOps.resolve(
                    adding: gathered, weight: picked[count - 1].weight, toSums: true, rb: rb, ag: ag, into: out, count: total, shade: shade)
            }
            var at = 0
            pieces { piece in
                RowOps.copy(out + at, to: padded + 1 + piece.lowerBound, count: piece.count)
                at &+= piece.count
            }
            return opaque
        }

        /// Filters the picked rows' columns `range` into the padded row, shaded; returns
        /// whether every pixel came out opaque.
        @inline(__always) func filter(_ range: Range<Int>, count: Int) -> Bool {
            let a = range.lowerBound, n = range.count
            guard n > 0 else { return true }
            let out = padded + 1 + a
            func row(_ m: Int) -> RowOps.WeightedRow { RowOps.WeightedRow(strip + picked[m].row * width + a, weight: picked[m].weight) }
            // A few columns (a plain run's end) are mixed here, one by one, as the loops below
            // mix the columns past their last four: the same sums, without their set-up.
            if n < 4 {
                var alpha: UInt32 = 0xFF00_0000
                for i in 0..<n {
                    var low: UInt32 = 0, high: UInt32 = 0
                    for m in 0..<count {
                        let p = row(m).pixels[i], w = picked[m].weight
                        low &+= PixelMath.rb(p) &* w
                        high &+= PixelMath.ag(p) &* w
                    }
                    let pixel = ((low >> 8) & 0x00FF_00FF) | (high & 0xFF00_FF00)
                    out[i] = shade == 255 ? pixel : PixelMath.shade(pixel, by: shade)
                    alpha &= pixel
                }
                return alpha >= 0xFF00_0000
            }
            // Up to four rows are mixed without sums; otherwise the sums take every row but the
            // last, which is added as they are packed into pixels.
            if count == 1 {
                return RowOps.resolve(
                    adding: row(0).pixels, weight: row(0).weight, toSums: false, rb: rb + a, ag: ag + a, into: out, count: n, shade: shade)
            }
            if count <= 4 {
                return RowOps.resolve(mixing: row(0), row(1), count > 2 ? row(2) : nil, count > 3 ? row(3) : nil, into: out, count: n, shade: shade)
            }
            RowOps.weigh(row(0).pixels, weight: row(0).weight, rb: rb + a, ag: ag + a, count: n)
            for m in 1..<count - 1 { RowOps.accumulate(row(m).pixels, weight: row(m).weight, rb: rb + a, ag: ag + a, count: n) }
            let last = row(count - 1)
            return RowOps.resolve(adding: last.pixels, weight: last.weight, toSums: true, rb: rb + a, ag: ag + a, into: out, count: n, shade: shade)
        }
    }
}
