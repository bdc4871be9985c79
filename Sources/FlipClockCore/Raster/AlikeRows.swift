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
    /// The runs of one colour, opaque or transparent, ``shortest`` pixels or longer, of each
    /// row that does not repeat the one above it: the first row's in order, then the next one's.
    let allRuns: [Range<Int>]
    /// Where each row's runs begin in ``allRuns``, and after the last row where they end; a row
    /// that repeats the one above it has none of its own (its runs are its ``first`` row's).
    let runStarts: [Int]
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
        var allRuns: [Range<Int>] = [], runStarts = [0]
        for y in 0..<image.height {
            defer { runStarts.append(allRuns.count) }
            guard first[y] == y else { continue }
            var a = 0
            while a < w {
                let colour = image.pixels[y * w + a]
                var b = a + 1
                while b < w, image.pixels[y * w + b] == colour { b += 1 }
                if b - a >= Self.shortest, colour >> 24 == 255 || colour == 0 { allRuns.append(a..<b) }
                a = b
            }
        }
        self.allRuns = allRuns
        self.runStarts = runStarts
    }

    /// The rows' lists as pointers, for a loop over many rows (``RowResampler``): valid only
    /// inside ``withLists(_:)``.
    struct Lists {
        /// ``AlikeRows/first``.
        let first: UnsafePointer<Int>
        let allRuns: UnsafeBufferPointer<Range<Int>>
        let runStarts: UnsafePointer<Int>

        /// The runs of row `y`, one that does not repeat the row above it.
        @inline(__always) func runs(_ y: Int) -> UnsafeBufferPointer<Range<Int>> {
            UnsafeBufferPointer(rebasing: allRuns[runStarts[y]..<runStarts[y + 1]])
        }
    }

    /// Calls `body` with the rows' ``Lists``.
    func withLists<R>(_ body: (Lists) -> R) -> R {
        first.withUnsafeBufferPointer { first in
            allRuns.withUnsafeBufferPointer { allRuns in
                runStarts.withUnsafeBufferPointer { body(Lists(first: first.baseAddress!, allRuns: allRuns, runStarts: $0.baseAddress!)) }
            }
        }
    }

    /// Row `y`'s runs of one colour, opaque or transparent, ``shortest`` pixels or longer, in
    /// order (a row that repeats the one above has that row's).
    public func runs(_ y: Int) -> ArraySlice<Range<Int>> {
        allRuns[runStarts[first[y]]..<runStarts[first[y] + 1]]
    }
}
