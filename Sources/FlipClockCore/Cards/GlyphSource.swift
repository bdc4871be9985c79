/// A run of text rendered to coverage, placed relative to the pen's start on the baseline.
public struct GlyphRun: Equatable, Sendable {
    public var mask: CoverageMask
    /// Columns from the pen's start to the mask's left edge.
    public var left: Int
    /// Rows from the mask's top edge down to the baseline.
    public var top: Int
    /// How far the pen moved, in pixels.
    public var advance: Int

    public init(mask: CoverageMask, left: Int, top: Int, advance: Int) {
        self.mask = mask
        self.left = left
        self.top = top
        self.advance = advance
    }
}

/// Renders text to coverage: FreeType behind the `FlipClockFont` module, or a test double.
public protocol GlyphSource: Sendable {
    /// Renders `text` at an em size of `pixelSize` pixels.
    ///
    /// Digits advance by one width (tabular), so a card does not shift as its digit changes.
    func render(_ text: String, pixelSize: Int) throws -> GlyphRun

    /// How far the pen moves over `text` at `pixelSize`: ``render(_:pixelSize:)``'s `advance`,
    /// without drawing a glyph.
    ///
    /// A message is measured line by line, candidate after candidate, to wrap it; drawing
    /// each candidate to measure it made a 280-character message cost a third of a second.
    func advance(_ text: String, pixelSize: Int) throws -> Int
}

extension GlyphSource {
    public func advance(_ text: String, pixelSize: Int) throws -> Int {
        try render(text, pixelSize: pixelSize).advance
    }
}
