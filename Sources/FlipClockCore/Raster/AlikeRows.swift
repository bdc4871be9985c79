/// Which rows of an image are the same as the row above them (a card's paper above and below
/// its digit, or a row of cards' rows that no digit crosses), and each row's runs of one colour.
///
/// A screen row whose source rows are the same pixels mixes them to that row whatever their
/// weights (the filter's sums are exact: `p·w₁ + p·w₂ = p·(w₁ + w₂)`), so the resampler
/// filters one of them with their weights summed; a screen row that filters the same row with
/// the same weight as the screen row before it reuses that row's filtered pixels; and where
/// that row has the whole weight, the columns whose samples lie inside one of its runs come out
/// the run's colour (a lerp of two equal pixels is that pixel): filled, or left as they are
/// where the run is transparent.
public struct AlikeRows: Equatable, Sendable {
    /// For each row, the first row of the run of identical rows it lies in.
    public let first: [Int]
    /// For each row that does not repeat the one above it, in order: its runs of one colour,
    /// opaque or transparent, ``shortest`` pixels or longer; then the pieces where they overlap
    /// the next such row's (``intersect(_:_:into:)``, none for the last).
    let allRuns: [Range<Int>]
    /// Where row `y`'s runs begin in ``allRuns`` (at `2y`), where the pieces it shares with the
    /// next row begin (at `2y + 1`), and after the last row where they end; a row that repeats
    /// the one above it has none of either (its runs are its ``first`` row's).
    let starts: [Int]
    /// Shorter runs are stretched: the split costs more than it saves.
    public static let shortest = 16

    public init(_ image: Canvas) {
        let w = image.width
        var first = Array(0..<image.height)
        if w > 0 {
            for y in 1..<max(1, image.height) where image.pixels[y * w..<(y + 1) * w] == image.pixels[(y - 1) * w..<y * w] {
                first[y] = first[y - 1]
            }
        }
        self.first = first
        let own = (0..<image.height).map { y -> [Range<Int>] in
            guard first[y] == y else { return [] }
            var found: [Range<Int>] = []
            var a = 0
            while a < w {
                let colour = image.pixels[y * w + a]
                var b = a + 1
                while b < w, image.pixels[y * w + b] == colour { b += 1 }
                if b - a >= Self.shortest, colour >> 24 == 255 || colour == 0 { found.append(a..<b) }
                a = b
            }
            return found
        }
        var allRuns: [Range<Int>] = [], starts = [0]
        var shared = Array(repeating: 0..<0, count: w / Self.shortest + 1)
        for y in own.indices {
            allRuns += own[y]
            starts.append(allRuns.count)
            // The next row that does not repeat the one above it: the first after y's alike rows.
            var next = y + 1
            while next < image.height, first[next] == y { next += 1 }
            if first[y] == y, next < image.height {
                let n = own[y].withUnsafeBufferPointer { a in
                    own[next].withUnsafeBufferPointer { b in
                        shared.withUnsafeMutableBufferPointer { Self.intersect(a, b, into: $0.baseAddress!) }
                    }
                }
                allRuns += shared[..<n]
            }
            starts.append(allRuns.count)
        }
        self.allRuns = allRuns
        self.starts = starts
    }

    /// The pieces where runs `a` and `b` (each in order, apart) overlap, ``shortest`` long or
    /// longer, written in order from `out`; returns how many. They are apart and lie in the
    /// row, so a row `w` wide has at most `w / shortest` of them.
    static func intersect(
        _ a: UnsafeBufferPointer<Range<Int>>, _ b: UnsafeBufferPointer<Range<Int>>, into out: UnsafeMutablePointer<Range<Int>>
    ) -> Int {
        var i = 0, j = 0, n = 0
        while i < a.count, j < b.count {
            let x = a[i], y = b[j]
            let low = max(x.lowerBound, y.lowerBound), high = min(x.upperBound, y.upperBound)
            if high &- low >= shortest {
                out[n] = Range(uncheckedBounds: (low, high))
                n &+= 1
            }
            if x.upperBound <= y.upperBound { i &+= 1 } else { j &+= 1 }
        }
        return n
    }

    /// The rows' lists as pointers, for a loop over many rows (``RowResampler``): valid only
    /// inside ``withLists(_:)``.
    struct Lists {
        /// ``AlikeRows/first``.
        let first: UnsafePointer<Int>
        let allRuns: UnsafeBufferPointer<Range<Int>>
        let starts: UnsafePointer<Int>

        /// The runs of row `y`, one that does not repeat the row above it.
        @inline(__always) func runs(_ y: Int) -> UnsafeBufferPointer<Range<Int>> {
            UnsafeBufferPointer(rebasing: allRuns[starts[2 &* y]..<starts[2 &* y &+ 1]])
        }

        /// The pieces where the runs of row `y` (one that does not repeat the row above it)
        /// overlap those of the next such row.
        @inline(__always) func shared(_ y: Int) -> UnsafeBufferPointer<Range<Int>> {
            UnsafeBufferPointer(rebasing: allRuns[starts[2 &* y &+ 1]..<starts[2 &* y &+ 2]])
        }

        /// The runs that `count` rows, `row(0)`, `row(1)` and on (each the first of its rows
        /// alike, in order, at least two), all have: two rows next to each other take their
        /// ``shared(_:)`` pieces, and those are intersected in `scratch` (two lists of `most`
        /// runs each).
        @inline(__always) func common(
            _ count: Int, _ row: (Int) -> Int, scratch: UnsafeMutablePointer<Range<Int>>, most: Int
        ) -> UnsafeBufferPointer<Range<Int>> {
            var common = UnsafeBufferPointer<Range<Int>>(start: nil, count: 0)
            var into = scratch
            var m = 0
            while m < count {
                let y = row(m)
                // Two rows next to each other (no row between them picked out): their pieces in common.
                let pair = m &+ 1 < count && first[row(m &+ 1) &- 1] == y
                let next = pair ? shared(y) : runs(y)
                if m == 0 {
                    common = next
                } else {
                    common = UnsafeBufferPointer(start: into, count: AlikeRows.intersect(common, next, into: into))
                    into = into == scratch ? scratch + most : scratch
                }
                if common.isEmpty { break }
                m &+= pair ? 2 : 1
            }
            return common
        }
    }

    /// Calls `body` with the rows' ``Lists``.
    func withLists<R>(_ body: (Lists) -> R) -> R {
        first.withUnsafeBufferPointer { first in
            allRuns.withUnsafeBufferPointer { allRuns in
                starts.withUnsafeBufferPointer { body(Lists(first: first.baseAddress!, allRuns: allRuns, starts: $0.baseAddress!)) }
            }
        }
    }

    /// Row `y`'s runs of one colour, opaque or transparent, ``shortest`` pixels or longer, in
    /// order (a row that repeats the one above has that row's).
    public func runs(_ y: Int) -> ArraySlice<Range<Int>> {
        allRuns[starts[2 * first[y]]..<starts[2 * first[y] + 1]]
    }
}
