/// The message panel opening in steps, then open with a long message, tiled into one image
/// with how far it is open under each tile.
///
/// The README shows it; like ``ContactSheet`` for a flip, it is how the reveal is judged by eye.
public enum RevealSheet {
    public static let standardSteps: [Double] = [0, 0.25, 0.5, 0.75, 1]

    /// Poses `panel` over the face `renderer` draws at rest: `message` opened by each of
    /// `steps` (0…1), then `wrapped` fully open (if given), `columns` tiles to a row.
    public static func render(
        _ renderer: FaceRenderer, panel: MessagePanel, message: PanelMessage, wrapped: PanelMessage? = nil,
        steps: [Double] = standardSteps, columns: Int = 3, labels: some GlyphSource
    ) throws -> Canvas {
        var renderer = renderer, panel = panel
        _ = try renderer.draw(renderer.cards.map { CardPicture.resting($0.value) })
        let face = renderer.canvas
        var poses = steps.map { step in (message, step, "\(Int((step * 100).rounded())) %") }
        if let wrapped { poses.append((wrapped, 1, "open, wrapped")) }
        let labelHeight = max(12, face.height / 9)
        // Whole screens side by side: a margin of a lighter grey tells one from the next.
        let gap = max(2, labelHeight / 4)
        let tileWidth = face.width + gap, tileHeight = face.height + labelHeight
        let rows = (poses.count + columns - 1) / columns
        var sheet = Canvas(width: tileWidth * columns + gap, height: tileHeight * rows + gap, fill: PixelMath.opaque(r: 0x30, g: 0x30, b: 0x34))
        for (n, (message, step, caption)) in poses.enumerated() {
            let picture = RevealPicture(
                phase: step <= 0 ? .closed : step < 1 ? .opening : .open, message: message, number: n + 1,
                offset: Int((step * Double(message.height)).rounded()), scroll: 0
            )
            let tile = try panel.draw(face: face, damage: [face.bounds], picture: picture).canvas
            let tileX = gap + (n % columns) * tileWidth, tileY = gap + (n / columns) * tileHeight
            sheet.draw(tile, x: tileX, y: tileY)
            let under = DamageRect(x: tileX, y: tileY, width: face.width, height: face.height)
            try ContactSheet.label(caption, under: under, height: labelHeight, on: &sheet, glyphs: labels)
        }
        return sheet
    }
}
