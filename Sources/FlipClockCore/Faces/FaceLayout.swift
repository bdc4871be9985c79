/// Where each card of a face sits on the output.
public struct FaceLayout: Equatable, Sendable {
    /// One card's place: its rectangle and the size of its text relative to a digit.
    public struct Slot: Equatable, Sendable {
        public var rect: DamageRect
        public var textScale: Double

        public init(rect: DamageRect, textScale: Double = 1) {
            self.rect = rect
            self.textScale = textScale
        }
    }

    /// A card's shape before fitting: its width as a fraction of its height.
    public struct CardShape: Equatable, Sendable {
        public var aspect: Double
        public var textScale: Double

        public init(aspect: Double, textScale: Double = 1) {
            self.aspect = aspect
            self.textScale = textScale
        }
    }

    /// Spacing, all relative to the card height except the margin.
    public struct Spacing: Equatable, Sendable {
        /// Between cards of one group (the two digits of the hours).
        public var cardGap: Double
        /// Between groups (hours and minutes).
        public var groupGap: Double
        /// Around the whole face, as a fraction of the output's smaller side.
        public var margin: Double
        /// Between the things a row shows (two clocks, two scores).
        public var itemGap: Double

        public init(cardGap: Double = 0.04, groupGap: Double = 0.22, margin: Double = 0.06, itemGap: Double = 0.5) {
            self.cardGap = cardGap
            self.groupGap = groupGap
            self.margin = margin
            self.itemGap = itemGap
        }
    }

    public var width: Int
    public var height: Int
    public var slots: [Slot]

    /// The centre of the face: the vanishing point of the flaps' perspective when they vanish
    /// toward the face's (``VanishingPoint/face``).
    public var vanishingX: Double
    public var vanishingY: Double

    /// A layout placed by hand: cards at given rectangles, the vanishing point at (`vanishingX`, `vanishingY`).
    public init(width: Int, height: Int, slots: [Slot], vanishingX: Double, vanishingY: Double) {
        self.width = width
        self.height = height
        self.slots = slots
        self.vanishingX = vanishingX
        self.vanishingY = vanishingY
    }

    /// A row of the face: groups of cards, with labels under them.
    public struct Row: Equatable, Sendable {
        public var groups: [[CardShape]]
        /// `""` for none; empty when the row has no labels.
        public var labels: [String]
        /// How many groups each label lies under (a timer's minutes and seconds): one each
        /// unless given.
        public var spans: [Int]
        /// How many lines of cards the row is stacked in (a clock's hours over its minutes on a
        /// portrait screen): its groups shared out in order, the first lines taking any extra
        /// one; the labels under the last line.
        public var lines: Int

        public init(groups: [[CardShape]], labels: [String] = [], spans: [Int]? = nil, lines: Int = 1) {
            self.groups = groups
            self.labels = labels
            self.spans = spans ?? labels.map { _ in 1 }
            self.lines = max(1, min(lines, groups.count))
            precondition(self.spans.count == labels.count, "one span per label")
        }

        var hasLabels: Bool { labels.contains { !$0.isEmpty } }

        /// The line group `g` is on.
        func line(ofGroup g: Int) -> Int {
            let perLine = (groups.count + lines - 1) / lines
            return g / max(perLine, 1)
        }

        /// The row's height in card heights, its labels' included.
        var tallness: Double {
            Double(lines) + Double(lines - 1) * FaceLayout.rowGap + (hasLabels ? FaceLayout.labelGap + FaceLayout.labelHeight : 0)
        }

        /// The space before group `g`: between items (a label's groups) or inside one.
        func gap(before g: Int, _ spacing: Spacing) -> Double {
            var first = 0
            for span in spans {
                if g == first { return spacing.itemGap }
                first += span
                if g < first { break }
            }
            return spacing.groupGap
        }

        /// The row's width per unit of card height: its widest line's.
        func units(_ spacing: Spacing) -> Double {
            (0..<lines).map { units(ofLine: $0, spacing) }.max() ?? 0
        }

        /// Line `line`'s width per unit of card height.
        func units(ofLine line: Int, _ spacing: Spacing) -> Double {
            var units = 0.0
            var first = true
            for (g, group) in groups.enumerated() where self.line(ofGroup: g) == line {
                if !first { units += gap(before: g, spacing) }
                first = false
                for (c, card) in group.enumerated() {
                    if c > 0 { units += spacing.cardGap }
                    units += card.aspect
                }
            }
            return units
        }
    }

    /// Text under a group of cards.
    public struct Label: Equatable, Sendable {
        public var text: String
        public var rect: DamageRect
    }

    /// The labels under groups of cards (score names), drawn once and kept.
    public var labels: [Label] = []
    /// Each row's band across the output: its cards and labels, an even number of pixels
    /// tall (so it folds into two equal halves), and the gap to the next row.
    public var rowBands: [DamageRect] = []
    public var rowGap = 0

    /// Height of a label's text, and the gap above it, in card heights.
    static let labelHeight = 0.2, labelGap = 0.08
    /// Between rows, in card heights.
    static let rowGap = 0.3

    /// Fits one row of `groups` of cards into `width` × `height`.
    public static func fit(groups: [[CardShape]], width: Int, height: Int, spacing: Spacing = Spacing()) -> FaceLayout {
        fit(rows: [Row(groups: groups)], width: width, height: height, spacing: spacing)
    }

    /// Fits `rows` into `width` × `height`: cards as large as the margins allow, every row
    /// centred, the whole face centred, card heights even so each card splits into two equal halves.
    public static func fit(rows: [Row], width: Int, height: Int, spacing: Spacing = Spacing()) -> FaceLayout {
        let margin = spacing.margin * Double(min(width, height))
        let widest = rows.map { $0.units(spacing) }.max() ?? 0
        // The face's height per unit of card height.
        var tall = Double(rows.count - 1) * rowGap
        for row in rows { tall += row.tallness }
        let availableW = max(0, Double(width) - 2 * margin), availableH = max(0, Double(height) - 2 * margin)
        var cardHeight = min(availableH / max(tall, 1), widest > 0 ? availableW / widest : availableH)
        cardHeight = Double(max(2, Int(cardHeight) & ~1))

        var y = ((Double(height) - tall * cardHeight) / 2).rounded(.down)
        var slots: [Slot] = []
        var labels: [Label] = []
        var bands: [DamageRect] = []
        for row in rows {
            let band = Int((cardHeight * row.tallness).rounded(.up))
            bands.append(DamageRect(x: 0, y: Int(y), width: width, height: band + band % 2))
            let lineStep = cardHeight * (1 + rowGap)
            var x = 0.0, line = -1
            // Where each group starts and ends, for the labels under them.
            var extents: [(left: Double, right: Double)] = []
            for (g, group) in row.groups.enumerated() {
                if row.line(ofGroup: g) != line {
                    line = row.line(ofGroup: g)
                    x = ((Double(width) - (row.units(ofLine: line, spacing) * cardHeight).rounded()) / 2).rounded(.down)
                } else {
                    x += row.gap(before: g, spacing) * cardHeight
                }
                let left = x, top = Int(y + Double(line) * lineStep)
                for (c, card) in group.enumerated() {
                    if c > 0 { x += spacing.cardGap * cardHeight }
                    let w = Int((card.aspect * cardHeight).rounded())
                    slots.append(Slot(rect: DamageRect(x: Int(x.rounded()), y: top, width: w, height: Int(cardHeight)), textScale: card.textScale))
                    x += card.aspect * cardHeight
                }
                extents.append((left, x))
            }
            var first = 0
            let lastLine = row.lines - 1
            for (text, span) in zip(row.labels, row.spans) {
                defer { first += span }
                guard !text.isEmpty, first + span <= extents.count else { continue }
                // Under the label's groups on the last line (all of them when not stacked).
                let under = (first..<first + span).filter { row.line(ofGroup: $0) == lastLine }
                guard let firstUnder = under.first, let lastUnder = under.last else { continue }
                let left = extents[firstUnder].left, right = extents[lastUnder].right
                let top = y + Double(lastLine) * lineStep + cardHeight * (1 + labelGap)
                labels.append(
                    Label(
                        text: text,
                        rect: DamageRect(
                            x: Int(left.rounded()), y: Int(top), width: Int((right - left).rounded()), height: Int(cardHeight * labelHeight))
                    ))
            }
            y += cardHeight * (row.tallness + rowGap)
        }
        let top = slots.map(\.rect.y).min() ?? 0
        let bottom = (slots.map(\.rect.maxY) + labels.map(\.rect.maxY)).max() ?? 0
        var layout = FaceLayout(width: width, height: height, slots: slots, vanishingX: Double(width) / 2, vanishingY: Double(top + bottom) / 2)
        layout.labels = labels
        layout.rowBands = bands
        layout.rowGap = Int((rowGap * cardHeight).rounded())
        return layout
    }
}
