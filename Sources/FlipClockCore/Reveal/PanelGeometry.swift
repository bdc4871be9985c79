/// Where the panel opens on a face and how its text is set: the split line under a row, the
/// text's size, column and line height, and how many lines the open panel shows.
///
/// Everything scales with the height of the row's cards, so the message reads as part of the
/// face at any screen size.
public struct PanelGeometry: Equatable, Sendable {
    /// The screen row the face splits at: the first row of the lower part, midway into the
    /// gap under the row of cards.
    public var split: Int
    public var screenWidth: Int
    /// The text column: as wide as the face's cards.
    public var textX: Int
    public var textWidth: Int
    public var pixelSize: Int
    public var lineHeight: Int
    /// Space above the first line and below the last.
    public var padding: Int
    /// The most lines the open panel shows; more scroll.
    public var visibleLines: Int

    /// The most lines a panel shows, so it never hides much of the face below it.
    public static let maximumLines = 3
    /// The text's em size in card heights.
    static let textScale = 0.2
    /// Line height in em.
    static let leading = 1.35

    /// The panel under row `row` (counted from 1 at the top) of `layout`; throws
    /// ``MessageError/noSuchRow(_:rows:)`` for a row the face does not have.
    public init(layout: FaceLayout, row: Int) throws(MessageError) {
        let rows = layout.rowBounds
        guard rows.indices.contains(row - 1) else { throw .noSuchRow(row, rows: rows.count) }
        let bounds = rows[row - 1]
        let cardHeight = Double(layout.cardHeight(inRowAt: bounds.y))
        let gap = Int((cardHeight * FaceLayout.rowGap / 2).rounded())
        let natural = max(6, Int((cardHeight * Self.textScale).rounded()))
        // Under the row; a row stacked in lines (a clock alone on a portrait screen) with too
        // little room under it for a line of text at its size opens under the lowest of its
        // lines that has the room, and the lines below slide down as rows below do.
        let splits = layout.lineBounds.filter { $0.y >= bounds.y && $0.maxY <= bounds.maxY }.map { min(layout.height, $0.maxY + gap) }
        let room = Int((Double(2 * natural) * Self.leading).rounded(.up))
        split = splits.last { layout.height - $0 >= room } ?? min(layout.height, bounds.maxY + gap)
        screenWidth = layout.width
        let cards = DamageRect.union(of: layout.slots.map(\.rect))
        textX = cards.x
        textWidth = cards.width
        let below = layout.height - split
        // At least one line fits: a face with little room under the row gets smaller text.
        let size = max(1, min(natural, Int(Double(below) / (2 * Self.leading))))
        pixelSize = size
        lineHeight = max(1, Int((Double(size) * Self.leading).rounded()))
        padding = lineHeight / 2
        visibleLines = max(1, min(Self.maximumLines, (below - 2 * padding) / lineHeight))
    }

    /// The open panel's height for a text of `lines` lines.
    public func height(lines: Int) -> Int {
        min(max(lines, 1), visibleLines) * lineHeight + 2 * padding
    }
}
