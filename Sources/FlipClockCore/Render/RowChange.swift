/// The face changing from one arrangement of rows to another, as paper does in seeds
/// 000–002: rows that go fold away and rows that come unfold (the pinch of seed 000, lit like
/// a flip), while the rows that stay move, and grow or shrink, to make room.
///
/// It works on two still pictures, the face before and after, each with its rows' bands, and
/// composes each frame from them. Every row's height is eased from where it was to where it
/// will be (a row that goes from its height to nothing, one that comes from nothing), the gap
/// after it with it, and the stack is kept centred as the layout centres the face: the first
/// frame is the old face and the last exactly the new one. A value: time is passed in.
public struct RowChange: Sendable {
    /// What happens to one row: it goes (a row of the old face), comes (of the new), or stays.
    enum Part: Equatable, Sendable {
        case goes(Int)
        case comes(Int)
        case stays(old: Int, new: Int)
    }

    private let parts: [Part]
    /// Each row of the new face as it is, and each row of both faces with the background
    /// transparent (a folding row shows only its cards), cut out once.
    private let newPictures: [Canvas]
    private let oldCutOut: [Canvas], newCutOut: [Canvas]
    /// Each cut-out's ``AlikeRows``: rows that are the same pixels are filtered once.
    private let oldAlike: [AlikeRows], newAlike: [AlikeRows]
    private let oldLayout: FaceLayout, newLayout: FaceLayout
    private let background: UInt32
    private let eyeDistance: Double
    /// How far the rows that come have opened (those that go: the rest), eased in and out.
    private let opening: RowFold
    public var duration: Duration { opening.duration }
    private var folds: FoldRenderer
    private var resampler = RowResampler()
    public private(set) var canvas: Canvas
    /// The screen rows the last frame drew in: all of them before the first (the old face).
    private var drawnRows: [Range<Int>]

    /// The change from `old` (showing `oldRows`, laid out as `oldLayout`) to `new`; `nil` when
    /// every row stays as it was.
    public init?<Row: Equatable>(
        from old: Canvas, _ oldLayout: FaceLayout, rows oldRows: [Row], to new: Canvas, _ newLayout: FaceLayout, rows newRows: [Row],
        background: UInt32, perspective: Double, lighting: CardLighting, at start: Duration, duration: Duration = .milliseconds(700)
    ) {
        guard old.width == new.width, old.height == new.height, oldRows.count == oldLayout.rowBands.count, newRows.count == newLayout.rowBands.count
        else { return nil }
        // Rows that stay are the longest common run of both lists, in order; the rest go or come.
        var parts: [Part] = []
        var i = 0, j = 0
        let common = Self.commonRows(oldRows, newRows)
        for (ci, cj) in common {
            while i < ci { parts.append(.goes(i)); i += 1 }
            while j < cj { parts.append(.comes(j)); j += 1 }
            parts.append(.stays(old: ci, new: cj))
            i += 1
            j += 1
        }
        while i < oldRows.count { parts.append(.goes(i)); i += 1 }
        while j < newRows.count { parts.append(.comes(j)); j += 1 }
        guard parts.contains(where: { if case .stays = $0 { false } else { true } }) else { return nil }
        self.parts = parts
        func cutOut(_ picture: Canvas, _ band: DamageRect) -> Canvas {
            var c = picture.cropped(to: band)
            for k in c.pixels.indices where c.pixels[k] == background { c.pixels[k] = 0 }
            return c
        }
        newPictures = newLayout.rowBands.map { new.cropped(to: $0) }
        oldCutOut = oldLayout.rowBands.map { cutOut(old, $0) }
        newCutOut = newLayout.rowBands.map { cutOut(new, $0) }
        oldAlike = oldCutOut.map(AlikeRows.init)
        newAlike = newCutOut.map(AlikeRows.init)
        self.oldLayout = oldLayout
        self.newLayout = newLayout
        self.background = background
        eyeDistance = perspective * Double((newLayout.slots.first ?? oldLayout.slots.first)?.rect.height ?? new.height)
        opening = RowFold(.appear, at: start, duration: duration, easing: .easeInOut)
        folds = FoldRenderer(lighting: lighting)
        canvas = old
        drawnRows = [0..<old.height]
    }

    /// Index pairs of the longest common subsequence of `a` and `b`.
    static func commonRows<Row: Equatable>(_ a: [Row], _ b: [Row]) -> [(Int, Int)] {
        var length = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                length[i][j] = a[i] == b[j] ? length[i + 1][j + 1] + 1 : max(length[i + 1][j], length[i][j + 1])
            }
        }
        var pairs: [(Int, Int)] = []
        var i = 0, j = 0
        while i < a.count, j < b.count {
            if a[i] == b[j] {
                pairs.append((i, j))
                i += 1
                j += 1
            } else if length[i + 1][j] >= length[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return pairs
    }

    public func isFinished(at now: Duration) -> Bool { opening.isFinished(at: now) }

    /// Draws the face at `now` into ``canvas``; the whole canvas changes.
    public mutating func frame(at now: Duration) {
        let p = opening.openness(at: now)
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * p }
        // Each part's height now, and how much of it is there (a row that goes from 1 to 0).
        let sizes: [(height: Double, presence: Double, gap: Double)] = parts.map { part in
            switch part {
            case .goes(let i): (Double(oldLayout.rowBands[i].height) * (1 - p), 1 - p, Double(oldLayout.rowGap))
            case .comes(let j): (Double(newLayout.rowBands[j].height) * p, p, Double(newLayout.rowGap))
            case .stays(let i, let j):
                (
                    mix(Double(oldLayout.rowBands[i].height), Double(newLayout.rowBands[j].height)), 1,
                    mix(Double(oldLayout.rowGap), Double(newLayout.rowGap))
                )
            }
        }
        // The gap before a row is there as much as the row is, and as something above it is.
        var above = 0.0
        let gaps = sizes.map { size -> Double in
            defer { above = max(above, size.presence) }
            return size.gap * min(size.presence, above)
        }
        let total = sizes.map(\.height).reduce(0, +) + gaps.reduce(0, +)
        // Where the first row starts: the old face's centre, easing to the new face's.
        func centre(_ layout: FaceLayout) -> Double {
            let bands = layout.rowBands
            let height = Double(bands.map(\.height).reduce(0, +) + layout.rowGap * max(0, bands.count - 1))
            return Double(bands.first?.y ?? 0) + height / 2
        }
        var y = mix(centre(oldLayout), centre(newLayout)) - total / 2
        // Each part's place: a fold, or a staying row's top, scale and the screen rows it covers.
        let centre = Double(canvas.width) / 2
        var drawings: [Drawing] = []
        for (k, (part, size)) in zip(parts, sizes).enumerated() {
            y += gaps[k]
            defer { y += size.height }
            guard size.height > 0 else { continue }
            switch part {
            case .goes(let i): drawings.append(.fold(oldCutOut[i], oldAlike[i], fold(oldCutOut[i], top: y, openness: 1 - p)))
            case .comes(let j): drawings.append(.fold(newCutOut[j], newAlike[j], fold(newCutOut[j], top: y, openness: p)))
            case .stays(_, let j):
                let band = newLayout.rowBands[j]
                let area = DamageRect(x: 0, y: Int(y.rounded(.down)), width: canvas.width, height: Int(size.height.rounded(.up)) + 1)
                drawings.append(.scaled(j, ScaledRow(top: y, factor: size.height / Double(band.height), centreX: centre), area))
            }
        }
        // The background where the last frame drew and where this one will; elsewhere it is
        // background already (or, before the first frame, the old face).
        let rows = drawings.map { $0.area.y..<$0.area.maxY }
        for band in Self.merged(drawnRows + rows) {
            canvas.fill(DamageRect(x: 0, y: band.lowerBound, width: canvas.width, height: band.count), with: background)
        }
        drawnRows = rows
        for drawing in drawings {
            switch drawing {
            case .fold(let row, let alike, let fold):
                folds.draw(row, fold: fold, into: &canvas, clip: canvas.bounds, alike: alike)
            case .scaled(let j, let row, let area):
                if row.factor == 1, row.top == row.top.rounded() {
                    canvas.copy(newPictures[j], x: 0, y: Int(row.top), clip: canvas.bounds) { _ in 255 }
                } else {
                    resampler.draw(
                        newCutOut[j], rows: 0..<newLayout.rowBands[j].height, farEdgeFirst: false, projection: row, shade: 255,
                        into: &canvas, area: area.clipped(to: canvas.bounds), alike: newAlike[j]
                    )
                }
            }
        }
    }

    /// What one part draws this frame: a row folding, or a row of the new face scaled.
    private enum Drawing {
        case fold(Canvas, AlikeRows, PaperFold)
        case scaled(Int, ScaledRow, DamageRect)

        /// The rectangle it may draw in.
        var area: DamageRect {
            switch self {
            case .fold(_, _, let fold): fold.bounds
            case .scaled(_, _, let area): area
            }
        }
    }

    /// `ranges` with those that overlap or touch joined, in order.
    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var joined: [Range<Int>] = []
        for range in ranges.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = joined.last, range.lowerBound <= last.upperBound {
                joined[joined.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                joined.append(range)
            }
        }
        return joined
    }

    private func fold(_ row: Canvas, top: Double, openness: Double) -> PaperFold {
        PaperFold(
            x: 0, top: top, width: Double(row.width), height: Double(row.height), vanishingX: Double(row.width) / 2,
            eyeDistance: eyeDistance, openness: openness, state: .pinch
        )
    }
}
