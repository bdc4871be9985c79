/// One flip posed at several angles, tiled into one image with the angle under each tile.
///
/// The README shows it; it is how a flip is judged by eye.
public enum ContactSheet {
    public static let standardAngles: [Double] = [0, 30, 60, 85, 95, 120, 150, 180]

    /// Poses every card of `renderer` that differs between `from` and `to` at each angle and
    /// tiles crops of the face, `columns` to a row.
    public static func render(
        _ renderer: FaceRenderer, from: [String], to: [String], angles: [Double] = standardAngles,
        columns: Int = 2, labels: some GlyphSource
    ) throws -> Canvas {
        var renderer = renderer
        let layout = renderer.layout
        let background = renderer.canvas[0, 0]
        // The face with room for the flaps' overhang.
        let face = DamageRect.union(of: layout.slots.map(\.rect))
        let pad = face.height / 6
        let crop = DamageRect(x: face.x - pad, y: face.y - pad, width: face.width + 2 * pad, height: face.height + 2 * pad)
            .clipped(to: renderer.canvas.bounds)
        let labelHeight = max(12, crop.height / 7)
        let tileHeight = crop.height + labelHeight
        let rows = (angles.count + columns - 1) / columns
        var sheet = Canvas(width: crop.width * columns, height: tileHeight * rows, fill: background)

        for (n, angle) in angles.enumerated() {
            let pictures = zip(from, to).map { a, b in pose(from: a, to: b, angle: angle) }
            _ = try renderer.draw(pictures)
            let tileX = (n % columns) * crop.width, tileY = (n / columns) * tileHeight
            sheet.draw(renderer.canvas.cropped(to: crop), x: tileX, y: tileY)
            try label(
                "\(Int(angle))°", under: DamageRect(x: tileX, y: tileY, width: crop.width, height: crop.height), height: labelHeight, on: &sheet,
                glyphs: labels)
        }
        return sheet
    }

    /// Writes `text` in light grey, centred in the strip `height` tall under `tile`: how a
    /// sheet names what each tile shows.
    static func label(_ text: String, under tile: DamageRect, height: Int, on sheet: inout Canvas, glyphs: some GlyphSource) throws {
        let run = try glyphs.render(text, pixelSize: height * 3 / 4)
        let ink = PixelMath.shade(0xFFFF_FFFF, by: 170)
        let baseline = tile.maxY + (height + run.mask.height) / 2
        sheet.draw(run, x: tile.x + (tile.width - run.advance) / 2, baseline: baseline, color: ink)
    }

    /// A card turning from `a` to `b`, posed at `angle` (0…180) as its flip would show it.
    public static func pose(from a: String, to b: String, angle: Double) -> CardPicture {
        guard a != b else { return .resting(a) }
        if angle <= 0 { return .resting(a) }
        if angle >= 180 { return .resting(b) }
        if angle < 90 {
            return CardPicture(phase: .topToMiddle, top: b, bottom: a, flap: Flap(value: a, half: .top, angle: angle))
        }
        return CardPicture(phase: .middleToBottom, top: b, bottom: a, flap: Flap(value: b, half: .bottom, angle: angle))
    }
}
