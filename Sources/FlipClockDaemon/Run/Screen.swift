import FlipClockControl
import FlipClockCore
import FlipClockDisplay

/// What every screen shows at one moment: the configuration, the clocks' reading, the scores
/// and texts as acknowledged, the font, and the brightness the colours are drawn at.
struct ScreenFace {
    var configuration: ClockConfiguration
    var reading: ClockReading
    var scores: [String: Int]
    var texts: [String: String]
    var glyphs: any GlyphSource
    /// Above 0: the screen is on (off is the output's power, not a colour).
    var level: Double
    /// Items not shown now (timers that hide when idle).
    var hidden: Set<String> = []

    /// The look with its colours at ``level``.
    var style: CardStyle { configuration.style.dimmed(to: level) }

    /// The configuration as `output` shows it: its own rows, if it has them, without what is
    /// hidden, its colours at ``level``.
    func configuration(for output: FrameOutput) -> ClockConfiguration {
        var c = configuration
        c.style = style
        c.hiddenItems = hidden
        if let own = configuration.screen(output.connector).rows { c.rowNames = own }
        return c
    }
}

/// One output the clock is shown on: the scene laid out for its size and rotation, the
/// message panel over it, the rows folding after a reload, and the flip it is drawing.
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

    /// A flip that landed on this screen: its frames and how long it took.
    struct FlipDone {
        var frames: Int
        var duration: Duration
    }

    init(output: FrameOutput, face: ScreenFace) {
        self.output = output
        (scene, panel) = Self.draw(face, on: output)
    }

    /// The face laid out upright on the output's canvas, and an empty message panel over it.
    private static func draw(_ face: ScreenFace, on output: FrameOutput) -> (ClockScene, MessagePanel) {
        let configuration = face.configuration(for: output)
        let size = output.canvasSize
        let scene = ClockScene(
            configuration: configuration, width: size.width, height: size.height, showing: face.reading, scores: face.scores,
            texts: face.texts, glyphs: face.glyphs
        )
        return (scene, MessagePanel(layout: scene.renderer.layout, style: configuration.style, glyphs: face.glyphs))
    }

    /// A reloaded configuration's face: rows that went or came fold from `instant` on, and the
    /// new face is drawn whole into its canvas first, so there is no black frame. Messages
    /// were laid out for the old face: they go with it. Returns whether rows fold.
    func reload(_ face: ScreenFace, at instant: Duration) -> Bool {
        let old = scene
        (scene, panel) = Self.draw(face, on: output)
        change = nil
        if (try? scene.frame(at: instant)) != nil {
            change = RowChange(
                from: old.canvas, old.renderer.layout, rows: old.rows, to: scene.canvas, scene.renderer.layout, rows: scene.rows,
                background: face.style.background.pixel, perspective: face.configuration.perspective,
                lighting: CardLighting(strength: face.configuration.shading), at: instant
            )
        }
        redrawAll = true
        moving = false
        return change != nil
    }

    /// The face at another brightness, drawn whole at the next frame; a panel with messages
    /// keeps them (and its colours) until it closes.
    func dim(_ face: ScreenFace) {
        let (scene, panel) = Self.draw(face, on: output)
        self.scene = scene
        if isQuiet { self.panel = panel }
        redrawAll = true
        moving = false
    }

    /// Whether the message panel is closed with nothing waiting.
    var isQuiet: Bool { panel.reveal.state == .closed && panel.reveal.waiting.isEmpty }

    /// Shows the clocks' reading (and timers' seconds, if any) from `now` on.
    func show(_ reading: ClockReading, timers: [String: Int?]?, at now: Duration) {
        scene.show(reading, at: now)
        if let timers { scene.setTimers(timers, at: now) }
    }

    func setScores(_ changed: [String: Int], at now: Duration) { scene.setScores(changed, at: now) }

    func setTexts(_ changed: [String: String], at now: Duration) { scene.setTexts(changed, at: now) }

    /// The message laid out for this screen's panel; throws what is wrong with it here (its
    /// row, its text, a full queue at `now`: checked first, so it costs no layout), posting nothing.
    func layOut(_ text: String, for hold: Duration, row: Int, at now: Duration) throws(ControlError) -> PanelMessage {
        do {
            try panel.reveal.checkRoom(at: now)
            return try panel.laidOut(text, for: hold, row: row)
        } catch {
            throw ControlError(error)
        }
    }

    /// Queues `message` (laid out by ``layOut(_:for:row:)``); returns its number.
    @discardableResult
    func post(_ message: PanelMessage, at now: Duration) throws(ControlError) -> Int {
        do { return try panel.post(message, at: now) } catch { throw ControlError(error) }
    }

    func clearMessages(at now: Duration) { panel.clear(at: now) }

    /// When the panel next moves (a message posted, its time up); `nil` when it rests closed.
    func panelChange(after now: Duration) -> Duration? { panel.nextChange(after: now) }

    /// Draws and presents the frame at `now` if anything on it changed, counting it in `report`;
    /// returns the flip that landed with it, if one did.
    func frame(at now: Duration, report: inout ClockLoop.Report) throws -> FlipDone? {
        if var folding = change, !folding.isFinished(at: now) {
            folding.frame(at: now)
            change = folding
            try output.present(folding.canvas, damage: [folding.canvas.bounds])
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
        let (screen, damage) = try panel.frame(face: scene.canvas, damage: faceDamage, at: now)
        let stillMoving = scene.isMoving(at: now) || panel.isMoving(at: now)
        if !damage.isEmpty || redrawAll {
            try output.present(screen, damage: redrawAll ? [screen.bounds] : damage)
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
