import CLinux
import FlipClockCore
import FlipClockDisplay
import Foundation
import Logging

/// The daemon's loop: the time face on an output, drawn only while something moves.
///
/// It sleeps until the time shown next changes, then draws one frame per refresh (paced by
/// the monotonic clock, not by page-flip events, which virtual GPUs send at once) until every
/// card rests, and sleeps again. SIGTERM and SIGINT end it, and the output gives the screen
/// back. It logs each flip's frame count, and the totals when it stops.
public final class ClockLoop {
    public struct Report: Equatable, Sendable {
        public var frames = 0
        public var flips = 0
        /// Frames presented while no card moved (the first frame, each flip's landing and the
        /// redraw on coming back to the console aside): zero for a daemon that idles.
        public var stillFrames = 0
        /// Whole-screen redraws on coming back to the console.
        public var redraws = 0
    }

    private(set) var configuration: ClockConfiguration
    let output: FrameOutput
    private(set) var glyphs: any GlyphSource
    let time: TimeSource
    let logger: Logger
    let terminal: VirtualTerminal?
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

    /// Seconds since the Unix epoch: timers run on the wall clock, so they survive a restart.
    static var wallSeconds: Double { Date().timeIntervalSince1970 }

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
        let now = Self.wallSeconds
        return configuration.timers.map { display in
            let t = timers[display.name] ?? FlipTimer(display)
            let s = t.shown(at: now)
            let state = t.isRunning ? (t.isFinished(at: now) ? "finished" : "running") : { if case .paused = t.state { "paused" } else { "idle" } }()
            return "\(display.name)=\(s / 60 < 10 ? "0" : "")\(s / 60):\(s % 60 < 10 ? "0" : "")\(s % 60) \(state)"
        }.joined(separator: " ")
    }
    private var lastReloadError: String?

    /// `terminal` is the console the output shows on, if any: switching away from it pauses the clock.
    public init(
        configuration: ClockConfiguration, output: FrameOutput, terminal: VirtualTerminal?, glyphs: any GlyphSource, time: TimeSource,
        logger: Logger
    ) {
        self.configuration = configuration
        self.output = output
        self.terminal = terminal
        self.glyphs = glyphs
        self.time = time
        self.logger = logger
    }

    /// The signals the loop reads from its signalfd: stop, and the terminal's release and acquire.
    static var handledSignals: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for s in [SIGTERM, SIGINT, SIGHUP, VirtualTerminal.releaseSignal, VirtualTerminal.acquireSignal] { sigaddset(&set, s) }
        return set
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

    /// Reads every pending inotify event; whether one names `file`.
    static func drain(_ fd: Int32, mentioning file: String) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var found = false
        while true {
            let n = read(fd, &buffer, buffer.count)
            guard n > 0 else { return found }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= n {
                let length = buffer.withUnsafeBytes { Int($0.load(fromByteOffset: offset + 12, as: UInt32.self)) }
                let start = offset + MemoryLayout<inotify_event>.size
                let name = String(decoding: buffer[start..<min(start + length, n)].prefix { $0 != 0 }, as: UTF8.self)
                if name == file { found = true }
                offset = start + length
            }
        }
    }

    /// What a request changes on the screen.
    enum Effect {
        case none
        case scores([String: Int])
        case timers
        case reloaded
    }

    /// Answers one request line: the reply, and what it changes on the screen.
    ///
    /// A score change is saved (and synced) before it is acknowledged.
    func answer(_ line: String, time: WallTime) -> (reply: String, effect: Effect) {
        let json = line.hasPrefix("{")
        do throws(ControlError) {
            let request = json ? try ControlJSON.parse(line) : try ControlRequest.parse(line)
            switch request {
            case .ping:
                return (json ? ControlJSON.reply([:]) : "OK pong", .none)
            case .status:
                let text = "time=\(time)" + (board.displays.isEmpty ? "" : " scores \(board.summary)")
                    + (configuration.timers.isEmpty ? "" : " timers \(timerSummary)") + " output=\(output.name)"
                return (json ? ControlJSON.reply(["time": "\(time)", "scores": board.values, "output": output.name]) : "OK \(text)", .none)
            case .reload:
                guard reloadConfiguration() != nil else {
                    throw ControlError(.reloadFailed, lastReloadError ?? "no configuration file to reload")
                }
                return (json ? ControlJSON.reply(["reloaded": true]) : "OK reloaded", .reloaded)
            case let .score(action, pairs):
                var next = board
                let changed = try next.apply(action, pairs)
                try state?.save(next.values, timers: timers)
                board = next
                logger.info("scores set", metadata: ["scores": "\(board.summary)"])
                return (json ? ControlJSON.reply(["scores": board.values]) : "OK \(board.summary)", .scores(changed))
            case let .timer(action, name, duration):
                guard var timer = timers[name] else {
                    let known = configuration.timers.map(\.name).joined(separator: ", ")
                    throw ControlError(.unknownTimer, "\"\(name)\"; timers are \(known.isEmpty ? "none (add [[timer]] to the configuration)" : known)")
                }
                let now = Self.wallSeconds
                switch action {
                case .start: timer.start(duration: duration, at: now)
                case .pause: timer.pause(at: now)
                case .resume: timer.resume(at: now)
                case .reset: timer.reset(duration: configuration.timers.first { $0.name == name }?.duration)
                }
                var next = timers
                next[name] = timer
                try state?.save(board.values, timers: next)
                timers = next
                logger.info("timer \(action.rawValue)", metadata: ["timers": "\(timerSummary)"])
                return (json ? ControlJSON.reply(["timers": timerSummary]) : "OK \(timerSummary)", .timers)
            }
        } catch {
            return (json ? ControlJSON.reply(error) : error.description, .none)
        }
    }

    /// Blocks the loop's signals so only ``run()`` receives them; call before starting threads.
    public static func blockStopSignals() {
        var set = handledSignals
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Runs until SIGTERM or SIGINT; the output and the terminal are given back on every way out.
    public func run() throws -> Report {
        defer {
            output.close()
            terminal?.restore()
        }
        var set = Self.handledSignals
        let signals = signalfd(-1, &set, Int32(SFD_CLOEXEC))
        guard signals >= 0 else { throw DisplayError.call(function: "signalfd", device: "flipclockd", reason: String(cString: strerror(errno))) }
        defer { close(signals) }
        // Wakes at the wall clock's next second or minute, exactly, and at once if the clock is
        // set (NTP, by hand, resume): an absolute CLOCK_REALTIME timer cancelled on a clock step.
        let wallTimer = timerfd_create(CLOCK_REALTIME, Int32(TFD_CLOEXEC) | Int32(TFD_NONBLOCK))
        guard wallTimer >= 0 else { throw DisplayError.call(function: "timerfd_create", device: "flipclockd", reason: String(cString: strerror(errno))) }
        defer { close(wallTimer) }
        var armed: timespec?
        var lateness: Duration?
        // The configuration file's folder, watched for the file being written or replaced;
        // editors save in bursts, so a reload waits until it has been quiet for a moment.
        let watcher = configurationPath.map { _ in inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) } ?? -1
        defer { if watcher >= 0 { close(watcher) } }
        if watcher >= 0, let path = configurationPath {
            let folder = (path as NSString).deletingLastPathComponent
            inotify_add_watch(watcher, folder.isEmpty ? "." : folder, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE))
        }
        let settle = Duration.milliseconds(300)
        var reloadAt: Duration?

        let clock = ContinuousClock()
        let origin = clock.now
        let (saved, savedTimers, problem) = state?.load() ?? ([:], [:], nil)
        if let problem { logger.error("\(problem)") }
        board = ScoreBoard(displays: configuration.scores, values: saved)
        timers = Self.timers(for: configuration.timers, saved: savedTimers)
        var scene = ClockScene(
            configuration: configuration, width: output.size.width, height: output.size.height,
            showing: time.time(at: .zero), scores: board.values, glyphs: glyphs
        )
        let interval = Duration.seconds(1) / output.refreshRate
        var report = Report()
        var moving = false
        var flipFrames = 0
        var flipStart = Duration.zero
        var nextFrame = Duration.zero
        var suspended = false
        var redrawAll = false
        var nextWatchdog = Duration.zero
        // A reloaded configuration's face, drawn whole into its canvas before it is shown: no black frame.
        func showReloaded(at instant: Duration) {
            scene = ClockScene(
                configuration: configuration, width: output.size.width, height: output.size.height,
                showing: time.time(at: instant), scores: board.values, glyphs: glyphs
            )
            redrawAll = true
            moving = false
            nextFrame = instant
        }
        while true {
            let now = clock.now - origin
            if !suspended, now >= nextFrame {
                scene.show(time.time(at: now), at: now)
                if !timers.isEmpty { scene.setTimers(timerFaces(at: Self.wallSeconds), at: now) }
                let damage = try scene.frame(at: now)
                let stillMoving = scene.isMoving(at: now)
                if !damage.isEmpty || redrawAll {
                    try output.present(scene.canvas, damage: redrawAll ? [scene.canvas.bounds] : damage)
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
                        logger.info("first frame presented", metadata: ["output": "\(output.name)", "time": "\(time.time(at: now))"])
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
                        "frames": "\(flipFrames)", "ms": "\(Int(((now - flipStart).seconds * 1000).rounded()))",
                        "time": "\(time.time(at: now))",
                    ]
                    if let lateness { metadata["late_us"] = "\(Int(lateness.seconds * 1e6))" }
                    logger.info("flip done", metadata: metadata)
                }
                moving = stillMoving
                nextFrame = moving ? now + interval : now + time.untilNextChange(after: now, tick: configuration.face.tick)
                armed = moving ? nil : time.realtimeDeadline(tick: configuration.face.tick)
                // A running timer changes every second of its own: wake for that too.
                let wall = Self.wallSeconds
                if !moving, let change = timers.values.compactMap({ $0.nextChange(after: wall) }).min() {
                    if let face = armed, Double(face.tv_sec) + Double(face.tv_nsec) / 1e9 <= change {
                    } else if armed != nil {
                        let seconds = change.rounded(.down)
                        armed = timespec(tv_sec: Int(seconds), tv_nsec: Int(((change - seconds) * 1e9).rounded()))
                    } else {
                        nextFrame = min(nextFrame, now + .nanoseconds(Int64(max(0, change - wall) * 1e9)))
                    }
                }
                var setting = itimerspec(it_interval: timespec(), it_value: armed ?? timespec())
                timerfd_settime(wallTimer, Int32(TFD_TIMER_ABSTIME) | Int32(TFD_TIMER_CANCEL_ON_SET), &setting, nil)
                if armed != nil { nextFrame = .seconds(1 << 40) }
            }
            // Sleep until the next frame or change, a signal, or the output's events; while
            // switched away, until a signal. The watchdog, if systemd keeps one, is fed on the way.
            let awake = clock.now - origin
            if let interval = notifier?.watchdogInterval, awake >= nextWatchdog {
                notifier?.watchdog()
                nextWatchdog = awake + interval
            }
            var wait = suspended ? .seconds(3600) : max(.zero, nextFrame - awake)
            if notifier?.watchdogInterval != nil { wait = min(wait, max(.zero, nextWatchdog - awake)) }
            if let deadline = control?.nextDeadline { wait = min(wait, max(.zero, deadline - awake)) }
            if let due = reloadAt { wait = min(wait, max(.zero, due - awake)) }
            var fds = [pollfd(fd: signals, events: Int16(POLLIN), revents: 0), pollfd(fd: wallTimer, events: Int16(POLLIN), revents: 0)]
            if let events = output.eventDescriptor { fds.append(pollfd(fd: events, events: Int16(POLLIN), revents: 0)) }
            let watchIndex = fds.count
            if watcher >= 0 { fds.append(pollfd(fd: watcher, events: Int16(POLLIN), revents: 0)) }
            let controlStart = fds.count
            for fd in control?.descriptors ?? [] { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
            var timeout = timespec(tv_sec: Int(wait.components.seconds), tv_nsec: Int(wait.components.attoseconds / 1_000_000_000))
            let ready = ppoll(&fds, nfds_t(fds.count), &timeout, nil)
            if ready < 0, errno != EINTR {
                throw DisplayError.call(function: "ppoll", device: "flipclockd", reason: String(cString: strerror(errno)))
            }
            if fds[0].revents & Int16(POLLIN) != 0 {
                var info = signalfd_siginfo()
                _ = read(signals, &info, MemoryLayout<signalfd_siginfo>.size)
                switch Int32(info.ssi_signo) {
                case VirtualTerminal.releaseSignal:
                    output.suspend()
                    terminal?.acknowledgeRelease()
                    suspended = true
                    logger.info("switched away from the console: not drawing", metadata: ["terminal": "\(terminal?.path ?? "-")"])
                    continue
                case VirtualTerminal.acquireSignal:
                    terminal?.acknowledgeAcquire()
                    try output.resume()
                    suspended = false
                    redrawAll = true
                    nextFrame = clock.now - origin
                    logger.info("back on the console: drawing again", metadata: ["terminal": "\(terminal?.path ?? "-")"])
                    continue
                case SIGHUP:
                    if reloadConfiguration() != nil { showReloaded(at: clock.now - origin) }
                    continue
                default:
                    notifier?.stopping()
                    logger.info("stopping", metadata: [
                        "signal": "\(info.ssi_signo == UInt32(SIGTERM) ? "SIGTERM" : "SIGINT")",
                        "frames": "\(report.frames)", "flips": "\(report.flips)", "still_frames": "\(report.stillFrames)",
                        "redraws": "\(report.redraws)",
                    ])
                    return report
                }
            }
            if fds[1].revents & Int16(POLLIN) != 0 {
                // The boundary came, or the clock was set (the read fails with ECANCELED): look again now.
                var expirations: UInt64 = 0
                let stepped = read(wallTimer, &expirations, 8) < 0 && errno == ECANCELED
                var real = timespec()
                clock_gettime(CLOCK_REALTIME, &real)
                if let deadline = armed, !stepped {
                    lateness = .seconds(real.tv_sec - deadline.tv_sec) + .nanoseconds(real.tv_nsec - deadline.tv_nsec)
                }
                if stepped {
                    lateness = nil
                    logger.notice("the system clock was set; showing the time again")
                }
                armed = nil
                nextFrame = clock.now - origin
            }
            if watchIndex > 2, fds[2].revents & Int16(POLLIN) != 0 { try output.handleEvents() }
            if watcher >= 0, fds[watchIndex].revents & Int16(POLLIN) != 0,
                let name = configurationPath.map({ ($0 as NSString).lastPathComponent }), Self.drain(watcher, mentioning: name)
            {
                reloadAt = clock.now - origin + settle
            }
            if let due = reloadAt, clock.now - origin >= due {
                reloadAt = nil
                if reloadConfiguration() != nil { showReloaded(at: clock.now - origin) }
            }
            if let control {
                let at = clock.now - origin
                let readable = Set(fds[controlStart...].filter { $0.revents != 0 }.map(\.fd))
                for (client, line) in control.service(readable, now: at) {
                    let (reply, effect) = answer(line, time: time.time(at: at))
                    control.reply(reply, to: client)
                    switch effect {
                    case .none: break
                    case .scores(let changed):
                        scene.setScores(changed, at: at)
                        nextFrame = min(nextFrame, at)
                    case .timers:
                        nextFrame = min(nextFrame, at)
                    case .reloaded:
                        showReloaded(at: at)
                    }
                }
            }
        }
    }
}
