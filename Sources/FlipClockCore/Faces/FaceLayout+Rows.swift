extension FaceLayout {
    /// Each row of cards, top to bottom, with the labels under it: the union of their rectangles.
    ///
    /// A row is what ``fit(rows:width:height:spacing:)`` laid out in one band (``rowBands``),
    /// a clock stacked in lines of its groups included; without bands, each line is a row.
    public var rowBounds: [DamageRect] {
        guard !rowBands.isEmpty else { return lineBounds }
        let parts = slots.map(\.rect) + labels.map(\.rect)
        return rowBands.map { band in DamageRect.union(of: parts.filter { $0.y >= band.y && $0.y < band.maxY }) }
    }

    /// Each line of cards, top to bottom, with the labels under it: every card of a line is at
    /// one height, so a line is the cards sharing a top edge, and a label belongs to the line above it.
    public var lineBounds: [DamageRect] {
        let tops = Set(slots.map(\.rect.y)).sorted()
        return tops.enumerated().map { i, top in
            let below = i + 1 < tops.count ? tops[i + 1] : Int.max
            return DamageRect.union(of: slots.map(\.rect).filter { $0.y == top } + labels.map(\.rect).filter { $0.y >= top && $0.y < below })
        }
    }

    /// The height of the tallest card in the row whose cards' top edge is at `top`.
    func cardHeight(inRowAt top: Int) -> Int {
        slots.filter { $0.rect.y == top }.map(\.rect.height).max() ?? 0
    }
}
