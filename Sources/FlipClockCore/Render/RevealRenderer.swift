/// Composes the screen while the message panel is open: the face above the split line, the
/// panel in the gap, and the face's lower part shifted down by the offset.
///
/// The face keeps its own canvas (``FaceRenderer`` draws there and keeps flipping); this
/// renderer keeps a second one, the screen, and only while the panel is open. A frame copies
/// the face's damage above the split as it is and below it shifted down; while the panel
/// moves it copies the lower part whole, as one block (its rows are contiguous), and the
/// panel's visible rows from the panel's image, shaded row by row for the shadows. No pixel
/// is computed twice and nothing is resampled: a moving frame costs about a copy of the rows
/// under the split. While the panel is closed the face's canvas is the screen, untouched.
public struct RevealRenderer: Sendable {
    /// The panel as drawn in one frame.
    public struct Panel: Sendable {
        /// Which message the panel shows: a new number is a new image.
        public var number: Int
        /// The first screen row of the gap: the face's rows above it stay where they are.
        public var split: Int
        /// How far the lower part has slid down: the gap's height.
        public var offset: Int
        /// The panel's text and surface, as wide as the screen, from its top edge down: at
        /// least `scroll + offset` rows (taller than the open panel when its text scrolls).
        public var image: Canvas
        /// How many of the image's rows have scrolled up out of the gap.
        public var scroll: Int

        public init(number: Int, split: Int, offset: Int, image: Canvas, scroll: Int) {
            self.number = number
            self.split = split
            self.offset = offset
            self.image = image
            self.scroll = scroll
        }
    }

    /// The screen while the panel is open; empty while it is closed (a whole screen's
    /// memory held for a message that may never come is most of what a still clock keeps).
    public private(set) var screen = Canvas(width: 0, height: 0)
    private let width: Int, height: Int
    /// The panel as last drawn into ``screen``; `nil` while closed.
    private var drawn: Panel?
    /// Rows of the shadow the upper part casts into the gap, and of the lighter one at the
    /// gap's lower edge, where the panel meets the lower part.
    public let shadowHeight: Int

    public init(width: Int, height: Int, shadowHeight: Int? = nil) {
        self.width = width
        self.height = height
        self.shadowHeight = max(1, shadowHeight ?? height / 32)
    }

    /// What the last frame showed, `face` being the face's canvas as it was drawn then: the
    /// screen while the panel is open, else the face.
    public func shown(face: Canvas) -> Canvas { drawn == nil ? face : screen }

    /// Composes the frame from `face` (its own canvas, of which `damage` changed since the
    /// last frame) and `panel` (`nil`, or an offset of 0, when closed).
    ///
    /// Returns the canvas to show and what changed on it: the face's own canvas while the
    /// panel is closed, else ``screen``. Show it and let it go before the next frame: a
    /// copy kept alive makes the next frame copy the whole screen.
    public mutating func frame(face: Canvas, damage: [DamageRect], panel: Panel?) -> (canvas: Canvas, damage: [DamageRect]) {
        precondition(face.width == width && face.height == height, "the face and the screen differ in size")
        let full = { (top: Int) in DamageRect(x: 0, y: top, width: face.width, height: face.height - top) }
        guard let panel, panel.offset > 0 else {
            // Closed: the face is the screen. Closing just now uncovers the face's lower part.
            defer {
                drawn = nil
                screen = Canvas(width: 0, height: 0)
            }
            return (face, damage + (drawn.map { [full($0.split)] } ?? []))
        }
        // Opening: every row of the screen is written below (above the split, the gap, the lower part).
        if drawn == nil { screen = Canvas(width: width, height: height) }
        let split = min(max(panel.split, 0), face.height)
        let offset = min(panel.offset, face.height - split)
        var changed: [DamageRect] = []
        let above = DamageRect(x: 0, y: 0, width: face.width, height: split)
        if let drawn, drawn.split == split {
            for rect in damage {
                let r = rect.clipped(to: above)
                if !r.isEmpty { copy(face, r, by: 0); changed.append(r) }
            }
        } else {
            // Opening from closed: the screen was the face, whose rows above the split it takes.
            copy(face, above, by: 0)
            changed += damage.map { $0.clipped(to: above) }.filter { !$0.isEmpty }
            changed.append(full(min(split, drawn?.split ?? split)))
        }
        let gap = DamageRect(x: 0, y: split, width: face.width, height: offset)
        if let drawn, drawn.split == split, drawn.offset == offset {
            if drawn.number != panel.number || drawn.scroll != panel.scroll {
                drawPanel(panel, in: gap)
                changed.append(gap)
            }
            // The lower part holds still: the face's changes there, shifted down.
            let lower = DamageRect(x: 0, y: split, width: face.width, height: face.height - split - offset)
            for rect in damage {
                let r = rect.clipped(to: lower)
                if !r.isEmpty { copy(face, r, by: offset); changed.append(DamageRect(x: r.x, y: r.y + offset, width: r.width, height: r.height)) }
            }
        } else {
            drawPanel(panel, in: gap)
            copy(face, DamageRect(x: 0, y: split, width: face.width, height: face.height - split - offset), by: offset)
            if drawn?.split == split { changed.append(full(split)) }
        }
        drawn = Panel(number: panel.number, split: split, offset: offset, image: Canvas(width: 0, height: 0), scroll: panel.scroll)
        return (screen, FaceRenderer.merged(changed))
    }

    /// Copies `rect` of `face` to the screen `by` rows lower; whole rows go as one block.
    private mutating func copy(_ face: Canvas, _ rect: DamageRect, by shift: Int) {
        guard !rect.isEmpty else { return }
        let w = face.width
        face.pixels.withUnsafeBufferPointer { src in
            screen.pixels.withUnsafeMutableBufferPointer { dst in
                if rect.x == 0, rect.width == w {
                    (dst.baseAddress! + (rect.y + shift) * w).update(from: src.baseAddress! + rect.y * w, count: rect.height * w)
                    return
                }
                for y in rect.y..<rect.maxY {
                    (dst.baseAddress! + (y + shift) * w + rect.x).update(from: src.baseAddress! + y * w + rect.x, count: rect.width)
                }
            }
        }
    }

    /// Draws the panel's visible rows into `gap`, darkened under the upper edge (the upper
    /// part's shadow, deepest at the split) and, less, above the lower part's edge.
    private mutating func drawPanel(_ panel: Panel, in gap: DamageRect) {
        let top = shadowHeight, bottom = max(1, shadowHeight / 2)
        let scroll = min(max(panel.scroll, 0), max(0, panel.image.height - gap.height))
        screen.copy(panel.image, x: 0, y: gap.y - scroll, clip: gap) { row in
            let fromTop = row - scroll, fromBottom = gap.height - 1 - fromTop
            var light = 1.0
            if fromTop < top { let d = 1 - Double(fromTop) / Double(top); light *= 1 - 0.65 * d * d }
            if fromBottom < bottom { let d = 1 - Double(fromBottom) / Double(bottom); light *= 1 - 0.3 * d * d }
            return UInt32((255 * light).rounded())
        }
    }
}
