/// Messages on a face: the panel that opens under a row of cards to show them, one after
/// another, over the face as its ``FaceRenderer`` draws it.
///
/// This is what the daemon drives. ``post(_:for:row:at:)`` lays a message out on the face
/// and queues it; each frame, ``frame(face:damage:at:)`` takes the face's canvas and damage
/// and gives the canvas to show and its damage. Between frames, ``isMoving(at:)`` says
/// whether to draw the next one at the refresh rate, and ``nextChange(after:)`` until when
/// to sleep: a panel held open and still draws nothing.
public struct MessagePanel: Sendable {
    public let layout: FaceLayout
    public private(set) var reveal: PanelReveal
    private var renderer: RevealRenderer
    private let glyphs: any GlyphSource
    /// The panel's surface: halfway from the face's background to its cards, so on a dark
    /// face and a light one alike the screen opens onto a surface of its own, lit less than
    /// the cards (its edges are shaded as a recess).
    private let surface: UInt32
    private let ink: UInt32
    /// The image of the message on the panel, kept while that message shows.
    private var image: (number: Int, canvas: Canvas, geometry: PanelGeometry)?

    public init(layout: FaceLayout, style: CardStyle, glyphs: any GlyphSource, timing: RevealTiming = .standard, capacity: Int = 8) {
        self.layout = layout
        self.glyphs = glyphs
        reveal = PanelReveal(timing: timing, capacity: capacity)
        renderer = RevealRenderer(width: layout.width, height: layout.height)
        surface = style.background.mixed(with: style.card, by: 0.5).pixel
        ink = style.digits.pixel
    }

    /// `text` laid out on this face under `row` (from 1 at the top), held open for `hold`.
    ///
    /// Throws for an empty text or one the font cannot draw, one over ``PanelMessage/longest``
    /// characters or ``PanelMessage/mostLines`` lines, a hold outside ``PanelMessage/holds``
    /// or a row the face does not have.
    public func laidOut(_ text: String, for hold: Duration, row: Int = 1) throws(MessageError) -> PanelMessage {
        try PanelMessage.checkLength(text)
        guard text.contains(where: { !$0.isWhitespace }) else { throw .empty }
        guard PanelMessage.holds.contains(hold) else { throw .holdOutOfRange }
        let geometry = try PanelGeometry(layout: layout, row: row)
        let lines = try self.lines(text, geometry)
        guard lines.count <= PanelMessage.mostLines else { throw .tooManyLines(lines.count) }
        return PanelMessage(
            text: text, hold: hold, row: row, height: geometry.height(lines: lines.count),
            scrollLines: max(0, lines.count - geometry.visibleLines)
        )
    }

    /// Queues `text` under `row` for `hold` from `now` on, and returns its number; throws as
    /// ``laidOut(_:for:row:)`` does, and ``MessageError/queueFull(capacity:)`` when too many messages wait.
    @discardableResult
    public mutating func post(_ text: String, for hold: Duration, row: Int = 1, at now: Duration) throws(MessageError) -> Int {
        try post(laidOut(text, for: hold, row: row), at: now)
    }

    /// Queues `message`, laid out by ``laidOut(_:for:row:)`` on this face, from `now` on, and
    /// returns its number; throws ``MessageError/queueFull(capacity:)`` when too many messages wait.
    @discardableResult
    public mutating func post(_ message: PanelMessage, at now: Duration) throws(MessageError) -> Int {
        let number = try reveal.post(message, at: now).number
        // Opening now: its text is set here, not in the first frame of the opening.
        if reveal.picture(at: now).number == number { try prepare(number, message) }
        return number
    }

    /// Drops the waiting messages and closes the panel from where it is at `now`.
    public mutating func clear(at now: Duration) {
        reveal.clear(at: now)
    }

    /// The frame at `now` over `face` (the face's canvas, of which `damage` changed since the
    /// last frame): the canvas to show and what changed on it.
    public mutating func frame(face: Canvas, damage: [DamageRect], at now: Duration) throws -> (canvas: Canvas, damage: [DamageRect]) {
        try draw(face: face, damage: damage, picture: reveal.advance(to: now))
    }

    /// Draws the panel as `picture` says: ``frame(face:damage:at:)`` draws what the reveal
    /// gives; previews and tests pose it with this.
    public mutating func draw(face: Canvas, damage: [DamageRect], picture: RevealPicture) throws -> (canvas: Canvas, damage: [DamageRect]) {
        guard let message = picture.message, picture.offset > 0 else {
            if picture.message == nil { image = nil }
            return renderer.frame(face: face, damage: damage, panel: nil)
        }
        try prepare(picture.number, message)
        let (_, canvas, geometry) = image!
        let panel = RevealRenderer.Panel(
            number: picture.number, split: geometry.split, offset: picture.offset, image: canvas,
            scroll: Int((picture.scroll * Double(geometry.lineHeight)).rounded())
        )
        return renderer.frame(face: face, damage: damage, panel: panel)
    }

    /// What the last frame showed over `face` (the face's canvas as it was drawn then).
    public func shown(face: Canvas) -> Canvas { renderer.shown(face: face) }

    /// Whether the panel or its text moves at `now`: draw the next frame at the refresh rate.
    public func isMoving(at now: Duration) -> Bool { reveal.isMoving(at: now) }

    /// When the panel next changes (`now` while it moves; `nil`: closed, nothing waiting).
    public func nextChange(after now: Duration) -> Duration? { reveal.nextChange(after: now) }

    /// Sets the panel's image for message `number`, unless it is set already.
    private mutating func prepare(_ number: Int, _ message: PanelMessage) throws(MessageError) {
        guard image?.number != number else { return }
        let geometry = try PanelGeometry(layout: layout, row: message.row)
        let lines = try lines(message.text, geometry)
        do {
            image = (number, try panelImage(lines, geometry), geometry)
        } catch {
            throw .cannotDraw("\(error)")
        }
    }

    private func lines(_ text: String, _ geometry: PanelGeometry) throws(MessageError) -> [String] {
        do {
            return try PanelText.lines(text, width: geometry.textWidth, pixelSize: geometry.pixelSize, glyphs: glyphs)
        } catch {
            throw .cannotDraw("\(error)")
        }
    }

    /// The panel's surface with every line of the text on it, each centred in the text column.
    private func panelImage(_ lines: [String], _ geometry: PanelGeometry) throws -> Canvas {
        let g = geometry
        let rows = max(lines.count, 1) * g.lineHeight + 2 * g.padding
        var image = Canvas(width: g.screenWidth, height: rows, fill: surface)
        // Lines sit on baselines that centre capitals in their line height.
        let capital = try glyphs.render("H", pixelSize: g.pixelSize).top
        for (i, line) in lines.enumerated() where !line.isEmpty {
            let run = try glyphs.render(line, pixelSize: g.pixelSize)
            let baseline = g.padding + i * g.lineHeight + (g.lineHeight + capital) / 2
            image.draw(run, x: g.textX + (g.textWidth - run.advance) / 2, baseline: baseline, color: ink)
        }
        return image
    }
}
