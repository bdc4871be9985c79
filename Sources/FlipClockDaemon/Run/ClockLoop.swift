import CLinux
import FlipClockControl
import FlipClockCore
import FlipClockDisplay
import FoundationEssentials
import Logging

/// The daemon's loop: the time face on every screen, drawn only while something moves.
///
/// It sleeps until the time shown next changes (an absolute wall-clock deadline), then draws
/// one frame per refresh (paced by the monotonic clock, not by page-flip events, which
/// virtual GPUs send at once) until every card rests, and sleeps again. A stop request ends
/// it, and the outputs give the screens back. Each screen (``Screen``) has the face laid out
/// for its size and rotation; all are told the same time, scores and timers. A DRM card's
/// monitors plugged in or out while it runs gain or lose a screen (hotplug uevents); with
/// none left it keeps time and waits for one. It logs each flip's frame count, and the
/// totals when it stops. Everything it waits on goes through its ``LoopClock``, so a test runs it
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

    private(set) var configuration: ClockConfiguration {
        didSet { placeZones = ClockReading.zones(of: configuration) }
    }
    /// The places' time zones, looked up once per configuration, not at every frame.
    private var placeZones: [String: ZoneRules]
    let displays: DisplaySet
    /// The screens shown on now, one per output.
    private(set) var screens: [Screen] = []
    private(set) var glyphs: any GlyphSource
    let clock: LoopClock
    /// Stop, reload and the console's switching, asked from other threads.
    public let requests: LoopRequests
    /// Called with each time the face starts to show, and the wall-clock instant (tests).
    public var onShow: ((WallTime, Date) -> Void)?
    let logger: Logger
    /// Whether the outputs are on a console whose switching the loop takes over.
    let takesConsole: Bool
    /// The console to take (`/dev/tty1`); `nil`: the process's own, else the active one.
    public var terminalPath: String?
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
    /// How bright the screens are: the night schedule, or what `flipclockctl display` said.
    public private(set) var brightness = ScreenBrightness(schedule: NightSchedule())
    /// The brightness the screens show now (0: off, nothing drawn).
    public private(set) var shownBrightness = 1.0
    /// The panel's backlight, dimmed with the colours where there is one.
    var backlight: Backlight?
    /// The timers not on the screen now (those that hide when idle).
    private(set) var hidden: Set<String> = []

    /// The timers that hide when idle and are idle (or long finished) at `now`.
    func hiddenTimers(at now: Double) -> Set<String> {
        Set(configuration.timers.filter { $0.hideWhenIdle && (timers[$0.name] ?? FlipTimer($0)).isHidden(at: now) }.map(\.name))
    }

    /// Seconds since the Unix epoch: timers run on the wall clock, so they survive a restart.
    var wallSeconds: Double { clock.date.timeIntervalSince1970 }

    /// The clock in the configured zone, or the system's.
    var wallClock: WallClock {
        configuration.timeZone.flatMap { WallClock(zone: $0) } ?? WallClock(timeZone: clock.systemZone)
    }

    /// How the face's clocks read now.
    func reading(_ zone: WallClock) -> ClockReading { ClockReading(clock.date, own: zone.timeZone, zones: placeZones) }

    /// What every screen shows at `reading`, at the brightness shown (while the screens are
    /// off, barely lit: they are drawn again when they come on).
    func face(_ reading: ClockReading) -> ScreenFace {
        ScreenFace(
            configuration: configuration, reading: reading, scores: board.values, texts: texts, glyphs: glyphs,
            level: max(shownBrightness, 0.01), hidden: hidden
        )
    }

    /// When the night schedule (or a request's override) next changes the brightness, after `reading`.
    func nightChange(after reading: ClockReading) -> Date? {
        brightness.nextChange(afterMinute: reading.minute()).map { Date(timeIntervalSince1970: Double(reading.unixSeconds(atMinute: $0))) }
    }

    /// Shows `level` from now on: the backlight follows, the outputs are turned off at 0 and
    /// on again above it.
    func apply(_ level: Double) throws {
        let before = shownBrightness
        shownBrightness = level
        if (before == 0) != (level == 0) {
            for screen in screens { try screen.output.setPower(level > 0) }
        }
        do {
            try backlight?.set(level)
        } catch {
            logger.warning("cannot set the backlight; dimming the colours only", metadata: ["error": "\(error)"])
            backlight = nil
        }
        logger.info(level == 0 ? "screen off" : "screen at \(Int((level * 100).rounded())) %", metadata: ["output": "\(displays.name)"])
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

    /// The timers as a reply reports them, in the displays' order.
    var timerReadings: [TimerReading] {
        let now = wallSeconds
        return configuration.timers.map { TimerReading(name: $0.name, timer: timers[$0.name] ?? FlipTimer($0), at: now) }
    }

    /// The scores as a reply reports them, in the displays' order.
    var scoreReadings: [ControlReply.Score] {
        board.displays.map { ControlReply.Score(name: $0.name, value: board.values[$0.name] ?? $0.minimum) }
    }
    private var lastReloadError: String?

    /// `takesConsole`: the outputs are on a console; switching away from it pauses the clock.
    public init(
        configuration: ClockConfiguration, displays: DisplaySet, takesConsole: Bool, glyphs: any GlyphSource, clock: LoopClock,
        requests: LoopRequests = LoopRequests(), logger: Logger
    ) {
        self.requests = requests
        self.configuration = configuration
        placeZones = ClockReading.zones(of: configuration)
        self.displays = displays
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
            if new.output != configuration.output || new.device != configuration.device || new.connectors != configuration.connectors
                || new.screen != configuration.screen || new.screens != configuration.screens
            {
                logger.notice("output settings take effect at the next start", metadata: ["output": "\(new.output.rawValue)"])
            }
            configuration = new
            glyphs = font
            board = ScoreBoard(displays: new.scores, values: board.values)
            timers = Self.timers(for: new.timers, saved: timers)
            brightness.schedule = new.night
            logger.info("configuration reloaded")
            notifier?.ready(status: "configuration reloaded; showing the time on \(displays.name)")
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
        case texts([String: String])
        /// Something else to draw from now: a timer, the brightness, a message.
        case redraw
        case reloaded
    }

    /// Answers one request line: the reply, what it changes on the screen, and whether it
    /// changed what the state file keeps (scores, timers, texts).
    ///
    /// The caller saves the state once for a batch of requests, before it sends their replies:
    /// an acknowledged change survives a crash. `user` (the client's uid) is logged with a change.
    func answer(_ line: String, time: WallTime, user: uid_t? = nil) -> (reply: String, effect: Effect, saves: Bool) {
        var logger = self.logger
        if let user { logger[metadataKey: "uid"] = "\(user)" }
        let json = line.hasPrefix("{")
        func reply(_ reply: ControlReply) -> String { reply.line(json: json) }
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
                return (reply(.pong), .none, false)
            case .status:
                let status = ControlReply.Status(
                    time: time, scores: scoreReadings, texts: texts, timers: timerReadings, display: DisplayLevel(shownBrightness), output: displays.name
                )
                return (reply(.status(status)), .none, false)
            case let .display(level):
                brightness.set(level, atMinute: reading(wallClock).minute())
                let until = brightness.overrideEnds.map { ClockReading(unixSeconds: $0 * 60).time() }
                return (reply(.display(DisplayLevel(level), until: until)), .redraw, false)
            case .reload:
                guard reloadConfiguration() != nil else {
                    throw ControlError(.reloadFailed, lastReloadError ?? "no configuration file to reload")
                }
                return (reply(.reloaded), .reloaded, false)
            case let .score(action, pairs):
                let changed: [String: Int]
                do { changed = try board.apply(action, pairs) } catch { throw ControlError(error) }
                logger.info("scores set", metadata: ["scores": "\(board.summary)"])
                return (reply(.scores(scoreReadings)), .scores(changed), true)
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
                texts[name] = shown
                logger.info("text set", metadata: ["name": "\(name)", "text": "\(shown)"])
                return (reply(.text(name: name, shown: shown, texts: texts)), .texts([name: shown]), true)
            case let .message(text, seconds, row):
                guard !screens.isEmpty else { throw ControlError(.state, "no screen is connected to show it on") }
                // Every screen shows it, or none: each checks it against its own layout first.
                let laidOut = try screens.map { screen throws(ControlError) in try screen.layOut(text, for: .seconds(seconds), row: row ?? 1, at: clock.now) }
                var number = 0
                for (screen, message) in zip(screens, laidOut) { number = try screen.post(message, at: clock.now) }
                let waiting = screens[0].panel.reveal.waiting.count
                logger.info("message", metadata: ["number": "\(number)", "seconds": "\(seconds)", "text": "\(text)"])
                return (reply(.message(number: number, waiting: waiting)), .redraw, false)
            case .clearMessages:
                for screen in screens { screen.clearMessages(at: clock.now) }
                return (reply(.messagesCleared), .redraw, false)
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
                timers[name] = timer
                let readings = timerReadings
                logger.info("timer \(action.rawValue)", metadata: ["timers": "\(TimerReading.summary(readings))"])
                return (reply(.timers(readings)), .redraw, true)
            }
        } catch {
            return (reply(.refused(error)), .none, false)
        }
    }

    /// Runs until ``requests`` asks it to stop; the screens and the terminal are given back on
    /// every way out.
    public func run() throws -> Report {
        // The kernel signals a console switch to the thread that took the console over, so
        // the loop's own thread, which lives as long as the loop, takes it.
        if takesConsole {
            do {
                terminal = try VirtualTerminal(path: terminalPath)
            } catch {
                logger.warning("not taking over the console: switching consoles will not pause the clock", metadata: ["error": "\(error)"])
            }
        }
        defer {
            displays.close()
            terminal?.restore()
        }
        // Monitors plugged in and out of a DRM card.
        let uevents = displays.card == nil ? nil : UeventSocket()
        // The configuration file's folder, watched for the file being written or replaced;
        // editors save in bursts, so a reload waits until it has been quiet for a moment.
        let watch = configurationPath.flatMap { FolderWatch(folder: URL(fileURLWithPath: $0).deletingLastPathComponent().path) }
        let settle = Duration.milliseconds(300)
        var reloadAt: Duration?

        let (saved, savedTimers, savedTexts, problem) = state?.load(now: wallSeconds) ?? ([:], [:], [:], nil)
        if let problem { logger.error("\(problem)") }
        // A saved text is shown only if a request could set it now: on the cards of a row of that name.
        texts = savedTexts.filter { name, text in
            guard let display = configuration.texts.first(where: { $0.name == name }), case .success = display.checked(text) else {
                logger.warning("a saved text is not shown: no such row, or not on its cards", metadata: ["name": "\(name)", "text": "\(text)"])
                return false
            }
            return true
        }
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
        hidden = hiddenTimers(at: wallSeconds)
        let first = face(reading(zone))
        screens = displays.outputs.map { Screen(output: $0, face: first) }
        // One frame per refresh of the fastest screen.
        var interval: Duration { .seconds(1) / (screens.map(\.output.refreshRate).max() ?? 60) }
        var report = Report()
        var moving = false
        var lateness: Duration?
        // How long after its second (or minute) began the time's last flip started: the wake's
        // lateness and whatever the loop did before that frame (requests, another frame). A
        // flip started by a request's wake has no wall wake of its own, so `lateness` alone
        // would repeat an older flip's.
        var startLateness: Duration?
        var nextFrame = clock.now
        var wallDeadline: Date?
        var suspended = false
        // The screens could not be taken back after a console switch: tried again every second.
        var resumeFailed: DisplayError?
        // What kept the last frame from being drawn, said once.
        var drawingProblem: String?
        var nextWatchdog = Duration.zero
        // A reloaded configuration's face: rows that went or came fold in and out.
        func showReloaded(at instant: Duration) {
            zone = wallClock
            shown = zone.time(at: clock.date)
            hidden = hiddenTimers(at: wallSeconds)
            let face = face(reading(zone))
            if screens.map({ $0.reload(face, at: instant) }).contains(true) { logger.info("rows fold in and out") }
            moving = false
            nextFrame = instant
        }
        while true {
            let now = clock.now
            // How the clocks read: once a wake, for every screen and every deadline.
            let read = reading(zone)
            // A panel's next move (a message posted, its time up), or a timer's row to show or
            // hide, is a frame to draw.
            for screen in screens {
                if let change = screen.panelChange(after: now) { nextFrame = min(nextFrame, change) }
            }
            let nowHidden = hiddenTimers(at: wallSeconds)
            if nowHidden != hidden { nextFrame = min(nextFrame, now) }
            // The night schedule (or a request) changed the brightness: the face is drawn again
            // whole at the new level; at 0 the screens are off and nothing is drawn.
            let level = brightness.level(atMinute: read.minute())
            if !suspended, level != shownBrightness {
                try apply(level)
                if level > 0 {
                    let face = face(read)
                    for screen in screens { screen.dim(face) }
                }
                moving = false
                nextFrame = now
            }
            if !suspended, shownBrightness == 0, now >= nextFrame {
                nextFrame = .seconds(1 << 40)
                wallDeadline = nightChange(after: read)
            } else if !suspended, now >= nextFrame {
                // A timer that hides when idle started or ended: its row folds in or away
                // (once no message is on the screen: a panel belongs to the layout it opened in).
                if nowHidden != hidden, screens.allSatisfy(\.isQuiet) {
                    hidden = nowHidden
                    let face = face(read)
                    if screens.map({ $0.reload(face, at: now) }).contains(true) {
                        logger.info("rows fold in and out", metadata: ["hidden": "\(hidden.sorted())"])
                    }
                }
                let time = zone.time(at: clock.date)
                if configuration.face.values(at: time) != configuration.face.values(at: shown) {
                    shown = time
                    onShow?(time, clock.date)
                    startLateness = lateness == nil ? nil
                        : .interval(clock.date.timeIntervalSince1970.truncatingRemainder(dividingBy: configuration.face.tick.seconds))
                }
                let timerFaces = timers.isEmpty ? nil : timerFaces(at: wallSeconds)
                for screen in screens {
                    screen.show(read, timers: timerFaces, at: now)
                    let framesBefore = report.frames
                    let flip: Screen.FlipDone?
                    do {
                        flip = try screen.frame(at: now, report: &report)
                    } catch let error as DisplayError {
                        throw error
                    } catch {
                        // A text the font cannot draw (checked with the configuration, but a
                        // font file can change under it): the screen keeps its last frame.
                        if "\(error)" != drawingProblem { logger.error("cannot draw the frame; the screen keeps the last one", metadata: ["error": "\(error)"]) }
                        drawingProblem = "\(error)"
                        flip = nil
                    }
                    if framesBefore == 0, report.frames == 1 {
                        logger.info("first frame presented", metadata: ["output": "\(displays.name)", "time": "\(time)"])
                        notifier?.ready(status: "showing the time on \(displays.name)")
                    }
                    if let flip {
                        var metadata: Logger.Metadata = [
                            "frames": "\(flip.frames)", "ms": "\(Int((flip.duration.seconds * 1000).rounded()))", "time": "\(time)",
                        ]
                        if let lateness { metadata["late_us"] = "\(Int(lateness.seconds * 1e6))" }
                        if let startLateness { metadata["start_late_us"] = "\(Int(startLateness.seconds * 1e6))" }
                        if screens.count > 1 { metadata["screen"] = "\(screen.output.name)" }
                        logger.info("flip done", metadata: metadata)
                    }
                }
                moving = screens.contains { $0.moving }
                // At rest, sleep until the wall clock reaches the face's next change, or a
                // running timer's (each changes every second of its own).
                nextFrame = moving ? now + interval : screens.compactMap { $0.panelChange(after: now) }.min() ?? .seconds(1 << 40)
                wallDeadline = nil
                if !moving {
                    var next = zone.nextChange(after: clock.date, tick: configuration.face.tick)
                    if let change = timers.values.compactMap({ $0.nextChange(after: wallSeconds) }).min() {
                        next = min(next, Date(timeIntervalSince1970: change))
                    }
                    if let change = nightChange(after: read) { next = min(next, change) }
                    let hides = configuration.timers.filter(\.hideWhenIdle).compactMap { timers[$0.name]?.hidesAt }
                    if let change = hides.filter({ $0 > wallSeconds }).min() { next = min(next, Date(timeIntervalSince1970: change)) }
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
            // While switched away, the console is looked at every second: a switch back whose
            // signal was lost, or whose display could not be taken, is not waited for forever.
            var until = suspended ? awake + .seconds(terminal == nil ? 3600 : 1) : nextFrame
            if notifier?.watchdogInterval != nil { until = min(until, nextWatchdog) }
            if let deadline = control?.nextDeadline { until = min(until, deadline) }
            // Requests beyond the last wake's budget: answered at once, after this frame.
            if control?.hasWaitingLines == true { until = min(until, awake) }
            if let due = reloadAt { until = min(until, due) }
            var fds = [pollfd(fd: requests.descriptor, events: Int16(POLLIN), revents: 0)]
            // Screens of one DRM card share its descriptor: polled once, its events handled once.
            let eventsStart = fds.count
            var eventOutputs: [FrameOutput] = []
            for screen in screens {
                guard let events = screen.output.eventDescriptor, !eventOutputs.contains(where: { $0.eventDescriptor == events }) else { continue }
                eventOutputs.append(screen.output)
                fds.append(pollfd(fd: events, events: Int16(POLLIN), revents: 0))
            }
            let ueventIndex = fds.count
            if let uevents { fds.append(pollfd(fd: uevents.descriptor, events: Int16(POLLIN), revents: 0)) }
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
                case .terminalReleased, .terminalAcquired:
                    // Without a console taken over, these signals are someone else's.
                    guard let terminal else {
                        logger.notice("a console signal, but no console was taken over: ignored")
                        break
                    }
                    if request == .terminalAcquired {
                        terminal.acknowledgeAcquire()
                        break
                    }
                    if !suspended {
                        for screen in screens { screen.output.suspend() }
                        suspended = true
                    }
                    // A release the user overtook by coming back is not waited for.
                    if terminal.acknowledgeRelease() {
                        logger.info("switched away from the console: not drawing", metadata: ["terminal": "\(terminal.path)"])
                    }
                }
            }
            // The signals of a switch away and back may be handled out of order, or lost: what
            // the console shows now decides. A display that will not be taken back is tried
            // again at the next wake.
            if let terminal {
                let shown = terminal.isShown
                if suspended, shown {
                    do {
                        for screen in screens {
                            try screen.output.resume()
                            screen.redrawAll = true
                        }
                        suspended = false
                        nextFrame = clock.now
                        logger.info("back on the console: drawing again", metadata: ["terminal": "\(terminal.path)"])
                        resumeFailed = nil
                    } catch {
                        if error != resumeFailed {
                            logger.error("cannot take the display back; retrying every second", metadata: ["error": "\(error)"])
                        }
                        resumeFailed = error
                    }
                } else if !suspended, !shown {
                    for screen in screens { screen.output.suspend() }
                    suspended = true
                    logger.notice("another console is shown: not drawing", metadata: ["terminal": "\(terminal.path)"])
                }
            }
            for (i, output) in eventOutputs.enumerated() where fds[eventsStart + i].revents & Int16(POLLIN) != 0 { try output.handleEvents() }
            if let uevents, fds[ueventIndex].revents & Int16(POLLIN) != 0, let card = displays.card,
                uevents.take().contains(where: { $0.isHotplug(of: card.path) })
            {
                followHotplug(card, showing: face(reading(zone)))
                nextFrame = min(nextFrame, clock.now)
            }
            if let watch, fds[watchIndex].revents & Int16(POLLIN) != 0,
                let name = configurationPath.map({ URL(fileURLWithPath: $0).lastPathComponent }), watch.changedNames().contains(name)
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
                let batch = control.service(readable, now: at)
                // The state is saved once for the whole batch, before any of it is acknowledged;
                // if it cannot be, the batch's changes are undone and refused.
                let before = (board, timers, texts)
                var answers = batch.map { request in (request.client, answer(request.line, time: zone.time(at: clock.date), user: request.user), request.line) }
                if answers.contains(where: { $0.1.saves }), let state {
                    do throws(ControlError) {
                        try state.save(board.values, timers: timers, texts: texts)
                    } catch {
                        (board, timers, texts) = before
                        logger.error("cannot save the state; the changes are refused", metadata: ["error": "\(error)"])
                        answers = answers.map { client, answered, line in
                            guard answered.saves else { return (client, answered, line) }
                            return (client, (ControlReply.refused(error).line(json: line.hasPrefix("{")), .none, false), line)
                        }
                    }
                }
                // A change is drawn at once from rest; while cards move, the next paced frame
                // draws it (a frame per request batch would outrun the refresh).
                let soon = moving ? nextFrame : min(nextFrame, at)
                for (client, (reply, effect, _), _) in answers {
                    control.reply(reply, to: client)
                    switch effect {
                    case .none: break
                    case .scores(let changed):
                        for screen in screens { screen.setScores(changed, at: at) }
                        nextFrame = soon
                    case .texts(let changed):
                        for screen in screens { screen.setTexts(changed, at: at) }
                        nextFrame = soon
                    case .redraw:
                        nextFrame = soon
                    case .reloaded:
                        showReloaded(at: at)
                    }
                }
            }
        }
    }

    /// Looks at the card's connectors again: a screen for each monitor plugged in (drawn whole
    /// at the next frame), none for each one unplugged. A failed look keeps the screens as
    /// they are.
    private func followHotplug(_ card: DRMCard, showing face: ScreenFace) {
        do {
            let change = try card.rescan()
            for output in change.removed {
                screens.removeAll { $0.output === output }
                logger.notice("screen unplugged", metadata: ["screen": "\(output.name)"])
            }
            for output in change.added {
                let screen = Screen(output: output, face: face)
                if shownBrightness == 0 { try? output.setPower(false) }
                screens.append(screen)
                logger.notice("screen plugged in", metadata: ["screen": "\(output.name)"])
            }
            for problem in change.skipped { logger.error("a connected monitor cannot be shown", metadata: ["error": "\(problem)"]) }
            if !change.added.isEmpty || !change.removed.isEmpty {
                if screens.isEmpty { logger.notice("no screen connected: waiting for one", metadata: ["card": "\(card.path)"]) }
                notifier?.ready(status: "showing the time on \(displays.name)")
            }
        } catch {
            logger.error("cannot look at the connectors after a hotplug", metadata: ["error": "\(error)"])
        }
    }
}
