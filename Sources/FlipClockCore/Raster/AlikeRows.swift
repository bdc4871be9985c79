/// Which rows of an image are the same as the row above them: a card's paper above and below
/// its digit, or a row of cards' rows that no digit crosses.
///
/// A screen row whose source rows are the same pixels mixes them to that row whatever their
/// weights (the filter's sums are exact: `p·w₁ + p·w₂ = p·(w₁ + w₂)`), so the resampler
/// filters one of them with their weights summed; and a screen row that filters the same
/// row with the same weight as the screen row before it reuses that row's filtered pixels.
public enum AlikeRows {
    /// For each row of `image`, the first row of the run of identical rows it lies in.
    public static func of(_ image: Canvas) -> [Int] {
        let w = image.width
        var first = Array(0..<image.height)
        guard w > 0, image.height > 1 else { return first }
        for y in 1..<image.height where image.pixels[y * w..<(y + 1) * w] == image.pixels[(y - 1) * w..<y * w] {
            first[y] = first[y - 1]
        }
        return first
    }
}
