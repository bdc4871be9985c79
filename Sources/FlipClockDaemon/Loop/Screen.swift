import FlipClockControl
import FlipClockCore
import FlipClockOutput

/// What every screen shows besides its face: the clocks' reading and the scores and texts
/// as the state holds them.
struct Showing {
    var reading: ClockReading
    var scores: [String: Int]
    var texts: [String: String]
}

/// One output the clock is shown on: the scene laid out for its size and rotation, the
/// message panel over it, the pairing code over both, the rows folding after a reload, and
/// the flip it is drawing.
///
/// The loop tells every screen the same time, scores and timers; each draws only what moved
/// on it and counts its own frames per flip, at its own pace of page flips.
final class Screen {
    let output: FrameOutput
    private(set) var scene: ClockScene
    /// Messages on a panel that opens under a row (seed 004), laid out for this screen.
    private(set) var panel: MessagePanel
    /// The change from the last face's rows while rows fold (seeds 000–002).
    private var change: RowChange?
    /// Whether something moved at the last frame, since when, and in how many frames.
    private(set) var moving = false
    private var flipStart = Duration.zero
    private var flipFrames = 0
    /// Frames this screen presented.
    private(set) var frames = 0
    /// The next frame copies the whole canvas (back on the console, a reloaded face).
    var redrawAll = false
    /// How bright the screen shows its face (above 0; off is the output's power): a render
    /// parameter, applied as the frame is presented.
    private(set) var level = 1.0
    /// The frame at ``level``, while it is below 1.
    private var dimmed: Canvas?
    /// The control page's QR code over the face, and until when it shows.
    private var pairing: (overlay: PairingOverlay, until: Duration)?

    /// A flip that landed on this screen: its frames and how long it took.
    struct FlipDone {
        var frames: Int
        var duration: Duration
    }

    init(output: FrameOutput, face: Face, showing: Showing, glyphs: any GlyphSource, level: Double) {
        self.output = output
        self.level = level
        (scene, panel) = Self.draw(face, showing, glyphs, on: output)
    }

    /// The face laid out upright on the output's canvas, and an empty message panel over it.
    private static func draw(_ face: Face, _ showing: Showing, _ glyphs: any GlyphSource, on output: FrameOutput) -> (ClockScene, MessagePanel) {
        let size = output.canvasSize
        let scene = ClockScene(
            face: face, width: size.width, height: size.height, showing: showing.reading, scores: showing.scores,
            texts: showing.texts, glyphs: glyphs
        )
        return (scene, MessagePanel(layout: scene.renderer.layout, style: face.style, glyphs: glyphs))
    }

    /// A reloaded configuration's face: rows that went or came fold from `instant` on, and the
    /// new face is drawn whole into its canvas first, so there is no black frame. Messages
    /// were laid out for the old face: they go with it. Returns whether rows fold.
    func reload(_ face: Face, _ showing: Showing, glyphs: any GlyphSource, at instant: Duration) -> Bool {
        let old = scene
        (scene, panel) = Self.draw(face, showing, glyphs, on: output)
        change = nil
        if (try? scene.frame(at: instant)) != nil {
            change = RowChange(
                from: old.canvas, old.renderer.layout, rows: old.rows, to: scene.canvas, scene.renderer.layout, rows: scene.rows,
                background: face.style.background.pixel, perspective: face.perspective,
                lighting: CardLighting(strength: face.shading), at: instant
            )
        }
        redrawAll = true
        moving = false
        return change != nil
    }

    /// Shows the face at `level` (above 0) from the next frame on, presented whole.
    func dim(to level: Double) {
        self.level = level
        if level >= 1 { dimmed = nil }
        redrawAll = true
    }

    /// Presents `canvas` (its `damage`) at the screen's ``level``.
    private func present(_ canvas: Canvas, damage: [DamageRect]) throws {
        guard level < 1 else { return try output.present(canvas, damage: damage) }
        if dimmed?.width != canvas.width || dimmed?.height != canvas.height { dimmed = Canvas(width: canvas.width, height: canvas.height) }
        dimmed!.copy(canvas, dimmedTo: level, in: damage)
        try output.present(dimmed!, damage: damage)
    }

    /// `code` laid out for this screen; `nil` if the screen is too small for it.
    func overlay(for code: ModuleGrid) -> PairingOverlay? {
        let size = output.canvasSize
        return PairingOverlay(code: code, width: size.width, height: size.height)
    }

    /// Shows `overlay` over the face until `until`, from the next frame on.
    func pair(_ overlay: PairingOverlay, until: Duration) {
        pairing = (overlay, until)
        redrawAll = true
    }

    /// Takes the code down; the face is drawn whole at the next frame. Returns whether one showed.
    @discardableResult
    func stopPairing() -> Bool {
        guard pairing != nil else { return false }
        pairing = nil
        redrawAll = true
        return true
    }

    /// When the pairing code comes down; `nil`: none shows.
    var pairingEnds: Duration? { pairing?.until }

    /// `canvas` (of which `damage` changed) with the pairing code over it, if one shows.
    private func paired(_ canvas: Canvas, damage: [DamageRect]) -> (Canvas, [DamageRect]) {
        guard pairing != nil else { return (canvas, damage) }
        return pairing!.overlay.frame(face: canvas, damage: redrawAll ? [canvas.bounds] : damage)
    }

    /// Whether the message panel is closed with nothing waiting.
    var isQuiet: Bool { panel.reveal.state == .closed && panel.reveal.waiting.isEmpty }

    /// Shows the clocks' reading (and timers' seconds, if any) from `now` on.
    func show(_ reading: ClockReading, timers: [String: Int?]?, game: [String: String?] = [:], at now: Duration) {
        scene.show(reading, at: now)
        if let timers { scene.setTimers(timers, at: now) }
        if !game.isEmpty { scene.setGame(game, at: now) }
    }

    func setScores(_ changed: [String: Int], at now: Duration) { scene.setScores(changed, at: now) }

    func setTexts(_ changed: [String: String], at now: Duration) { scene.setTexts(changed, at: now) }

    /// The message laid out for this screen's panel; throws what is wrong with it here (its
    /// row, its text, a full queue at `now`: checked first, so it costs no layout), posting nothing.
    func layOut(_ text: String, for hold: Duration, row: Int, at now: Duration) throws(MessageError) -> PanelMessage {
        try panel.reveal.checkRoom(at: now)
        return try panel.laidOut(text, for: hold, row: row)
    }

    /// Queues `message` (laid out by ``layOut(_:for:row:)``); returns its number.
    @discardableResult
    func post(_ message: PanelMessage, at now: Duration) throws(MessageError) -> Int {
        try panel.post(message, at: now)
    }

    func clearMessages(at now: Duration) { panel.clear(at: now) }

    /// When the panel next moves (a message posted, its time up); `nil` when it rests closed.
    func panelChange(after now: Duration) -> Duration? { panel.nextChange(after: now) }

    /// What the screen shows since its last frame, upright and at full brightness: the rows
    /// folding, or the face with the message panel over it; the pairing code over either. A
    /// copy kept past the next frame makes that frame copy the canvas.
    var shown: Canvas {
        let face = change?.canvas ?? panel.shown(face: scene.canvas)
        return pairing?.overlay.shownOver(face: face) ?? face
    }

    /// Draws and presents the frame at `now` if anything on it changed, counting it in `report`;
    /// returns the flip that landed with it, if one did.
    func frame(at now: Duration, report: inout ClockLoop.Report) throws -> FlipDone? {
        if let pairing, now >= pairing.until { stopPairing() }
        if var folding = change, !folding.isFinished(at: now) {
            folding.frame(at: now)
            change = folding
            try present(paired(folding.canvas, damage: [folding.canvas.bounds]).0, damage: [folding.canvas.bounds])
            frames += 1
            report.frames += 1
            moving = true
            return nil
        }
        if change != nil {
            // The rows have folded into the new face: it is shown whole, and no flip landed.
            change = nil
            moving = false
        }
        // The face, and over it the message panel when one is open.
        // Drawn first: the canvas handed on must be this frame's.
        let faceDamage = try scene.frame(at: now)
        let (withPanel, panelDamage) = try panel.frame(face: scene.canvas, damage: faceDamage, at: now)
        let (screen, damage) = paired(withPanel, damage: panelDamage)
        let stillMoving = scene.isMoving(at: now) || panel.isMoving(at: now)
        if !damage.isEmpty || redrawAll {
            try present(screen, damage: redrawAll ? [screen.bounds] : damage)
            frames += 1
            report.frames += 1
            if moving || stillMoving {
                flipFrames += 1
            } else if redrawAll {
                report.redraws += 1
            } else if frames > 1 {
                report.stillFrames += 1
            }
            redrawAll = false
        }
        defer { moving = stillMoving }
        if !moving && stillMoving {
            flipStart = now
            flipFrames = damage.isEmpty ? 0 : 1
        }
        guard moving && !stillMoving else { return nil }
        report.flips += 1
        return FlipDone(frames: flipFrames, duration: now - flipStart)
    }
}
