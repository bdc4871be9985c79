import CLinux
import FlipClockControl
import FlipClockCore
import FlipClockHorn
import FlipClockKeypad
import FlipClockOutput
import FlipClockSound
import FoundationEssentials
import Logging

/// A display that failed while the clock ran on it: whatever its code, a restart opens it
/// again (exit 1), unlike a display that cannot be opened as configured.
public struct OutputFailure: Error, CustomStringConvertible {
    public let error: OutputError
    public var description: String { "\(error)" }
}

/// The daemon's loop: the face on every screen, drawn only while something moves.
///
/// It sleeps until the time shown next changes (an absolute wall-clock deadline, ``WakePlan``),
/// then draws one frame per refresh (paced by the monotonic clock, not by page-flip events,
/// which virtual GPUs send at once) until every card rests, and sleeps again. What it shows
/// besides the time has one owner, ``ClockState``: requests go to it and its outcomes are
/// done here (saved, drawn, reloaded). What it waits on is a list of ``EventSources``. A stop
/// request ends it, and the outputs give the screens back. Everything it waits on goes
/// through its ``TimeSource``, so a test runs it through a day in milliseconds.
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

    /// The scores, timers, texts and brightness: their one owner.
    var state: ClockState
    var configuration: ClockConfiguration { state.configuration }
    /// The light sensor (with `[light]`), when it is read next and when it was read last.
    var light: (sensor: LightSensor?, next: Duration, last: Duration?) = (nil, .zero, nil)
    /// The places' time zones, looked up once per configuration (at the start and at each
    /// reload), not at every frame.
    var placeZones: [String: ZoneRules]
    let outputs: OutputSet
    /// The font the screens are made with; after that the screen set keeps the font.
    private let startGlyphs: any GlyphSource
    /// The screens shown on, one per output (made when the loop runs).
    private(set) var screens: ScreenSet!
    let clock: TimeSource
    /// Stop, reload and the console's switching, asked from other threads.
    public let requests: LoopRequests
    /// Who is told of what the loop does (tests; the horn's outputs).
    let observers: Observers
    /// Where each frame that changed what the game's items show is noted (`--frame-log`).
    let frameLog: FrameLog?
    /// The horn's relay (`[horn]` gpio_chip and gpio_line), and when its line is released.
    let relay = Relay()
    var hornRelay = HornRelay(length: .seconds(1))
    let logger: Logger
    /// Whether the outputs are on a console whose switching the loop takes over.
    let takesConsole: Bool
    /// The console to take (`/dev/tty1`); `nil`: the process's own, else the active one.
    let terminalPath: String?
    /// Tells systemd the daemon is ready, reloading or stopping, and that it is alive.
    let notifier: SystemdNotifier?
    /// How the configuration is read again (SIGHUP, a request, the file changed); `nil`: refused.
    let reload: Reload?
    /// The reload being prepared on a thread of its own, if one is.
    var preparing: ReloadThread?
    /// Requests from outside (`flipclockctl`).
    let control: ControlServer?
    /// Requests other threads wait on (the HTTP API's).
    let waiting: WaitingRequests?
    /// The operator's keypad (`[keypad]`), taken while it is plugged in.
    let keypad: Keypad?
    /// The clicks and the horn (`[sound]`), played on a thread of their own.
    let sound: SoundPlayer?
    /// The landings whose clicks are cued and whose frame has not been presented yet.
    var cuedLandings: [CardLanding] = []
    /// The frame the flaps let go at were last looked for.
    var lastSoundFrame = Duration.zero
    /// How long the last two frames took from their instant to their presentation: the shorter
    /// is the next one's guess (a frame's cost follows what moves on it, which changes little
    /// from one frame to the next; one the scheduler held up says little of the next).
    var frameCosts: [Duration] = []
    /// Where acknowledged scores, timers and texts are kept.
    var stateFile: StateFile?
    /// Where each acknowledged change of the match is recorded.
    var record: RecordFolder?
    /// What the loop has done, for `GET /metrics`.
    let metrics: ClockMetrics
    /// Where a phone reaches the control page, for `pair` (set with `[http]`).
    let page: PageAddress?
    /// The machine's network addresses, read when a pairing code needs a host (tests give their own).
    let interfaces: () -> [InterfaceAddress]
    /// Those who listen to the clock's changes (`GET /v1/events`, the MQTT connection).
    let events: ClockEvents?
    /// Replies to changes of a led `[match]` until its broker has them (``HeldReplies``): at
    /// most as many as the socket's clients may send in a wake and the other threads may ask.
    var held = HeldReplies<HeldAsker>(capacity: ControlServer.maximumClients * ControlServer.linesPerWake + 64)
    /// What they were told last: the state, and the frames presented by then.
    var told = (state: ControlReply.Status?.none, frames: 0)

    // The loop's own pacing: what it drew last and when it draws next.
    var report = Report()
    /// The face's own zone: the configured one, or the system's.
    var zone: ZoneRules
    /// The time of day shown last.
    var shown = WallTime(hour: 0, minute: 0, second: 0)
    var plan = WakePlan(frame: .zero, wall: nil)
    var moving = false
    /// How late the last wall wake came, and how long after its second (or minute) began the
    /// time's last flip started: the wake's lateness and whatever the loop did before that
    /// frame. A flip started by a request's wake has no wall wake of its own.
    var lateness: Duration?
    var startLateness: Duration?
    /// What kept the last frame from being drawn, said once.
    var drawingProblem: String?
    var lastReloadError: String?
    /// When the loop reloads of its own (a signal's, the file's).
    var reloads = ReloadPlan()
    private var nextWatchdog = Duration.zero
    /// Whether the time is synchronised, as the kernel last said, and when to ask again.
    var sync = TimeSync()
    /// Asks the kernel (``KernelTimeSync``); `nil`: never asked, the time counts as synchronised.
    let readSync: (() -> SyncReading)?
    /// A stop was asked: the loop ends after this wake.
    var stopping = false

    /// `takesConsole`: the outputs are on a console; switching away from it pauses the clock.
    public init(
        configuration: ClockConfiguration, outputs: OutputSet, takesConsole: Bool, glyphs: any GlyphSource, clock: TimeSource,
        requests: LoopRequests = LoopRequests(), logger: Logger, parts: Parts = Parts()
    ) {
        self.requests = requests
        state = ClockState(configuration: configuration)
        placeZones = ClockReading.zones(of: configuration)
        self.outputs = outputs
        self.takesConsole = takesConsole
        startGlyphs = glyphs
        self.clock = clock
        self.logger = logger
        zone = clock.systemZone
        control = parts.control
        waiting = parts.waiting
        events = parts.events
        page = parts.page
        keypad = parts.keypad
        sound = parts.sound
        terminalPath = parts.terminalPath
        notifier = parts.notifier
        metrics = parts.metrics
        stateFile = parts.stateFile
        record = parts.record
        reload = parts.reload
        observers = parts.observers
        frameLog = parts.frameLog
        interfaces = parts.interfaces
        readSync = parts.timeSync
    }

    /// The wall clock now: timers run on it, so they survive a restart.
    var wall: WallInstant { clock.wall }

    /// The face's own zone as the configuration and the system say now.
    var ownZone: ZoneRules { ClockReading.zone(of: configuration, system: clock.systemZone) }

    /// How the face's clocks read now.
    func reading() -> ClockReading { ClockReading(clock.wall, own: zone, zones: placeZones) }

    /// What the screens show besides the face, as the state holds it.
    func showing(_ reading: ClockReading) -> Showing {
        Showing(reading: reading, scores: state.board.values, texts: state.texts, faces: state.countdownFaces(at: reading, zone: zone))
    }

    /// Runs until ``requests`` asks it to stop; the screens and the terminal are given back on
    /// every way out.
    public func run() throws -> Report {
        // The kernel signals a console switch to the thread that took the console over, so
        // the loop's own thread, which lives as long as the loop, takes it.
        let console = Console(takes: takesConsole, path: terminalPath, logger: logger)
        defer {
            outputs.close()
            console.restore()
            keypad?.close()
            sound?.close()
            releaseRelay()
            relay.close()
        }
        let saved = stateFile?.load(now: wall) ?? StateFile.Loaded()
        if let problem = saved.problem { logger.error("\(problem)") }
        for note in saved.notes { logger.warning("\(note)") }
        stateFile?.leftInPlace = saved.leftInPlace
        for note in record?.open() ?? [] { logger.warning("match record: \(note)") }
        state = ClockState(
            configuration: configuration, scores: saved.scores, timers: saved.timers, texts: saved.texts,
            game: configuration.game.flatMap { saved.game?.game(under: $0.rules) },
            sets: saved.sets)
        state.soundOn = saved.soundOn
        state.messageSecondsSet = saved.messageSeconds
        state.countdowns = saved.countdowns
        for (name, text) in state.dropped.sorted(by: { $0.key < $1.key }) {
            logger.warning("a saved text is not shown: no such row, or not on its cards", metadata: ["name": "\(name)", "text": "\(text)"])
        }
        for (name, value) in saved.scores.sorted(by: { $0.key < $1.key }) where state.board.values[name].map({ $0 != value }) == true {
            logger.warning(
                "a saved score is out of its range: shown as the nearest it allows",
                metadata: ["name": "\(name)", "saved": "\(value)", "shown": "\(state.board.values[name]!)"])
        }
        recordSavedScores()
        zone = ownZone
        // The line inactive from the start: a crash may have left it active.
        takeRelay()
        shown = reading().time()
        observers.show?(shown, clock.wall)
        screens = ScreenSet(
            outputs: outputs, configuration: configuration, glyphs: startGlyphs, face: state.faceShown(at: reading()),
            hidden: state.hiddenTimers(at: wall),
            showing: showing(reading()), logger: logger
        )
        defer { screens.restore() }
        // Started while another console is shown (restarted after a switch away): nothing is
        // drawn over it, and systemd is told the daemon is up, until its console is shown.
        _ = console.follow(screens)
        if console.suspended, let terminal = console.terminal {
            notifier?.ready(status: "showing the time on \(outputs.name) when \(terminal.path) is shown")
        }
        plan = WakePlan(frame: clock.now, wall: nil)
        var sources = eventSources(console: console)
        do {
            while !stopping {
                if !console.suspended { try step() }
                tellListeners()
                try sleep(console: console, sources: &sources)
            }
        } catch let error as OutputError {
            throw OutputFailure(error: error)
        }
        notifier?.stopping()
        logger.info(
            "stopping",
            metadata: [
                "frames": "\(report.frames)", "flips": "\(report.flips)", "still_frames": "\(report.stillFrames)",
                "redraws": "\(report.redraws)", "wakeups": "\(report.wakeups)", "idle_wakeups": "\(report.idleWakeups)",
            ])
        return report
    }

    /// Sleeps until the plan's next frame or change, a request, a signal, or an event; the
    /// watchdog, if systemd keeps one, is fed on the way. Then handles what woke it.
    private func sleep(console: Console, sources: inout EventSources) throws {
        let awake = clock.now
        if let interval = notifier?.watchdogInterval, awake >= nextWatchdog {
            notifier?.watchdog()
            nextWatchdog = awake + interval
        }
        let until = WakePlan.sleep(
            from: awake, nextFrame: plan.frame, suspended: console.suspended, hasTerminal: console.terminal != nil,
            watchdog: notifier?.watchdogInterval == nil ? nil : nextWatchdog,
            control: [control?.nextDeadline, held.nextDeadline].compactMap { $0 }.min(),
            requestsWaiting: control?.hasWaitingLines == true, reload: reloads.wake(preparing: preparing != nil), keypad: keypad?.watch.next,
            horn: hornRelay.releaseAt, light: configuration.light == nil ? nil : light.next, sync: readSync == nil ? nil : sync.wake
        )
        var fds = sources.pollSet()
        let wake = try clock.sleep(until: until, orWall: console.suspended ? nil : plan.wall, watching: &fds)
        report.wakeups += 1
        if !moving { report.idleWakeups += 1 }
        metrics.woke(idle: !moving)
        if let late = wake.lateness {
            lateness = late
            plan.frame = clock.now
        }
        if wake.clockSet { sync.clockSet() }
        if wake.clockSet || wake.zoneChanged {
            lateness = nil
            zone = ownZone
            plan.frame = clock.now
            logger.notice(
                wake.clockSet ? "the system clock was set; showing the time again" : "the time zone changed; showing the time again",
                metadata: ["zone": "\(zone.identifier)"])
        }
        try sources.dispatch(fds, while: { !stopping })
    }
}
