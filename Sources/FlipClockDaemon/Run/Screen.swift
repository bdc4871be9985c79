import FlipClockCore
import FlipClockDisplay

/// One output the clock is shown on: the scene laid out for its size and rotation, and the
/// flip it is drawing.
///
/// The loop tells every screen the same time, scores and timers; each draws only what moved
/// on it and counts its own frames per flip, at its own pace of page flips.
final class Screen {
    let output: FrameOutput
    private(set) var scene: ClockScene
    /// Whether a card moved at the last frame, since when, and in how many frames.
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

    init(output: FrameOutput, configuration: ClockConfiguration, showing time: WallTime, scores: [String: Int], glyphs: any GlyphSource) {
        self.output = output
        scene = Self.scene(for: output, configuration, showing: time, scores: scores, glyphs: glyphs)
    }

    /// The face of `configuration` laid out upright on the output's canvas.
    private static func scene(
        for output: FrameOutput, _ configuration: ClockConfiguration, showing time: WallTime, scores: [String: Int], glyphs: any GlyphSource
    ) -> ClockScene {
        let size = output.canvasSize
        return ClockScene(configuration: configuration, width: size.width, height: size.height, showing: time, scores: scores, glyphs: glyphs)
    }

    /// A reloaded configuration's face, drawn whole into its canvas before it is shown: no black frame.
    func reload(_ configuration: ClockConfiguration, showing time: WallTime, scores: [String: Int], glyphs: any GlyphSource) {
        scene = Self.scene(for: output, configuration, showing: time, scores: scores, glyphs: glyphs)
        redrawAll = true
        moving = false
    }

    /// Shows the time (and timers' seconds, if any) from `now` on.
    func show(_ time: WallTime, timers: [String: Int?]?, at now: Duration) {
        scene.show(time, at: now)
        if let timers { scene.setTimers(timers, at: now) }
    }

    func setScores(_ changed: [String: Int], at now: Duration) { scene.setScores(changed, at: now) }

    /// Draws and presents the frame at `now` if anything on it changed, counting it in `report`;
    /// returns the flip that landed with it, if one did.
    func frame(at now: Duration, report: inout ClockLoop.Report) throws -> FlipDone? {
        let damage = try scene.frame(at: now)
        let stillMoving = scene.isMoving(at: now)
        if !damage.isEmpty || redrawAll {
            try output.present(scene.canvas, damage: redrawAll ? [scene.canvas.bounds] : damage)
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
