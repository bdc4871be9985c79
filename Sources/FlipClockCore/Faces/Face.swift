/// What one screen shows: its rows of items as written, and how their cards look and move.
///
/// The configuration describes the face (``ClockConfiguration/face(on:hiding:)``); a screen
/// lays it out for its own size (``arrangement(width:height:)``). Brightness is not part of
/// it: a screen dims what it presents, so a dimmer face is not laid out or drawn again.
public struct Face: Equatable, Sendable {
    /// What each row shows, top to bottom; no row is empty.
    public var rows: [[FaceItem]]
    public var style: CardStyle
    public var spacing: FaceLayout.Spacing
    public var timing: FlipTiming
    /// 0 (flat) … 1 (standard light and shadow).
    public var shading: Double
    /// The eye's distance, in card heights.
    public var perspective: Double
    /// Where the flaps vanish toward.
    public var vanishing: VanishingPoint
    /// Whether a turning flap is drawn blurred over each frame's exposure.
    public var motionBlur: Bool

    public init(
        rows: [[FaceItem]], style: CardStyle = .classic, spacing: FaceLayout.Spacing = FaceLayout.Spacing(),
        timing: FlipTiming = .standard, shading: Double = 1, perspective: Double = 5, vanishing: VanishingPoint = .card,
        motionBlur: Bool = false
    ) {
        self.rows = rows.filter { !$0.isEmpty }
        self.style = style
        self.spacing = spacing
        self.timing = timing
        self.shading = shading
        self.perspective = perspective
        self.vanishing = vanishing
        self.motionBlur = motionBlur
    }

    /// The rows as a `width` × `height` output shows them, and their layout: as written, or
    /// a row per item when that makes the cards larger by a quarter (a world clock on a
    /// portrait screen); a face of one item (a clock) stacked in lines of its groups, the
    /// hours over the minutes, when that makes them larger by a quarter.
    public func arrangement(width: Int, height: Int) -> (rows: [[FaceItem]], layout: FaceLayout) {
        let fit = { (rows: [FaceLayout.Row]) in FaceLayout.fit(rows: rows, width: width, height: height, spacing: spacing) }
        let size = { (layout: FaceLayout) in layout.slots.first?.rect.height ?? 0 }
        let asWritten = fit(rows.map(Self.layoutRow))
        if rows.contains(where: { $0.count > 1 }) {
            let brokenRows = rows.flatMap { $0.map { [$0] } }
            let broken = fit(brokenRows.map(Self.layoutRow))
            return size(broken) > size(asWritten) * 5 / 4 ? (brokenRows, broken) : (rows, asWritten)
        }
        guard rows.count == 1, rows[0].count == 1, rows[0][0].groups.count > 1 else { return (rows, asWritten) }
        var best = asWritten
        for lines in 2...rows[0][0].groups.count {
            var row = Self.layoutRow(rows[0])
            row.lines = lines
            let stacked = fit([row])
            if size(stacked) > size(best), size(stacked) > size(asWritten) * 5 / 4 { best = stacked }
        }
        return (rows, best)
    }

    /// A row of items as the layout sees it: their groups, a label under each item's groups.
    public static func layoutRow(_ items: [FaceItem]) -> FaceLayout.Row {
        FaceLayout.Row(groups: items.flatMap(\.groups), labels: items.map(\.label), spans: items.map { $0.groups.count })
    }
}
