import CLinux
import FlipClockControl
import FlipClockCore
import FlipClockKeypad
import FlipClockOutput
import Logging

extension ClockLoop {
    /// What the state needs to know of the loop to answer `request` now (the machine's
    /// interfaces only for a pairing code that names no host).
    func moment(for request: ControlRequest? = nil) -> ClockState.Moment {
        var moment = ClockState.Moment(reading: reading(), level: screens?.level ?? 1, output: outputs.name, now: clock.now, page: page)
        moment.screens = screens?.shapes ?? []
        moment.timeSynced = sync.isSynced
        if !configuration.faces.faces.isEmpty {
            // What the screens show (a face waits to fold while a message is up).
            let shown = screens == nil ? state.faceShown(at: moment.reading) : screens.faceName
            moment.face = shown ?? FaceSchedule.defaultName
        }
        if case .pair(_, nil) = request, let http = configuration.http, ["0.0.0.0", "::"].contains(http.host) { moment.interfaces = interfaces() }
        return moment
    }

    /// A request answered by the state, with what the loop did for it: the reply, what is
    /// left to draw once the batch is saved, and whether it changed what the state file keeps.
    struct Answer {
        var reply: ControlReply
        var change: ClockState.Change
        var saves: Bool
        /// The change's log line, written once it is saved (a refused change is not logged as made).
        var note: (message: Logger.Message, metadata: Logger.Metadata)?
    }

    /// Answers one request: the state decides; a reload is done at once, and refused with why
    /// if it fails. `source` (the socket client's uid, the HTTP client's address) is logged with a change.
    func perform(_ request: ControlRequest, from source: String?) -> Answer {
        if case .game(.record(let match, let from)) = request {
            return Answer(reply: recordPage(match: match, from: from), change: .none, saves: false)
        }
        let outcome = state.handle(request, at: moment(for: request))
        if outcome.change == .reload, !reloadAndShow(at: clock.now) {
            return Answer(
                reply: .refused(ControlError(.reloadFailed, lastReloadError ?? "no configuration file to reload")), change: .none, saves: false)
        }
        let note = outcome.note.map { note in
            var metadata = note.metadata.mapValues { Logger.MetadataValue.string($0) }
            if let source { metadata["from"] = "\(source)" }
            return (Logger.Message(stringLiteral: note.message), metadata)
        }
        return Answer(reply: outcome.reply, change: outcome.change == .reload ? .none : outcome.change, saves: outcome.saves, note: note)
    }

    /// Saves the scores, timers, texts, game, sound, message seconds and countdowns as they are now.
    func save() throws(ControlError) {
        try stateFile?.save(
            state.savedScores, timers: state.savedTimers, texts: state.texts, game: state.savedGame, sets: state.savedSets, soundOn: state.soundOn,
            messageSeconds: state.messageSecondsSet, countdowns: state.countdowns)
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
        answered(batch, kind: kind).map(\.reply)
    }

    /// ``answer(_:kind:)``'s replies, each with the match's version it waits for: while this
    /// clock leads a `[match]`, a reply to a change of it waits until the broker has it
    /// (``HeldReplies``); 0 for any other.
    func answered(_ batch: [(request: Result<ControlRequest, ControlError>, from: String?)], kind: ClockMetrics.Source) -> [(
        reply: ControlReply, version: Int
    )] {
        let before = state.kept
        // The game as it is now, its horns sounded, before anyone asks about it.
        playGame(at: wall)
        let leads = state.leads
        var changes: [Bool] = []
        var entries: [(entry: RecordEntry, startsMatch: Bool)?] = []
        var answers = batch.map { asked in
            let was = leads ? state.matchParts : nil
            let answer =
                switch asked.request {
                case .success(let request): perform(request, from: asked.from)
                case .failure(let error): Answer(reply: .refused(error), change: .none, saves: false)
                }
            changes.append(was.map { $0 != state.matchParts } ?? false)
            entries.append(try? entry(for: asked.request.get(), answer, from: asked.from))
            return answer
        }
        if answers.contains(where: \.saves) {
            do throws(ControlError) {
                try save()
            } catch {
                state.kept = before
                logger.error("cannot save the state; the changes are refused", metadata: ["error": "\(error)"])
                for k in answers.indices where answers[k].saves {
                    answers[k] = Answer(reply: .refused(error), change: .none, saves: false)
                    changes[k] = false
                    entries[k] = nil
                }
            }
        }
        // Recorded once the state is kept, before any of it is acknowledged.
        write(entries.compactMap { $0 })
        // One version for the batch's changes: the MQTT side publishes the match after it.
        if changes.contains(true) { state.standing.version += 1 }
        for answer in answers {
            if let note = answer.note { logger.info(note.message, metadata: note.metadata) }
            metrics.record(answer.reply, from: kind)
            show(answer.change)
        }
        return zip(answers, changes).map { ($0.reply, $1 ? state.standing.version : 0) }
    }

    /// Answers the control socket's lines, each in the form it came in; a reply to a change of
    /// a led match once the broker has it (``HeldReplies``).
    func answer(_ lines: [(client: Int32, user: uid_t, line: String)]) {
        guard control != nil else { return }
        let replies = answered(lines.map { (Self.request($0.line), "uid \($0.user)") }, kind: .socket)
        for (asked, answer) in zip(lines, replies) {
            send(
                held.hold(
                    answer.reply, to: .socket(asked.client, serial: control?.serial(of: asked.client)), json: ControlJSON.isJSON(asked.line),
                    version: answer.version, at: clock.now))
        }
    }

    /// Answers what other threads (the HTTP server, the MQTT connection) asked: requests as one
    /// batch a way, and what the screens show. A reply to a change of a led match is held as
    /// the socket's (an MQTT command's is not: the MQTT side waits for it before it can tell
    /// that the broker took the change).
    func answer(_ waiting: WaitingRequests) {
        let taken = waiting.take()
        for kind in ClockMetrics.Source.allCases {
            let requests = taken.compactMap { asked in
                if case .request(let request) = asked.question, asked.kind == kind { (asked.id, request, asked.source) } else { nil }
            }
            guard !requests.isEmpty else { continue }
            let replies = answered(requests.map { (.success($0.1), $0.2) }, kind: kind)
            for (asked, answer) in zip(requests, replies) {
                send(held.hold(answer.reply, to: .waiting(asked.0), version: kind == .mqtt ? 0 : answer.version, at: clock.now))
            }
        }
        answerMatch(taken, waiting: waiting)
        let askers = taken.filter { $0.question == .pictures }
        guard !askers.isEmpty else { return }
        let pictures = screens.screens.map { ScreenPicture(screen: $0.output.name, frame: report.frames, canvas: $0.shown) }
        for asked in askers { waiting.answer(asked.id, with: pictures) }
    }

    /// Answers one request line as a client of the socket would be answered (tests, and the
    /// bench's operator).
    public func answer(_ line: String) -> String {
        answer([(Self.request(line), nil)], kind: .socket)[0].line(json: ControlJSON.isJSON(line))
    }

    /// Draws what a request changed: at once from rest; while cards move, at the next paced
    /// frame (a frame per request batch would outrun the refresh).
    func show(_ change: ClockState.Change) {
        let now = clock.now
        let soon = moving ? plan.frame : min(plan.frame, now)
        switch change {
        case .none, .reload:
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
}
