import FlipClockCore
import FlipClockOutput
import Logging

/// The screens the clock is shown on, one per output, and how bright they are.
///
/// Each screen lays out the face its output shows (``ClockConfiguration/face(on:showing:hiding:)``:
/// its own rows, or the `[[face]]` shown, without the hidden ones); all are told the same
/// reading, scores, texts and timers. A DRM card's monitors plugged in or out gain or lose a screen. The brightness is
/// the outputs' power at 0, the backlight where there is one, and each screen's render level.
final class ScreenSet {
    let outputs: OutputSet
    private(set) var screens: [Screen] = []
    private(set) var configuration: ClockConfiguration
    private(set) var glyphs: any GlyphSource
    /// The items the screens leave out now (timers that hide when idle): what the state's
    /// ``ClockState/hiddenTimers(at:)`` said when the screens last could fold rows.
    private(set) var hidden: Set<String>
    /// The `[[face]]` the screens show now (`nil`: the `[[row]]` face): what the state's
    /// ``ClockState/faceShown(at:)`` said when the screens last could fold rows.
    private(set) var faceName: String?
    /// The brightness the screens show now (0: off, nothing drawn).
    private(set) var level = 1.0
    /// The panel's backlight, dimmed with the colours where there is one.
    private var backlight: Backlight?
    private let logger: Logger

    init(
        outputs: OutputSet, configuration: ClockConfiguration, glyphs: any GlyphSource, face scheduled: String? = nil, hidden: Set<String>,
        showing: Showing, logger: Logger
    ) {
        self.outputs = outputs
        self.configuration = configuration
        self.glyphs = glyphs
        self.faceName = scheduled
        self.hidden = hidden
        self.logger = logger
        do {
            backlight = try Backlight.named(configuration.backlight)
        } catch {
            logger.warning("no backlight; dimming the colours only", metadata: ["error": "\(error)"])
        }
        screens = outputs.open.map { Screen(output: $0, face: face(for: $0), showing: showing, glyphs: glyphs, level: 1) }
    }

    /// Puts the backlight back as it was.
    func restore() { backlight?.restore() }

    private func face(for output: FrameOutput) -> Face { configuration.face(on: output.connector, showing: faceName, hiding: hidden) }

    /// Shows `configuration`'s `face` (`nil`: the `[[row]]` face), drawn with `glyphs`, without
    /// the items in `hidden`, from `instant` on: rows that went or came fold. Returns whether
    /// any do.
    func reload(
        _ configuration: ClockConfiguration, glyphs: any GlyphSource, face scheduled: String? = nil, hidden: Set<String>, showing: Showing,
        at instant: Duration
    ) -> Bool {
        self.configuration = configuration
        self.glyphs = glyphs
        return hide(hidden, face: scheduled, showing: showing, at: instant)
    }

    /// Shows `face` (`nil`: the `[[row]]` face) and leaves out the items in `hidden` from
    /// `instant` on: rows that went or came fold away, or in. Returns whether any do.
    func hide(_ hidden: Set<String>, face scheduled: String? = nil, showing: Showing, at instant: Duration) -> Bool {
        self.hidden = hidden
        self.faceName = scheduled
        return screens.map { $0.reload(face(for: $0.output), showing, glyphs: glyphs, at: instant) }.contains(true)
    }

    /// Shows `level` from now on: the backlight follows, the outputs are turned off at 0 and
    /// on again above it, and the screens draw their faces at it.
    func apply(_ level: Double) throws {
        let before = self.level
        self.level = level
        if (before == 0) != (level == 0) {
            for screen in screens { try screen.output.setPower(level > 0) }
        }
        if level > 0 {
            for screen in screens { screen.dim(to: level) }
        }
        do {
            try backlight?.set(level)
        } catch {
            logger.warning("cannot set the backlight; dimming the colours only", metadata: ["error": "\(error)"])
            backlight = nil
        }
        logger.info(level == 0 ? "screen off" : "screen at \(Int((level * 100).rounded())) %", metadata: ["output": "\(outputs.name)"])
    }

    /// Shows the clocks' reading (as dashes if `dashed`; and timers' seconds, if any) from `now` on.
    func show(_ reading: ClockReading, dashed: Bool = false, timers: [String: Int?]?, game: [String: String?] = [:], at now: Duration) {
        for screen in screens { screen.show(reading, dashed: dashed, timers: timers, game: game, at: now) }
    }

    func setScores(_ changed: [String: Int], at now: Duration) {
        for screen in screens { screen.setScores(changed, at: now) }
    }

    func setTexts(_ changed: [String: String], at now: Duration) {
        for screen in screens { screen.setTexts(changed, at: now) }
    }

    /// Whether something moved at the last frame on any screen.
    var moving: Bool { screens.contains { $0.moving } }

    /// When a panel next moves for the state's `messages` (a message posted, its time up);
    /// `nil` when all rest closed.
    func panelChange(after now: Duration, messages: PanelReveal) -> Duration? {
        screens.compactMap { $0.panelChange(after: now, messages: messages) }.min()
    }

    /// Each screen as a request sees it (its size and its message panel).
    var shapes: [ClockState.ScreenShape] {
        screens.map {
            let size = $0.output.canvasSize
            return ClockState.ScreenShape(name: $0.output.name, width: size.width, height: size.height, panel: $0.panel)
        }
    }

    /// One frame per refresh of the fastest screen.
    var frameInterval: Duration { .seconds(1) / (screens.map(\.output.refreshRate).max() ?? 60) }

    /// The outputs whose events the loop waits for: screens of one DRM card share its
    /// descriptor, so each descriptor comes once.
    var eventOutputs: [FrameOutput] {
        var waited: [FrameOutput] = []
        for screen in screens {
            guard let events = screen.output.eventDescriptor, !waited.contains(where: { $0.eventDescriptor == events }) else { continue }
            waited.append(screen.output)
        }
        return waited
    }

    /// Stops drawing (switched away from the console).
    func suspend() {
        for screen in screens { screen.output.suspend() }
    }

    /// Takes the outputs back, each drawn whole at the next frame.
    func resume() throws(OutputError) {
        for screen in screens {
            try screen.output.resume()
            screen.redrawAll = true
        }
    }

    /// Looks at the card's connectors again: a screen for each monitor plugged in (drawn whole
    /// at the next frame), none for each one unplugged. A failed look keeps the screens as
    /// they are. Returns whether the screens changed.
    func followHotplug(_ card: DRMCard, showing: Showing) -> Bool {
        do {
            let change = try card.rescan()
            for output in change.removed {
                screens.removeAll { $0.output === output }
                logger.notice("screen unplugged", metadata: ["screen": "\(output.name)"])
            }
            for output in change.added {
                if level == 0 { try? output.setPower(false) }
                let screen = Screen(output: output, face: face(for: output), showing: showing, glyphs: glyphs, level: max(level, 0.01))
                screens.append(screen)
                logger.notice("screen plugged in", metadata: ["screen": "\(output.name)"])
            }
            for problem in change.skipped { logger.error("a connected monitor cannot be shown", metadata: ["error": "\(problem)"]) }
            if screens.isEmpty, !change.removed.isEmpty { logger.notice("no screen connected: waiting for one", metadata: ["card": "\(card.path)"]) }
            return !change.added.isEmpty || !change.removed.isEmpty
        } catch {
            logger.error("cannot look at the connectors after a hotplug", metadata: ["error": "\(error)"])
            return false
        }
    }
}
