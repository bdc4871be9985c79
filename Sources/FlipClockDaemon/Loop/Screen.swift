import FlipClockControl
import FlipClockCore
import FlipClockOutput

/// What every screen shows besides its face: the clocks' reading and the scores and texts
/// as the state holds them.
struct Showing {
    var reading: ClockReading
    var scores: [String: Int]
    var texts: [String: String]
    /// The countdowns' cards at `reading` (``ClockState/countdownFaces(at:zone:)``), so a new
    /// face shows them from its first frame.
    var faces: [String: String?] = [:]
}

/// One output the clock is shown on: the scene laid out for its size and rotation, the
/// message panel over it, the pairing code over both, the rows folding after a reload, and
/// the flip it is drawing.
///
/// The loop tells every screen the same time, scores and timers, and the state's messages and
/// pairing code at each frame; each lays them out for its size, draws only what moved on it
/// and counts its own frames per flip, at its own pace of page flips.
final class Screen {
    let output: FrameOutput
    private(set) var scene: ClockScene
    /// The panel that opens under a row to show a message (seed 004), laid out for this screen.
    private(set) var panel: MessagePanel
    /// The state's messages as laid out on this screen, by number (`height` 0: not shown here).
    private var laidOut: [Int: PanelMessage] = [:]
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
    /// The control page's QR code over the face as this screen drew it last (`overlay` `nil`:
    /// the screen is too small for it).
    private var pairing: (code: ModuleGrid, overlay: PairingOverlay?)?
    /// The lost-leader mark as this screen drew it last; `nil`: not lost.
    private var lost: LostMark?
    /// The unsynchronised time's mark as this screen drew it last; `nil`: none shown.
    private var unsynced: SyncMark?
    /// The face's margin, where the mark goes.
    private var margin: Double

    /// A flip that landed on this screen: its frames and how long it took.
    struct FlipDone {
        var frames: Int
        var duration: Duration
    }

    init(output: FrameOutput, face: Face, showing: Showing, glyphs: any GlyphSource, level: Double) {
        self.output = output
        self.level = level
        margin = face.spacing.margin
        (scene, panel) = Self.draw(face, showing, glyphs, on: output)
    }

    /// The face laid out upright on the output's canvas, and an empty message panel over it.
    private static func draw(_ face: Face, _ showing: Showing, _ glyphs: any GlyphSource, on output: FrameOutput) -> (ClockScene, MessagePanel) {
        let size = output.canvasSize
        let scene = ClockScene(
            face: face, width: size.width, height: size.height, showing: showing.reading, scores: showing.scores,
            texts: showing.texts, faces: showing.faces, glyphs: glyphs
        )
        return (scene, MessagePanel(layout: scene.renderer.layout, style: face.style, glyphs: glyphs))
    }

    /// A reloaded configuration's face: rows that went or came fold from `instant` on, and the
    /// new face is drawn whole into its canvas first, so there is no black frame. Messages
    /// were laid out for the old face: they go with it. Returns whether rows fold.
    func reload(_ face: Face, _ showing: Showing, glyphs: any GlyphSource, at instant: Duration) -> Bool {
        let old = scene
        (scene, panel) = Self.draw(face, showing, glyphs, on: output)
        laidOut = [:]
        change = nil
        margin = face.spacing.margin
        if lost != nil { lost = mark(on: output.canvasSize) }
        if unsynced != nil { unsynced = SyncMark(width: output.canvasSize.width, height: output.canvasSize.height, margin: margin) }
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

    /// Shows `code` over the face from the next frame on (`nil`: none); drawn whole when it changes.
    private func pair(_ code: ModuleGrid?) {
        guard code != pairing?.code else { return }
        let size = output.canvasSize
        pairing = code.map { ($0, PairingOverlay(code: $0, width: size.width, height: size.height)) }
        redrawAll = true
    }

    /// `canvas` (of which `damage` changed) with the pairing code over it, if one shows.
    private func paired(_ canvas: Canvas, damage: [DamageRect]) -> (Canvas, [DamageRect]) {
        guard var overlay = pairing?.overlay else { return (canvas, damage) }
        defer { pairing?.overlay = overlay }
        return overlay.frame(face: canvas, damage: redrawAll ? [canvas.bounds] : damage)
    }

    /// Shows the lost-leader mark from the next frame on (`false`: none); drawn whole when it changes.
    private func mark(_ lost: Bool) {
        guard lost != (self.lost != nil) else { return }
        self.lost = lost ? mark(on: output.canvasSize) : nil
        redrawAll = true
    }

    private func mark(on size: PixelSize) -> LostMark { LostMark(width: size.width, height: size.height, margin: margin) }

    /// `canvas` (of which `damage` changed) with the lost-leader mark and the unsynchronised
    /// time's mark over it, each if it shows.
    private func marked(_ canvas: Canvas, damage: [DamageRect]) -> (Canvas, [DamageRect]) {
        var (canvas, damage) = (canvas, damage)
        if var mark = lost {
            (canvas, damage) = mark.frame(face: canvas, damage: redrawAll ? [canvas.bounds] : damage)
            lost = mark
        }
        if var mark = unsynced {
            (canvas, damage) = mark.frame(face: canvas, damage: redrawAll ? [canvas.bounds] : damage)
            unsynced = mark
        }
        return (canvas, damage)
    }

    /// Shows the unsynchronised time's mark from the next frame on (`false`: none); drawn whole when it changes.
    private func markUnsynced(_ shown: Bool) {
        guard shown != (unsynced != nil) else { return }
        let size = output.canvasSize
        unsynced = shown ? SyncMark(width: size.width, height: size.height, margin: margin) : nil
        redrawAll = true
    }

    /// Shows the clocks' reading (as dashes if `dashed`; and timers' seconds, if any) from `now` on.
    func show(_ reading: ClockReading, dashed: Bool = false, timers: [String: Int?]?, game: [String: String?] = [:], at now: Duration) {
        scene.show(reading, dashed: dashed, at: now)
        if let timers { scene.setTimers(timers, at: now) }
        if !game.isEmpty { scene.setGame(game, at: now) }
    }

    func setScores(_ changed: [String: Int], at now: Duration) { scene.setScores(changed, at: now) }

    func setTexts(_ changed: [String: String], at now: Duration) { scene.setTexts(changed, at: now) }

    /// `messages` (the state's) laid out on this screen's panel: a message that does not fit
    /// here (a screen plugged in since it was posted) has no height, and does not show.
    private func layOut(_ messages: PanelReveal) -> PanelReveal {
        // At rest (the loop moves the state's panel on each wake): nothing to lay out.
        guard messages.shown != nil || !messages.waiting.isEmpty else {
            if !laidOut.isEmpty { laidOut = [:] }
            return messages
        }
        let numbers = Set(([messages.shown].compactMap { $0 } + messages.waiting).map(\.number))
        laidOut = laidOut.filter { numbers.contains($0.key) }
        return messages.laidOut { posted in
            if let message = laidOut[posted.number] { return message }
            let m = posted.message
            let message = (try? panel.laidOut(m.text, for: m.hold, row: m.row)) ?? PanelMessage(text: m.text, hold: m.hold, row: m.row, height: 0)
            laidOut[posted.number] = message
            return message
        }
    }

    /// When the panel next moves for `messages` (a message posted, its time up); `nil` when it rests closed.
    func panelChange(after now: Duration, messages: PanelReveal) -> Duration? { layOut(messages).nextChange(after: now) }

    /// What the screen shows since its last frame, upright and at full brightness: the rows
    /// folding, or the face with the message panel over it; the pairing code over either. A
    /// copy kept past the next frame makes that frame copy the canvas.
    var shown: Canvas {
        let face = change?.canvas ?? panel.shown(face: scene.canvas)
        let paired = pairing?.overlay?.shownOver(face: face) ?? face
        let lostOver = lost?.shownOver(face: paired) ?? paired
        return unsynced?.shownOver(face: lostOver) ?? lostOver
    }

    /// Draws and presents the frame at `now` with the state's `messages` and `pairing` code, and
    /// the lost-leader mark if `lost` and the unsynchronised time's if `unsynced` (if anything
    /// on it changed), counting it in `report`; returns the flip that landed with it, if one did.
    func frame(
        at now: Duration, messages: PanelReveal, pairing: ModuleGrid?, lost: Bool = false, unsynced: Bool = false, report: inout ClockLoop.Report
    ) throws -> FlipDone? {
        pair(pairing)
        mark(lost)
        markUnsynced(unsynced)
        if var folding = change, !folding.isFinished(at: now) {
            folding.frame(at: now)
            change = folding
            let whole = [folding.canvas.bounds]
            let (withCode, codeDamage) = paired(folding.canvas, damage: whole)
            try present(marked(withCode, damage: codeDamage).0, damage: whole)
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
        let reveal = layOut(messages)
        let (withPanel, panelDamage) = try panel.draw(face: scene.canvas, damage: faceDamage, picture: reveal.picture(at: now))
        let (withCode, codeDamage) = paired(withPanel, damage: panelDamage)
        let (screen, damage) = marked(withCode, damage: codeDamage)
        let stillMoving = scene.isMoving(at: now) || reveal.isMoving(at: now)
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
