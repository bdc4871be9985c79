import FlipClockControl
import FlipClockCore
import FlipClockOutput
import Logging

extension ClockLoop {
    /// One wake's drawing: the brightness the state says, rows that fold in or out, the time,
    /// the timers, and a frame on every screen if one is due; then the plan for the next.
    func step() throws {
        let now = clock.now
        checkSync(at: now)
        // How the clocks read: once a wake, for every screen and every deadline.
        let read = reading()
        // The change this wake was planned for, if its instant has come (the frame log's due).
        let due = plan.wall.flatMap { $0 <= read.instant ? $0 : nil }
        // A scheduled message whose time has come is posted as a request's would be.
        if !configuration.messages.isEmpty {
            for note in state.postScheduled(at: moment(), zone: zone) {
                logger.info(Logger.Message(stringLiteral: note.message), metadata: note.metadata.mapValues { .string($0) })
            }
        }
        state.advanceMessages(to: now)
        // A panel's next move (a message posted, its time up), or a timer's row to show or
        // hide, is a frame to draw.
        if let change = screens.panelChange(after: now, messages: state.messages) { plan.frame = min(plan.frame, change) }
        playGame(at: read.instant)
        let hidden = state.hiddenTimers(at: read.instant)
        let face = state.faceShown(at: read)
        let folds = hidden != screens.hidden || face != screens.faceName
        if folds { plan.frame = min(plan.frame, now) }
        // The night schedule (or a request) changed the brightness: the face is presented
        // whole at the new level; at 0 the screens are off and nothing is drawn.
        readLight(at: now)
        let level = state.level(at: read)
        if level != screens.level {
            try screens.apply(level)
            moving = false
            plan.frame = now
        }
        guard now >= plan.frame else { return }
        guard screens.level > 0 else {
            plan = WakePlan(frame: WakePlan.never, wall: state.levelChange(after: read))
            return
        }
        // A timer that hides when idle started or ended, or another `[[face]]` is in force:
        // rows fold in or away (once no message is on the screen: a panel belongs to the
        // layout it opened in).
        if folds, state.messagesQuiet(at: now) {
            let changed = face != screens.faceName
            if screens.hide(hidden, face: face, showing: showing(read), at: now) {
                logger.info("rows fold in and out", metadata: ["hidden": "\(hidden.sorted())", "face": "\(face ?? FaceSchedule.defaultName)"])
            }
            if changed { sayFace(face) }
        }
        let time = read.time()
        if configuration.time.values(at: time) != configuration.time.values(at: shown) {
            shown = time
            observers.show?(time, clock.wall)
            startLateness = lateness == nil ? nil : clock.wall.remainder(dividingBy: configuration.time.tick)
            if let startLateness { metrics.flipStarted(late: startLateness) }
        }
        let timerFaces = state.timers.isEmpty ? nil : state.timerFaces(at: read.instant)
        let gameFaces = state.gameFaces(at: read.instant)
        let countdownFaces = state.countdownFaces(at: read, zone: zone)
        screens.show(read, dashed: syncLook == .dashes, timers: timerFaces, game: gameFaces.merging(countdownFaces) { $1 }, at: now)
        for screen in screens.screens { try frame(screen, at: now, time: time) }
        // The frame drawn for a change, even one whose cards have not moved a pixel yet (a
        // flip's first instant): where the change is due, alike on every screen of a match.
        frameLog?.drew(gameFaces, at: clock.wall, due: due)
        frameCosts = (frameCosts + [clock.now - now]).suffix(2)
        sayLandings(at: now)
        moving = screens.moving
        // At rest, sleep until the wall clock reaches the face's next change, or the state's
        // (a running timer changes every second of its own).
        plan = WakePlan.afterFrame(
            now: now, moving: moving, frameInterval: screens.frameInterval, panelChange: screens.panelChange(after: now, messages: state.messages),
            pairingEnds: state.pairing(at: now)?.until, faceChange: read.nextChange(every: configuration.time.tick),
            stateChange: [state.nextChange(after: read.instant, reading: read), state.nextScheduled(after: read, zone: zone)].compactMap {
                $0
            }.min()
        )
        cueClicks(after: now, cost: frameCosts.min()!, reading: read)
    }

    /// Says that the screens show `face` now (`nil`: the `[[row]]` face).
    func sayFace(_ face: String?) {
        logger.notice("face shown", metadata: ["face": "\(face ?? FaceSchedule.defaultName)"])
    }

    /// Makes what happened by itself in the game up to `now`: each horn is sounded (logged,
    /// and the relay's line active for the horn's length),
    /// and a game that changed (a period over, a break begun) is saved at once.
    func playGame(at now: WallInstant) {
        let before = state.game
        let happened = state.advanceGame(to: now)
        for case .horn(let horn, let at) in happened.map(\.event) where now - at <= Game.hornLateness {
            let late = (now.nanosecondsSince1970 - at.nanosecondsSince1970) / 1_000_000
            logger.notice("horn", metadata: ["clock": "\(horn.rawValue)", "late_ms": "\(late)", "due_ns": "\(at.nanosecondsSince1970)"])
            observers.horn?(horn, at)
            soundHorn(due: at)
            soundRelay()
        }
        guard state.game != before else { return }
        do throws(ControlError) {
            try save()
        } catch {
            logger.error("cannot save the game", metadata: ["error": "\(error)"])
        }
        recordClock(happened)
    }

    /// Draws `screen`'s frame at `now`, and says when the first frame is presented and when
    /// a flip lands.
    private func frame(_ screen: Screen, at now: Duration, time: WallTime) throws {
        let before = report
        let flip: Screen.FlipDone?
        let started = ContinuousClock.now
        do {
            flip = try screen.frame(
                at: now, messages: state.messages, pairing: state.pairing(at: now)?.code, lost: state.lostLeader, unsynced: syncLook == .mark,
                report: &report)
            if report.frames > before.frames { metrics.drew(in: ContinuousClock.now - started) }
        } catch let error as OutputError {
            throw error
        } catch {
            // A text the font cannot draw (checked with the configuration, but a font file
            // can change under it): the screen keeps its last frame.
            if "\(error)" != drawingProblem { logger.error("cannot draw the frame; the screen keeps the last one", metadata: ["error": "\(error)"]) }
            drawingProblem = "\(error)"
            flip = nil
        }
        metrics.presented(frames: report.frames - before.frames, flips: report.flips - before.flips)
        if before.frames == 0, report.frames == 1 {
            logger.info("first frame presented", metadata: ["output": "\(outputs.name)", "time": "\(time)"])
            notifier?.ready(status: "showing the time on \(outputs.name)")
        }
        guard let flip else { return }
        var metadata: Logger.Metadata = [
            "frames": "\(flip.frames)", "ms": "\(Int((flip.duration.seconds * 1000).rounded()))", "time": "\(time)",
        ]
        if let lateness { metadata["late_us"] = "\(Int(lateness.seconds * 1e6))" }
        if let startLateness { metadata["start_late_us"] = "\(Int(startLateness.seconds * 1e6))" }
        if screens.screens.count > 1 { metadata["screen"] = "\(screen.output.name)" }
        logger.info("flip done", metadata: metadata)
    }
}
