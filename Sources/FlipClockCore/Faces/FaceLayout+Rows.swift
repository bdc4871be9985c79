extension FaceLayout {
    /// Each row of cards, top to bottom, with the labels under it: the union of their rectangles.
    ///
    /// ``fit(rows:width:height:spacing:)`` puts every card of a row at one height, so a row is
    /// the cards sharing a top edge; a label belongs to the row above it.
    public var rowBounds: [DamageRect] {
        let tops = Set(slots.map(\.rect.y)).sorted()
        return tops.enumerated().map { i, top in
            let below = i + 1 < tops.count ? tops[i + 1] : Int.max
            let parts = slots.map(\.rect).filter { $0.y == top } + labels.map(\.rect).filter { $0.y >= top && $0.y < below }
            return parts.reduce(DamageRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }
        }
    }

    /// The height of the tallest card in the row whose cards' top edge is at `top`.
    func cardHeight(inRowAt top: Int) -> Int {
        slots.filter { $0.rect.y == top }.map(\.rect.height).max() ?? 0
    }
}
