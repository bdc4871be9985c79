/// One row of a face folded at several openness values, in each fold state, tiled into one
/// image with the state and openness under each tile.
///
/// The README shows it (`docs/fold.png`); it is how the fold is judged by eye, as
/// ``ContactSheet`` is for the flip.
public enum FoldSheet {
    public static let standardOpenness: [Double] = [1, 0.85, 0.65, 0.45, 0.25, 0.08]
    public static let standardStates: [PaperFold.State] = [.foldBack, .pinch, .foldUp]

    /// Draws `renderer`'s face at rest, cuts out its first row of cards and folds it at each
    /// of `openness` for each of `states`, `columns` tiles to a row.
    ///
    /// Each tile is the flat row's size; the folded row sits in its middle, as it would
    /// between two rows closing in on it from above and below.
    public static func render(
        _ renderer: FaceRenderer, openness: [Double] = standardOpenness, states: [PaperFold.State] = standardStates,
        columns: Int = 3, labels: some GlyphSource
    ) throws -> Canvas {
        var renderer = renderer
        _ = try renderer.draw(renderer.cards.map { CardPicture.resting($0.value) })
        let layout = renderer.layout
        let background = renderer.canvas[0, 0]
        let first = layout.slots[0].rect
        let cards = layout.slots.map(\.rect).filter { $0.y < first.maxY && $0.maxY > first.y }
        let span = cards.reduce(first) { $0.union($1) }
        let pad = span.height / 6
        // The row with room either side, an even number of rows high so it splits into equal halves.
        let rowRect = DamageRect(x: span.x - pad, y: span.y, width: span.width + 2 * pad, height: span.height & ~1)
            .clipped(to: renderer.canvas.bounds)
        let row = renderer.canvas.cropped(to: rowRect)
        let labelHeight = max(12, rowRect.height / 5)
        // A margin above each tile, so open rows do not touch the labels of the tiles above.
        let margin = pad / 2
        let tileHeight = margin + rowRect.height + labelHeight
        let tiles = states.flatMap { state in openness.map { (state, $0) } }
        let sheetRows = (tiles.count + columns - 1) / columns
        var sheet = Canvas(width: rowRect.width * columns, height: tileHeight * sheetRows, fill: background)
        var folder = FoldRenderer(lighting: renderer.lighting)
        let alike = AlikeRows(row)

        for (n, (state, open)) in tiles.enumerated() {
            let tileX = (n % columns) * rowRect.width, tileY = (n / columns) * tileHeight + margin
            let folded = Double(rowRect.height) * open
            let fold = PaperFold(
                x: Double(tileX), top: Double(tileY) + (Double(rowRect.height) - folded) / 2,
                width: Double(rowRect.width), height: Double(rowRect.height),
                vanishingX: Double(tileX) + layout.vanishingX - Double(rowRect.x),
                eyeDistance: renderer.perspective * Double(first.height), openness: open, state: state
            )
            let tile = DamageRect(x: tileX, y: tileY, width: rowRect.width, height: rowRect.height)
            folder.draw(row, fold: fold, into: &sheet, clip: tile, alike: alike)
            let percent = Int((open * 100).rounded())
            try ContactSheet.label("\(state.rawValue) \(percent)%", under: tile, height: labelHeight, on: &sheet, glyphs: labels)
        }
        return sheet
    }
}
