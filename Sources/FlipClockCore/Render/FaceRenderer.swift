/// Draws a face of flip cards into a shadow canvas, redrawing only what moved.
///
/// Each card has its own ``CardFlip``; a frame advances them all to one instant, finds the
/// cards whose picture changed, and redraws just those areas (the card, its flap's overhang
/// now and in the last frame), returning them as damage for the output to copy.
/// A still face draws nothing and returns no damage.
public struct FaceRenderer: Sendable {
    public internal(set) var canvas: Canvas
    public let layout: FaceLayout
    public var timing: FlipTiming
    public let lighting: CardLighting
    /// The eye's distance from the screen in card heights.
    public let perspective: Double
    /// Where the flaps vanish toward: each card's own hinge, or the face's centre.
    public let vanishing: VanishingPoint
    public private(set) var cards: [CardFlip]
    /// Whether a turning flap is drawn as seen over the frame's exposure (the time since the
    /// last frame, at most ``longestExposure``): blurred along its turn.
    public var motionBlur = false
    /// When the last frame was drawn.
    private var lastFrame: Duration?

    private var images: CardImageCache
    var flapRenderer = FlapRenderer()
    /// What each card looked like when last drawn; `nil` before the first frame.
    private var drawn: [CardPicture?]
    /// Where each card's flap was when last drawn (empty for none).
    private var flapBounds: [DamageRect]
    private let background: UInt32
    private let labelColor: UInt32
    /// The labels' text, rendered at the first frame.
    private var labelRuns: [GlyphRun] = []
    private let glyphs: any GlyphSource

    public init(
        layout: FaceLayout, values: [String], style: CardStyle, glyphs: any GlyphSource,
        timing: FlipTiming = .standard, lighting: CardLighting = CardLighting(), perspective: Double = 5,
        vanishing: VanishingPoint = .card
    ) {
        precondition(values.count == layout.slots.count, "one value per card")
        self.layout = layout
        self.timing = timing
        self.lighting = lighting
        self.perspective = perspective
        self.vanishing = vanishing
        background = style.background.pixel
        labelColor = PixelMath.shade(style.digits.pixel, by: 190)
        self.glyphs = glyphs
        canvas = Canvas(width: layout.width, height: layout.height, fill: background)
        images = CardImageCache(style: style, glyphs: glyphs, shading: lighting.strength)
        cards = values.map { CardFlip(showing: $0) }
        drawn = Array(repeating: nil, count: values.count)
        flapBounds = Array(repeating: DamageRect(x: 0, y: 0, width: 0, height: 0), count: values.count)
    }

    /// Asks every card to show its value from `now` on, flipping with `timing` (the face's
    /// own when `nil`).
    public mutating func show(_ values: [String], at now: Duration, timing: FlipTiming? = nil) {
        precondition(values.count == cards.count, "one value per card")
        for i in cards.indices where cards[i].target != values[i] {
            _ = cards[i].show(values[i], at: now, timing: timing ?? self.timing)
        }
    }

    /// Whether the cards in `range` are at rest at `now`, with nothing asked of them.
    public func isResting(_ range: Range<Int>, at now: Duration) -> Bool {
        range.allSatisfy {
            var c = cards[$0]; return !c.advance(to: now).isMoving && c.target == c.value
        }
    }

    /// Whether a card is still turning (or will turn) after `now`: the caller keeps drawing frames.
    public func isMoving(at now: Duration) -> Bool {
        cards.contains {
            var c = $0; return c.advance(to: now).isMoving || c.target != c.value
        }
    }

    /// The picture of every card at `now`.
    public func pictures(at now: Duration) -> [CardPicture] {
        cards.map {
            var c = $0; return c.advance(to: now)
        }
    }

    /// Draws the face at `now` and returns the rectangles that changed.
    public mutating func frame(at now: Duration) throws -> [DamageRect] {
        let opened = lastFrame.map { now - min(now - $0, Self.longestExposure) }
        let before = cards
        var pictures = cards.indices.map { cards[$0].advance(to: now) }
        lastFrame = now
        if motionBlur, let opened {
            for i in pictures.indices {
                var earlier = before[i]
                pictures[i] = Self.swept(pictures[i], from: earlier.advance(to: opened))
            }
        }
        return try draw(pictures)
    }

    /// Draws the cards as `pictures` say (one per card) and returns the rectangles that changed.
    ///
    /// ``frame(at:)`` draws what the cards' flips give; previews and tests pose cards at
    /// chosen angles with this.
    public mutating func draw(_ pictures: [CardPicture]) throws -> [DamageRect] {
        precondition(pictures.count == cards.count, "one picture per card")
        let pictures = pictures.indices.map { settled(pictures[$0], card: $0).appearance }
        let firstFrame = drawn.contains { $0 == nil }
        var regions: [DamageRect] = []
        var reach: [DamageRect] = []
        var flaps: [DamageRect] = []
        for i in cards.indices {
            let slot = layout.slots[i].rect
            let flap = pictures[i].flap.map { sweptBounds(i, $0) } ?? DamageRect(x: 0, y: 0, width: 0, height: 0)
            flaps.append(flap)
            reach.append(slot.union(flap))
            guard !firstFrame, let before = drawn[i], before != pictures[i] else { continue }
            // Only what changed: where the flap was and is, and a static half whose value or
            // light changed (a static top lit as before stays as it is while the flap lands).
            let half = slot.height / 2
            regions += [flapBounds[i], flap]
            if before.top != pictures[i].top || lighting.staticTop(before) != lighting.staticTop(pictures[i]) {
                regions.append(DamageRect(x: slot.x, y: slot.y, width: slot.width, height: half))
            }
            if before.bottom != pictures[i].bottom {
                regions.append(DamageRect(x: slot.x, y: slot.y + half, width: slot.width, height: half))
            } else if lighting.shadowDepth(before) != lighting.shadowDepth(pictures[i]) {
                // Only the rows the shadow reaches, now or before: the rest are lit as they were.
                let rows = max(lighting.shadowRows(before, height: half), lighting.shadowRows(pictures[i], height: half))
                regions.append(DamageRect(x: slot.x, y: slot.y + half, width: slot.width, height: rows))
            }
        }
        flapRenderer.forgetPlans()
        if firstFrame {
            regions = [canvas.bounds]
            // Label text sits on the label's baseline, about as tall as the label's box.
            labelRuns = try layout.labels.map { try glyphs.render($0.text, pixelSize: max(6, $0.rect.height * 5 / 4)) }
        }
        regions = Self.merged(regions.map { $0.clipped(to: canvas.bounds) }.filter { !$0.isEmpty })

        for region in regions {
            let touching = cards.indices.filter { reach[$0].clipped(to: region).isEmpty == false }
            // The cards' static halves are opaque: only the space around them needs the background.
            canvas.fill(region, with: background, except: touching.map { layout.slots[$0].rect })
            for (label, run) in zip(layout.labels, labelRuns) where !label.rect.clipped(to: region).isEmpty {
                canvas.draw(run, x: label.rect.x + (label.rect.width - run.advance) / 2, baseline: label.rect.maxY, color: labelColor, clip: region)
            }
            for i in touching { try drawStatic(i, pictures[i], clip: region) }
            for i in touching { try drawFlap(i, pictures[i], clip: region) }
        }
        drawn = pictures
        flapBounds = flaps
        return regions
    }

    /// How near lying flat a flap is drawn flat: a frame whose flap is within this many
    /// pixels of it everywhere looks like the card at rest (and costs nothing after one).
    public static let flatWithin = 0.5

    /// `picture` with a flap that is within ``flatWithin`` of lying flat laid flat: the first
    /// and last frames of a flip, eased, move the flap by less than a pixel.
    private func settled(_ picture: CardPicture, card i: Int) -> CardPicture {
        guard var flap = picture.flap else { return picture }
        let flat: Double = flap.half == .top ? 0 : 180
        guard flap.angle != flat, geometry(i).shift(fromFlat: flap.angle - flat, half: flap.half) < Self.flatWithin else { return picture }
        flap.angle = flat
        var laid = picture
        laid.flap = flap
        return laid
    }

    func projection(_ i: Int, _ angle: Double) -> FlapProjection {
        FlapProjection(geometry: geometry(i), angle: angle)
    }

    private func geometry(_ i: Int) -> FlapGeometry {
        FlapGeometry(card: layout.slots[i].rect, in: layout, perspective: perspective, vanishing: vanishing)
    }

    private mutating func image(_ i: Int, _ value: String) throws -> CardImage {
        let slot = layout.slots[i]
        return try images.image(value, width: slot.rect.width, height: slot.rect.height, textScale: slot.textScale)
    }

    mutating func drawStatic(_ i: Int, _ picture: CardPicture, clip: DamageRect) throws {
        let rect = layout.slots[i].rect
        let half = rect.height / 2
        let top = try image(i, picture.top)
        let bottom = try image(i, picture.bottom)
        let topShade = lighting.staticTop(picture)
        // What the flap will cover opaque is not drawn under it.
        var flapCover: (top: Int, columns: [Range<Int>]) = (0, [])
        // A blurred flap covers nothing whole: what lies under it shows through its sweep.
        if let flap = picture.flap, flap.sweptFrom == nil {
            let flapImage = try image(i, flap.value)
            flapCover = flapRenderer.opaqueColumns(
                flapImage.half(flap.half), opaque: flapImage.opaqueRuns(flap.half), half: flap.half, projection: projection(i, flap.angle),
                canvas: canvas.bounds, clip: clip)
        }
        let covered: (Int) -> Range<Int> = { y in
            let j = y - flapCover.top
            return j >= 0 && j < flapCover.columns.count ? flapCover.columns[j] : 0..<0
        }
        canvas.copy(
            top.top, over: top.background, opaque: top.topOpaque, alike: top.topAlike, x: rect.x, y: rect.y, clip: clip, covered: covered
        ) { _ in topShade }
        let shadow = lighting.shadow(picture, height: half)
        canvas.copy(
            bottom.bottom, over: bottom.background, opaque: bottom.bottomOpaque, alike: bottom.bottomAlike, x: rect.x, y: rect.y + half, clip: clip,
            covered: covered
        ) {
            shadow.shade(row: $0)
        }
    }

    private mutating func drawFlap(_ i: Int, _ picture: CardPicture, clip: DamageRect) throws {
        guard let flap = picture.flap else { return }
        let flapImage = try image(i, flap.value)
        if let from = flap.sweptFrom {
            try drawBlurred(flapImage.half(flap.half), picture, from: from, card: i, clip: clip)
            return
        }
        flapRenderer.draw(
            flapImage.half(flap.half), half: flap.half, projection: projection(i, flap.angle), shade: lighting.flap(angle: flap.angle),
            into: &canvas, clip: clip, alike: flapImage.alikeRows(flap.half)
        )
    }

    /// Unions overlapping rectangles until none overlap.
    static func merged(_ rects: [DamageRect]) -> [DamageRect] {
        var out: [DamageRect] = []
        for rect in rects {
            var r = rect
            var changed = true
            while changed {
                changed = false
                for j in out.indices.reversed() where !out[j].clipped(to: r).isEmpty {
                    r = r.union(out.remove(at: j))
                    changed = true
                }
            }
            out.append(r)
        }
        return out
    }
}
