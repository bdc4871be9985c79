import FlipClockCore

/// Glyph sources that need no font: each text is one filled rectangle, as wide as the text is
/// long. Two sizes, because tests' expected layouts and pixels were measured with each.

/// Solid blocks the size of a digit: seven tenths of the pixel size high, half of it wide per
/// character, full coverage (the core's face, layout and panel tests).
public struct SolidBlockGlyphs: GlyphSource {
    public init() {}

    public func render(_ text: String, pixelSize: Int) throws -> GlyphRun {
        let w = max(1, pixelSize / 2) * max(1, text.count), h = max(1, pixelSize * 7 / 10)
        return GlyphRun(mask: CoverageMask(width: w, height: h, values: Array(repeating: 255, count: w * h)), left: 0, top: h, advance: w)
    }
}

/// Smaller grey boxes: half the pixel size high, a quarter of it wide per character, at
/// coverage 200 (the daemon's loop and screen tests).
public struct GreyBoxGlyphs: GlyphSource {
    public init() {}

    public func render(_ text: String, pixelSize: Int) throws -> GlyphRun {
        let h = max(1, pixelSize / 2), w = max(1, h * text.count / 2)
        return GlyphRun(mask: CoverageMask(width: w, height: h, values: Array(repeating: 200, count: w * h)), left: 0, top: h, advance: w)
    }
}
