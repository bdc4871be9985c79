import CLinux
import FlipClockCore
import FlipClockDisplay
import Foundation
import Logging

/// The daemon's loop: the time face on an output, drawn only while something moves.
///
/// It sleeps until the time shown next changes (an absolute wall-clock deadline), then draws
/// one frame per refresh (paced by the monotonic clock, not by page-flip events, which
/// virtual GPUs send at once) until every card rests, and sleeps again. A stop request ends
/// it, and the output gives the screen back. It logs each flip's frame count, and the totals
/// when it stops. Everything it waits on goes through its ``LoopClock``, so a test runs it
/// through a day in milliseconds.
public final class ClockLoop {
    public struct Report: Equatable, Sendable {
        public var frames = 0
        public var flips = 0
        /// Frames presented while no card moved (the first frame, each flip's landing and the
        /// redraw on coming back to the console aside): zero for a daemon that idles.
        public var stillFrames = 0
        /// Whole-screen redraws on coming back to the console.
        public var redraws = 0
        /// Times the loop woke, and how many of those were from a rest (nothing moving).
        public var wakeups = 0
        public var idleWakeups = 0
    }

    private(set) var configuration: ClockConfiguration
    let output: FrameOutput
    private(set) var glyphs: any GlyphSource
    let clock: LoopClock
    /// Stop, reload and the console's switching, asked from other threads.
    public let requests: LoopRequests
    /// Called with each time the face starts to show, and the wall-clock instant (tests).
    public var onShow: ((WallTime, Date) -> Void)?
    let logger: Logger
    /// Whether the output is on a console whose switching the loop takes over.
    let takesConsole: Bool
    private(set) var terminal: VirtualTerminal?
    /// Tells systemd the daemon is ready, reloading or stopping, and that it is alive.
    public var notifier: SystemdNotifier?
    /// Reads the configuration (and its font) again for SIGHUP; throws what is wrong.
    public var reload: (() throws -> (ClockConfiguration, any GlyphSource))?
    /// Requests from outside (`flipclockctl`), and where acknowledged scores are kept.
    public var control: ControlServer?
    /// The configuration file: a change to it (saved, or replaced) reloads, like SIGHUP.
    public var configurationPath: String?
    public var state: StateFile?
    /// The scores and timers, as last acknowledged.
    public private(set) var board = ScoreBoard(displays: [])
    public private(set) var timers: [String: FlipTimer] = [:]
    /// What the text rows show, as last acknowledged.
    public private(set) var texts: [String: String] = [:]
    /// How bright the screen is: the night schedule, or what `flipclockctl display` said.
    public private(set) var brightness = ScreenBrightness(schedule: NightSchedule())
    /// The brightness the screen shows now (0: off, nothing drawn).
    public private(set) var shownBrightness = 1.0
    /// Times the screen was turned off and on again by the schedule or by a request.
    public private(set) var powerChanges = 0
    /// The panel's backlight, dimmed with the colours where there is one.
    var backlight: Backlight?
    /// Messages on a panel that opens under a row (seed 004); made with the face.
    public private(set) var panel: MessagePanel?

    /// Seconds since the Unix epoch: timers run on the wall clock, so they survive a restart.
    var wallSeconds: Double { clock.date.timeIntervalSince1970 }

    /// The clock in the configured zone, or the system's.
    var wallClock: WallClock {
        configuration.timeZone.flatMap { WallClock(zone: $0) } ?? WallClock(timeZone: clock.systemZone)
    }

    /// The time of day the face shows now.
    var shownTime: WallTime { wallClock.time(at: clock.date) }

    /// How the face's clocks read now.
    func reading(_ zone: WallClock) -> ClockReading { ClockReading(clock.date, own: zone.timeZone, configuration: configuration) }

    /// The face at `level` of its brightness: every colour dimmed alike.
    func makeScene(_ zone: WallClock, level: Double) -> ClockScene {
        var dimmed = configuration
        dimmed.style = configuration.style.dimmed(to: level)
        return ClockScene(
            configuration: dimmed, width: output.size.width, height: output.size.height,
            showing: reading(zone), scores: board.values, texts: texts, glyphs: glyphs
        )
    }

    /// Shows `level` from now on: the backlight follows, the output is turned off at 0 and on
    /// again above it.
    func apply(_ level: Double) throws {
        let before = shownBrightness
        shownBrightness = level
        if (before == 0) != (level == 0) {
            try output.setPower(level > 0)
            powerChanges += 1
        }
        do {
            try backlight?.set(level)
        } catch {
            logger.warning("cannot set the backlight; dimming the colours only", metadata: ["error": "\(error)"])
            backlight = nil
        }
        logger.info(level == 0 ? "screen off" : "screen at \(Int((level * 100).rounded())) %", metadata: ["output": "\(output.name)"])
    }

    /// `on`, `off` or `dim 20%`.
    var displaySummary: String {
        shownBrightness == 0 ? "off" : shownBrightness == 1 ? "on" : "dim \(Int((shownBrightness * 100).rounded()))%"
    }

    /// Timers for the configured displays: saved states kept where the names still match.
    static func timers(for displays: [TimerDisplay], saved: [String: FlipTimer]) -> [String: FlipTimer] {
        Dictionary(uniqueKeysWithValues: displays.map { display in
            var timer = saved[display.name] ?? FlipTimer(display)
            timer.direction = display.direction
            return (display.name, timer)
        })
    }

    /// What each timer's cards show now (`nil`: blank, a finished countdown that shows nothing).
    func timerFaces(at now: Double) -> [String: Int?] {
        Dictionary(uniqueKeysWithValues: configuration.timers.map { display in
            let timer = timers[display.name] ?? FlipTimer(display)
            let blank = display.atZero == .blank && timer.isFinished(at: now)
            return (display.name, blank ? nil : timer.shown(at: now))
        })
    }

    /// `pomodoro=24:59 running`, in the displays' order.
    var timerSummary: String {
        let now = wallSeconds
        return configuration.timers.map { display in
            let t = timers[display.name] ?? FlipTimer(display)
            let s = t.shown(at: now)
            let state = t.isRunning ? (t.isFinished(at: now) ? "finished" : "running") : { if case .paused = t.state { "paused" } else { "idle" } }()
            return "\(display.name)=\(s / 60 < 10 ? "0" : "")\(s / 60):\(s % 60 < 10 ? "0" : "")\(s % 60) \(state)"
        }.joined(separator: " ")
    }
    private var lastReloadError: String?

    /// `takesConsole`: the output is on a console; switching away from it pauses the clock.
    public init(
        configuration: ClockConfiguration, output: FrameOutput, takesConsole: Bool, glyphs: any GlyphSource, clock: LoopClock,
        requests: LoopRequests = LoopRequests(), logger: Logger
    ) {
        self.requests = requests
        self.configuration = configuration
        self.output = output
        self.takesConsole = takesConsole
        self.glyphs = glyphs
        self.clock = clock
        self.logger = logger
    }

    /// Reads the configuration again; on any error keeps the running one and says why.
    private func reloadConfiguration() -> ClockConfiguration? {
        guard let reload else { return nil }
        notifier?.reloading()
        do {
            let (new, font) = try reload()
            if new.output != configuration.output || new.device != configuration.device || new.connector != configuration.connector
                || new.mode != configuration.mode
            {
                logger.notice("output settings take effect at the next start", metadata: ["output": "\(new.output.rawValue)"])
            }
            configuration = new
            glyphs = font
            brightness.schedule = new.night
            board = ScoreBoard(displays: new.scores, values: board.values)
            timers = Self.timers(for: new.timers, saved: timers)
            logger.info("configuration reloaded")
            notifier?.ready(status: "configuration reloaded; showing the time on \(output.name)")
            return new
        } catch {
            lastReloadError = "\(error)"
            logger.error("reload failed; keeping the running configuration", metadata: ["error": "\(error)"])
            notifier?.send(["READY=1", "STATUS=reload failed: \(error)"])
            return nil
        }
    }

    /// What a request changes on the screen.
    enum Effect {
        case none
        case scores([String: Int])
        case timers
        case texts([String: String])
        case brightness
        case panel
        case reloaded
    }

    /// Answers one request line: the reply, and what it changes on the screen.
    ///
    /// A score change is saved (and synced) before it is acknowledged.
    func answer(_ line: String, time: WallTime) -> (reply: String, effect: Effect) {
        let json = line.hasPrefix("{")
        do throws(ControlError) {
            var request = json ? try ControlJSON.parse(line) : try ControlRequest.parse(line)
            // A countdown to a time of day is a countdown of the seconds until its next one.
            if case let .timerUntil(name, until) = request {
                let left = (until.secondOfDay - time.secondOfDay + 86400 - 1) % 86400 + 1
                guard left <= TimerDisplay.longest else {
                    throw ControlError(.range, "\(until) is \(left / 3600) h \(left / 60 % 60) min away; a timer counts down at most 99:59")
                }
                request = .timer(.start, name: name, duration: left)
            }
            switch request {
            case .ping:
                return (json ? ControlJSON.reply([:]) : "OK pong", .none)
            case .status:
                let text = "time=\(time)" + (board.displays.isEmpty ? "" : " scores \(board.summary)")
                    + (configuration.timers.isEmpty ? "" : " timers \(timerSummary)") + " display=\(displaySummary) output=\(output.name)"
                return (json ? ControlJSON.reply(["time": "\(time)", "scores": board.values, "texts": texts, "display": displaySummary, "output": output.name]) : "OK \(text)", .none)
            case let .display(level):
                brightness.set(level, atMinute: reading(wallClock).minute())
                let summary = level == 0 ? "off" : level == 1 ? "on" : "dim \(Int((level * 100).rounded()))%"
                let until = brightness.overrideEnds.map { m -> String in
                    let t = ClockReading(unixSeconds: m * 60).time()
                    return " until \(t.hour < 10 ? "0" : "")\(t.hour):\(t.minute < 10 ? "0" : "")\(t.minute)"
                } ?? ""
                return (json ? ControlJSON.reply(["display": summary]) : "OK display=\(summary)\(until)", .brightness)
            case .reload:
                guard reloadConfiguration() != nil else {
                    throw ControlError(.reloadFailed, lastReloadError ?? "no configuration file to reload")
                }
                return (json ? ControlJSON.reply(["reloaded": true]) : "OK reloaded", .reloaded)
            case let .score(action, pairs):
                var next = board
                let changed = try next.apply(action, pairs)
                try state?.save(next.values, timers: timers, texts: texts)
                board = next
                logger.info("scores set", metadata: ["scores": "\(board.summary)"])
                return (json ? ControlJSON.reply(["scores": board.values]) : "OK \(board.summary)", .scores(changed))
            case .timerUntil:
                preconditionFailure("answered as a timer start above")
            case let .text(name, text):
                guard let display = configuration.texts.first(where: { $0.name == name }) else {
                    let known = configuration.texts.map(\.name).joined(separator: ", ")
                    throw ControlError(.unknownText, "\"\(name)\"; texts are \(known.isEmpty ? "none (add [[text]] to the configuration)" : known)")
                }
                let shown: String
                switch display.checked(text) {
                case .success(let s): shown = s
                case .failure(let problem): throw ControlError(.range, problem.description)
                }
                var next = texts
                next[name] = shown
                try state?.save(board.values, timers: timers, texts: next)
                texts = next
                logger.info("text set", metadata: ["name": "\(name)", "text": "\(shown)"])
                return (json ? ControlJSON.reply(["texts": texts]) : "OK \(name)=\"\(shown)\"", .texts([name: shown]))
            case let .message(text, seconds, row):
                guard var shown = panel else { throw ControlError(.state, "the screen is not drawn yet") }
                let number = try shown.post(text, for: .seconds(seconds), row: row ?? 1, at: clock.now)
                panel = shown
                logger.info("message", metadata: ["number": "\(number)", "seconds": "\(seconds)", "text": "\(text)"])
                return (json ? ControlJSON.reply(["message": number, "waiting": shown.reveal.waiting.count]) : "OK message \(number)", .panel)
            case .clearMessages:
                panel?.clear(at: clock.now)
                return (json ? ControlJSON.reply(["cleared": true]) : "OK messages cleared", .panel)
            case let .timer(action, name, duration):
                guard var timer = timers[name] else {
                    let known = configuration.timers.map(\.name).joined(separator: ", ")
                    throw ControlError(.unknownTimer, "\"\(name)\"; timers are \(known.isEmpty ? "none (add [[timer]] to the configuration)" : known)")
                }
                let now = wallSeconds
                switch action {
                case .start: timer.start(duration: duration, at: now)
                case .pause: timer.pause(at: now)
                case .resume: timer.resume(at: now)
                case .reset: timer.reset(duration: configuration.timers.first { $0.name == name }?.duration)
                }
                var next = timers
                next[name] = timer
                try state?.save(board.values, timers: next, texts: texts)
                timers = next
                logger.info("timer \(action.rawValue)", metadata: ["timers": "\(timerSummary)"])
                return (json ? ControlJSON.reply(["timers": timerSummary]) : "OK \(timerSummary)", .timers)
            }
        } catch {
            return (json ? ControlJSON.reply(error) : error.description, .none)
        }
    }

    /// Runs until ``requests`` asks it to stop; the output and the terminal are given back on
    /// every way out.
    public func run() throws -> Report {
        // The kernel signals a console switch to the thread that took the console over, so
        // the loop's own thread, which lives as long as the loop, takes it.
        if takesConsole { terminal = VirtualTerminal() }
        defer {
            output.close()
            terminal?.restore()
        }
        // The configuration file's folder, watched for the file being written or replaced;
        // editors save in bursts, so a reload waits until it has been quiet for a moment.
        let watch = configurationPath.flatMap { FolderWatch(folder: ($0 as NSString).deletingLastPathComponent) }
        let settle = Duration.milliseconds(300)
        var reloadAt: Duration?

        let (saved, savedTimers, savedTexts, problem) = state?.load() ?? ([:], [:], [:], nil)
        if let problem { logger.error("\(problem)") }
        texts = savedTexts.filter { name, _ in configuration.texts.contains { $0.name == name } }
        board = ScoreBoard(displays: configuration.scores, values: saved)
        timers = Self.timers(for: configuration.timers, saved: savedTimers)
        brightness = ScreenBrightness(schedule: configuration.night)
        do {
            backlight = try Backlight.named(configuration.backlight)
        } catch {
            logger.warning("no backlight; dimming the colours only", metadata: ["error": "\(error)"])
        }
        defer { backlight?.restore() }
        var zone = wallClock
        var shown = zone.time(at: clock.date)
        onShow?(shown, clock.date)
        var scene = makeScene(zone, level: 1)
        panel = MessagePanel(layout: scene.renderer.layout, style: configuration.style, glyphs: glyphs)
        let interval = Duration.seconds(1) / output.refreshRate
        var report = Report()
        var moving = false
        var flipFrames = 0
        var flipStart = Duration.zero
        var lateness: Duration?
        var nextFrame = clock.now
        var wallDeadline: Date?
        var suspended = false
        var redrawAll = false
        var nextWatchdog = Duration.zero
        // A reloaded configuration's face, drawn whole into its canvas before it is shown: no black frame.
        // The rows the face shows, and the change from the last ones while rows fold away and in.
        var rows = configuration.rows
        var change: RowChange?
        func showReloaded(at instant: Duration) {
            zone = wallClock
            shown = zone.time(at: clock.date)
            let old = scene
            scene = makeScene(zone, level: max(shownBrightness, 0.01))
            // Messages are laid out for the old face: they go with it.
            panel = MessagePanel(layout: scene.renderer.layout, style: configuration.style.dimmed(to: max(shownBrightness, 0.01)), glyphs: glyphs)
            // Rows that went or came fold; the new face is drawn whole first, to fold in from.
            let oldRows = rows
            rows = configuration.rows
            if shownBrightness > 0, (try? scene.frame(at: instant)) != nil {
                change = RowChange(
                    from: old.canvas, old.renderer.layout, rows: oldRows, to: scene.canvas, scene.renderer.layout, rows: rows,
                    background: configuration.style.dimmed(to: shownBrightness).background.pixel, perspective: configuration.perspective,
                    lighting: CardLighting(strength: configuration.shading), at: instant
                )
                if change != nil { logger.info("rows fold in and out", metadata: ["rows": "\(rows.count)"]) }
            }
            redrawAll = true
            moving = false
            nextFrame = instant
        }
        while true {
            let now = clock.now
            // The panel's next move (a message posted, its hold over) is a frame to draw.
            if let change = panel?.nextChange(after: now) { nextFrame = min(nextFrame, change) }
            // The night schedule (or a request) changed the brightness: the face is drawn again
            // whole at the new level; at 0 the screen is off and nothing is drawn.
            let level = brightness.level(atMinute: reading(zone).minute())
            if !suspended, level != shownBrightness {
                try apply(level)
                if level > 0 {
                    scene = makeScene(zone, level: level)
                    // A panel with messages keeps them (and its colours) until it closes.
                    if panel?.reveal.state == .closed, panel?.reveal.waiting.isEmpty == true {
                        panel = MessagePanel(layout: scene.renderer.layout, style: configuration.style.dimmed(to: level), glyphs: glyphs)
                    }
                }
                redrawAll = level > 0
                moving = false
                nextFrame = now
            }
            if !suspended, shownBrightness == 0, now >= nextFrame {
                nextFrame = .seconds(1 << 40)
                wallDeadline = brightness.nextChange(afterMinute: reading(zone).minute()).map {
                    Date(timeIntervalSince1970: Double(reading(zone).unixSeconds(atMinute: $0)))
                }
            } else if !suspended, now >= nextFrame, var folding = change, !folding.isFinished(at: now) {
                folding.frame(at: now)
                change = folding
                try output.present(folding.canvas, damage: [folding.canvas.bounds])
                report.frames += 1
                moving = true
                nextFrame = now + interval
                wallDeadline = nil
            } else if !suspended, now >= nextFrame {
                if change != nil {
                    change = nil
                    moving = false
                }
                let time = zone.time(at: clock.date)
                if configuration.face.values(at: time) != configuration.face.values(at: shown) {
                    shown = time
                    onShow?(time, clock.date)
                }
                scene.show(reading(zone), at: now)
                if !timers.isEmpty { scene.setTimers(timerFaces(at: wallSeconds), at: now) }
                // The face, and over it the message panel when one is open.
                var (screen, damage) = (scene.canvas, try scene.frame(at: now))
                if var shown = panel {
                    (screen, damage) = try shown.frame(face: screen, damage: damage, at: now)
                    panel = shown
                }
                let stillMoving = scene.isMoving(at: now) || panel?.isMoving(at: now) == true
                if !damage.isEmpty || redrawAll {
                    try output.present(screen, damage: redrawAll ? [screen.bounds] : damage)
                    report.frames += 1
                    if moving || stillMoving {
                        flipFrames += 1
                    } else if redrawAll {
                        report.redraws += 1
                    } else if report.frames > 1 {
                        report.stillFrames += 1
                    }
                    redrawAll = false
                    if report.frames == 1 {
                        logger.info("first frame presented", metadata: ["output": "\(output.name)", "time": "\(time)"])
                        notifier?.ready(status: "showing the time on \(output.name)")
                    }
                }
                if !moving && stillMoving {
                    flipStart = now
                    flipFrames = damage.isEmpty ? 0 : 1
                }
                if moving && !stillMoving {
                    report.flips += 1
                    var metadata: Logger.Metadata = [
                        "frames": "\(flipFrames)", "ms": "\(Int(((now - flipStart).seconds * 1000).rounded()))", "time": "\(time)",
                    ]
                    if let lateness { metadata["late_us"] = "\(Int(lateness.seconds * 1e6))" }
                    logger.info("flip done", metadata: metadata)
                }
                moving = stillMoving
                // At rest, sleep until the wall clock reaches the face's next change, or a
                // running timer's (each changes every second of its own).
                nextFrame = moving ? now + interval : panel?.nextChange(after: now) ?? .seconds(1 << 40)
                wallDeadline = nil
                if !moving {
                    var next = zone.nextChange(after: clock.date, tick: configuration.face.tick)
                    if let change = timers.values.compactMap({ $0.nextChange(after: wallSeconds) }).min() {
                        next = min(next, Date(timeIntervalSince1970: change))
                    }
                    if let change = brightness.nextChange(afterMinute: reading(zone).minute()) {
                        next = min(next, Date(timeIntervalSince1970: Double(reading(zone).unixSeconds(atMinute: change))))
                    }
                    wallDeadline = next
                }
            }
            // Sleep until the next frame or change, a request, a signal, or the output's
            // events; while switched away, until a signal or a request. The watchdog, if
            // systemd keeps one, is fed on the way.
            let awake = clock.now
            if let interval = notifier?.watchdogInterval, awake >= nextWatchdog {
                notifier?.watchdog()
                nextWatchdog = awake + interval
            }
            var until = suspended ? awake + .seconds(3600) : nextFrame
            if notifier?.watchdogInterval != nil { until = min(until, nextWatchdog) }
            if let deadline = control?.nextDeadline { until = min(until, deadline) }
            if let due = reloadAt { until = min(until, due) }
            var fds = [pollfd(fd: requests.descriptor, events: Int16(POLLIN), revents: 0)]
            let eventsIndex = fds.count
            if let events = output.eventDescriptor { fds.append(pollfd(fd: events, events: Int16(POLLIN), revents: 0)) }
            let watchIndex = fds.count
            if let watch { fds.append(pollfd(fd: watch.descriptor, events: Int16(POLLIN), revents: 0)) }
            let controlStart = fds.count
            for fd in control?.descriptors ?? [] { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
            let wake = try clock.sleep(until: until, orWall: suspended ? nil : wallDeadline, watching: &fds)
            report.wakeups += 1
            if !moving { report.idleWakeups += 1 }
            if let late = wake.lateness {
                lateness = late
                nextFrame = clock.now
            }
            if wake.clockSet || wake.zoneChanged {
                lateness = nil
                zone = wallClock
                nextFrame = clock.now
                logger.notice(wake.clockSet ? "the system clock was set; showing the time again" : "the time zone changed; showing the time again",
                    metadata: ["zone": "\(zone.timeZone.identifier)"])
            }
            for request in fds[0].revents & Int16(POLLIN) != 0 ? requests.take() : [] {
                switch request {
                case .stop:
                    notifier?.stopping()
                    logger.info("stopping", metadata: [
                        "frames": "\(report.frames)", "flips": "\(report.flips)", "still_frames": "\(report.stillFrames)",
                        "redraws": "\(report.redraws)", "wakeups": "\(report.wakeups)", "idle_wakeups": "\(report.idleWakeups)",
                    ])
                    return report
                case .reload:
                    if reloadConfiguration() != nil { showReloaded(at: clock.now) }
                case .terminalReleased:
                    output.suspend()
                    terminal?.acknowledgeRelease()
                    suspended = true
                    logger.info("switched away from the console: not drawing", metadata: ["terminal": "\(terminal?.path ?? "-")"])
                case .terminalAcquired:
                    terminal?.acknowledgeAcquire()
                    try output.resume()
                    suspended = false
                    redrawAll = true
                    nextFrame = clock.now
                    logger.info("back on the console: drawing again", metadata: ["terminal": "\(terminal?.path ?? "-")"])
                }
            }
            if watchIndex > eventsIndex, fds[eventsIndex].revents & Int16(POLLIN) != 0 { try output.handleEvents() }
            if let watch, fds[watchIndex].revents & Int16(POLLIN) != 0,
                let name = configurationPath.map({ ($0 as NSString).lastPathComponent }), watch.changedNames().contains(name)
            {
                reloadAt = clock.now + settle
            }
            if let due = reloadAt, clock.now >= due {
                reloadAt = nil
                if reloadConfiguration() != nil { showReloaded(at: clock.now) }
            }
            if let control {
                let at = clock.now
                let readable = Set(fds[controlStart...].filter { $0.revents != 0 }.map(\.fd))
                for (client, line) in control.service(readable, now: at) {
                    let (reply, effect) = answer(line, time: zone.time(at: clock.date))
                    control.reply(reply, to: client)
                    switch effect {
                    case .none: break
                    case .scores(let changed):
                        scene.setScores(changed, at: at)
                        nextFrame = min(nextFrame, at)
                    case .timers:
                        nextFrame = min(nextFrame, at)
                    case .texts(let changed):
                        scene.setTexts(changed, at: at)
                        nextFrame = min(nextFrame, at)
                    case .brightness, .panel:
                        nextFrame = min(nextFrame, at)
                    case .reloaded:
                        showReloaded(at: at)
                    }
                }
            }
        }
    }
}
