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
    /// For each row, its runs of one colour, opaque or transparent, ``shortest`` pixels or
    /// longer, in order.
    public let runs: [[Range<Int>]]
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
        // A row that repeats the one above has its runs.
        runs = own.indices.map { own[first[$0]] }
    }
}
