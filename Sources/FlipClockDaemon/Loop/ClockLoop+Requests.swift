import CLinux
import FlipClockControl
import FlipClockCore
import FlipClockKeypad
import FlipClockOutput
import Logging

extension ClockLoop {
    /// What the state needs to know of the loop to answer a request now.
    func moment() -> ClockState.Moment {
        ClockState.Moment(reading: reading(), level: screens?.level ?? 1, output: outputs.name)
    }

    /// A request handled by the state, with what the loop did for it: the reply, what is
    /// left to draw once the batch is saved, and whether it changed what the state file keeps.
    struct Answer {
        var reply: ControlReply
        var change: ClockState.Change
        var saves: Bool
        /// The change's log line, written once it is saved (a refused change is not logged as made).
        var note: (message: Logger.Message, metadata: Logger.Metadata)?
    }

    /// Answers one request: the state decides; a reload, a message, clearing or listing the
    /// messages is done at once. `source` (the socket client's uid, the HTTP client's address) is logged with a change.
    func perform(_ request: ControlRequest, from source: String?) -> Answer {
        var logger = self.logger
        if let source { logger[metadataKey: "from"] = "\(source)" }
        func refused(_ error: ControlError) -> Answer { Answer(reply: .refused(error), change: .none, saves: false) }
        let outcome = state.handle(request, at: moment())
        switch (request, outcome.change) {
        case (_, .reload):
            guard reloadAndShow(at: clock.now) else {
                return refused(ControlError(.reloadFailed, lastReloadError ?? "no configuration file to reload"))
            }
            return Answer(reply: .reloaded, change: .none, saves: false)
        case let (_, .post(text, hold, row)):
            guard !screens.screens.isEmpty else { return refused(ControlError(.state, "no screen is connected to show it on")) }
            do throws(MessageError) {
                let (number, waiting) = try screens.post(text, for: hold, row: row, at: clock.now)
                logger.info("message", metadata: ["number": "\(number)", "seconds": "\(hold.components.seconds)", "text": "\(text)"])
                return Answer(reply: .message(number: number, waiting: waiting), change: .redraw, saves: false)
            } catch {
                return refused(ControlError(error))
            }
        case (_, .clearMessages):
            screens.clearMessages(at: clock.now)
            return Answer(reply: .messagesCleared, change: .redraw, saves: false)
        case let (_, .pair(seconds, host)):
            switch pair(for: seconds, host: host, logger: logger) {
            case .success(let reply): return Answer(reply: reply, change: .redraw, saves: false)
            case .failure(let error): return refused(error)
            }
        case (_, .stopPairing):
            if screens.stopPairing() { logger.info("pairing code taken down") }
            return Answer(reply: .pairingStopped, change: .redraw, saves: false)
        case (_, .listMessages):
            // Every screen's panel holds the same messages.
            let reveal = screens.screens.first?.panel.reveal
            let messages = ([reveal?.shown].compactMap { $0 } + (reveal?.waiting ?? [])).map {
                MessageReading(
                    number: $0.number, text: $0.message.text, seconds: Int($0.message.hold.components.seconds), row: $0.message.row,
                    shown: $0 == reveal?.shown)
            }
            return Answer(reply: .messages(messages), change: .none, saves: false)
        default:
            break
        }
        var note: (message: Logger.Message, metadata: Logger.Metadata)?
        switch (request, outcome.change) {
        case (.score, .scores):
            note = ("scores set", ["scores": "\(state.board.summary)"])
        case let (.text(name, _), .texts(changed)):
            note = ("text set", ["name": "\(name)", "text": "\(changed[name] ?? "")"])
        case (.timer(let action, _, _), _) where outcome.saves:
            note = ("timer \(action.rawValue)", ["timers": "\(TimerReading.summary(state.timerReadings(at: wall)))"])
        case (.timerUntil, _) where outcome.saves:
            note = ("timer start", ["timers": "\(TimerReading.summary(state.timerReadings(at: wall)))"])
        default:
            break
        }
        if let source { note?.metadata["from"] = "\(source)" }
        // Every change the state leaves to the loop to answer is made above; the rest come with a reply.
        guard let reply = outcome.reply else { preconditionFailure("the state left \(outcome.change) unanswered") }
        return Answer(reply: reply, change: outcome.change, saves: outcome.saves, note: note)
    }

    /// Saves the scores, timers and texts as they are now.
    func save() throws(ControlError) {
        try stateFile?.save(state.savedScores, timers: state.savedTimers, texts: state.texts, game: state.savedGame, soundOn: state.soundOn)
    }

    /// A request line as the socket's client wrote it, in either form.
    static func request(_ line: String) -> Result<ControlRequest, ControlError> {
        Result { () throws(ControlError) in ControlJSON.isJSON(line) ? try ControlJSON.parse(line) : try ControlRequest.parse(line) }
    }

    /// Answers a batch of requests from one source, in order: a request that could not be read
    /// is refused as it is. The state is saved once for the whole batch, before any of it is
    /// acknowledged; if it cannot be, the batch's changes are undone and refused. Each reply
    /// is counted under `kind`.
    func answer(_ batch: [(request: Result<ControlRequest, ControlError>, from: String?)], kind: ClockMetrics.Source) -> [ControlReply] {
        let before = state.kept
        // The game as it is now, its horns sounded, before anyone asks about it.
        playGame(at: wall)
        var answers = batch.map { asked in
            switch asked.request {
            case .success(let request): perform(request, from: asked.from)
            case .failure(let error): Answer(reply: .refused(error), change: .none, saves: false)
            }
        }
        if answers.contains(where: \.saves) {
            do throws(ControlError) {
                try save()
            } catch {
                state.kept = before
                logger.error("cannot save the state; the changes are refused", metadata: ["error": "\(error)"])
                for k in answers.indices where answers[k].saves {
                    answers[k] = Answer(reply: .refused(error), change: .none, saves: false)
                }
            }
        }
        for answer in answers {
            if let note = answer.note { logger.info(note.message, metadata: note.metadata) }
            metrics.record(answer.reply, from: kind)
            show(answer.change)
        }
        return answers.map(\.reply)
    }

    /// Answers the control socket's lines, each in the form it came in.
    func answer(_ lines: [(client: Int32, user: uid_t, line: String)]) {
        guard let control else { return }
        let replies = answer(lines.map { (Self.request($0.line), "uid \($0.user)") }, kind: .socket)
        for (asked, reply) in zip(lines, replies) { control.reply(reply.line(json: ControlJSON.isJSON(asked.line)), to: asked.client) }
    }

    /// Answers what other threads (the HTTP server, the MQTT connection) asked: requests as one
    /// batch a way, and what the screens show.
    func answer(_ waiting: WaitingRequests) {
        let taken = waiting.take()
        for kind in ClockMetrics.Source.allCases {
            let requests = taken.compactMap { asked in
                if case .request(let request) = asked.question, asked.kind == kind { (asked.id, request, asked.source) } else { nil }
            }
            guard !requests.isEmpty else { continue }
            let replies = answer(requests.map { (.success($0.1), $0.2) }, kind: kind)
            for (asked, reply) in zip(requests, replies) { waiting.answer(asked.0, with: .reply(reply)) }
        }
        let askers = taken.filter { $0.question == .pictures }
        guard !askers.isEmpty else { return }
        let pictures = screens.screens.map { ScreenPicture(screen: $0.output.name, frame: report.frames, canvas: $0.shown) }
        for asked in askers { waiting.answer(asked.id, with: .pictures(pictures)) }
    }

    /// Answers one request line as a client of the socket would be answered (tests, and the
    /// bench's operator).
    public func answer(_ line: String) -> String {
        answer([(Self.request(line), nil)], kind: .socket)[0].line(json: ControlJSON.isJSON(line))
    }

    /// Draws what a request changed: at once from rest; while cards move, at the next paced
    /// frame (a frame per request batch would outrun the refresh).
    private func show(_ change: ClockState.Change) {
        let now = clock.now
        let soon = moving ? plan.frame : min(plan.frame, now)
        switch change {
        case .none, .reload, .post, .clearMessages, .listMessages, .pair, .stopPairing:
            break
        case .scores(let changed):
            screens.setScores(changed, at: now)
            plan.frame = soon
        case .texts(let changed):
            screens.setTexts(changed, at: now)
            plan.frame = soon
        case .redraw:
            plan.frame = soon
        }
    }

    /// Reads the configuration again and shows it from `instant` on (rows that went or came
    /// fold in and out); on any error keeps the running one and says why. Returns whether it did.
    @discardableResult
    func reloadAndShow(at instant: Duration) -> Bool {
        guard let reload else { return false }
        notifier?.reloading()
        releaseRelay()
        do {
            let (new, font) = try reload()
            if new.output != configuration.output || new.device != configuration.device || new.connectors != configuration.connectors
                || new.screen != configuration.screen || new.screens != configuration.screens
            {
                logger.notice("output settings take effect at the next start", metadata: ["output": "\(new.output.rawValue)"])
            }
            if new.http != configuration.http {
                logger.notice("[http] settings take effect at the next start")
            }
            if new.mqtt != configuration.mqtt {
                logger.notice("[mqtt] settings take effect at the next start")
            }
            if let keypad {
                // The keys follow the file (checked when it was read); the device is the one taken at the start.
                if new.keypad?.device != keypad.wanted { logger.notice("[keypad] device takes effect at the next start") }
                keypad.map = (try? KeypadMap(new)) ?? keypad.map
            } else if new.keypad != nil {
                logger.notice("[keypad] takes effect at the next start")
            }
            state.reconfigure(new)
            takeRelay()
            placeZones = ClockReading.zones(of: new)
            zone = ownZone
            shown = reading().time()
            logger.info("configuration reloaded")
            configured?(new)
            notifier?.ready(status: "configuration reloaded; showing the time on \(outputs.name)")
            if screens.reload(new, glyphs: font, hidden: state.hiddenTimers(at: wall), showing: showing(reading()), at: instant) {
                logger.info("rows fold in and out")
            }
        } catch {
            lastReloadError = "\(error)"
            logger.error("reload failed; keeping the running configuration", metadata: ["error": "\(error)"])
            notifier?.send(["READY=1", "STATUS=reload failed: \(error)"])
            return false
        }
        moving = false
        plan.frame = instant
        return true
    }
}
