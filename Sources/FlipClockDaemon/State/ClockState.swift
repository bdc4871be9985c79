import FlipClockControl
import FlipClockCore

/// What the clock shows besides the time, and its one owner: the scores, timers and texts as
/// last acknowledged, the brightness a person set, the messages posted and the pairing code.
///
/// A value with no I/O: a request goes in with what the loop sees when it came (``Moment``),
/// a typed reply for every request and what to do come out (``Outcome``); the loop does it
/// (saves, draws, reloads), and the screens draw the messages and the code as this says.
/// Every check of a request's values against the clock is made here, once, whichever way it
/// came (the grammars check a field's form with ``RequestField``).
struct ClockState {
    private(set) var configuration: ClockConfiguration
    private(set) var board: ScoreBoard
    private(set) var timers: [String: FlipTimer]
    private(set) var texts: [String: String]
    /// How bright the screens are: the night schedule, or what a request said.
    private(set) var brightness: ScreenBrightness
    /// The match's clocks, with `[game]` in the configuration.
    var game: Game?
    /// The match counted in sets, with `[sets]`: its history is its one owner.
    var sets: SetMatch?
    /// The moments requests set the countdowns to, by name, over the configuration's (kept
    /// across a reload that drops the name, for one that brings it back).
    var countdowns: [String: CountdownTarget] = [:]
    /// Whether the clock sounds (with `[sound]`): `sound off` turns it off until `sound on`.
    var soundOn = true
    /// A face a person asked for (`face NAME`), until its time is up or the faces in force change.
    var heldFace: HeldFace?
    /// The message seconds a request set (`message seconds 20`); `nil`: the configuration's.
    var messageSecondsSet: Int?
    /// The game and the scores before each of the last operator changes, newest last: what
    /// `game undo` puts back (at most ``undoLevels``).
    var undoable: [(game: Game?, scores: [String: Int])] = []
    /// The messages posted: the one on the panel and those waiting, timed by the loop's clock.
    /// Not saved; a reload drops them (they were laid out for the face it replaces).
    var messages = PanelReveal()
    /// The messages the match in sets posted (``answer(_:at:)-PointCommand``): one waiting is
    /// withdrawn when the next is posted.
    var said: Set<Int> = []
    /// The wall clock up to which the scheduled messages (`[[message]]`) were looked at:
    /// each is posted once, when its instant has passed this.
    var scheduleChecked: WallInstant?
    /// The next scheduled message's instant and the `[[face]]` schedule's next change, worked
    /// out once and kept until the clock reaches them (the frames of a flip ask each time).
    var scheduleAhead = Lookahead(), facesAhead = Lookahead()
    /// The control page's pairing code on the screens, and until when (the loop's clock).
    var pairing: PairingCode?
    /// Where this clock stands in the `[match]`: leading it, or the last state it followed.
    var standing = MatchStanding()
    /// The light sensor's decision, with `[light]`, and why the sensor gave nothing last.
    var room: RoomLight?
    var lightProblem: String?

    /// The state as saved (`nil`s: nothing saved), kept where it fits `configuration`: unknown
    /// names are dropped, scores kept in range, and a text shown only where a request could
    /// set it now (on the cards of a row of that name); ``dropped`` names the texts that were not.
    init(
        configuration: ClockConfiguration, scores: [String: Int] = [:], timers: [String: FlipTimer] = [:], texts: [String: String] = [:],
        game: Game? = nil, sets: SetMatch? = nil
    ) {
        self.configuration = configuration
        self.game = Self.game(for: configuration.game, saved: game)
        self.sets = Self.setMatch(for: configuration.sets, saved: sets)
        board = ScoreBoard(items: configuration.scores, values: scores)
        self.timers = Self.timers(for: configuration.timers, saved: timers)
        let kept = texts.filter { name, text in
            guard let item = configuration.texts.first(where: { $0.name == name }), case .success = item.checked(text) else { return false }
            return true
        }
        self.texts = kept
        brightness = ScreenBrightness(schedule: configuration.night)
        room = configuration.light.map(RoomLight.init)
        dropped = texts.filter { kept[$0.key] == nil }
    }

    /// The saved texts that are not shown (no such row, or not on its cards).
    private(set) var dropped: [String: String] = [:]
    /// What a reload's configuration has no place for, kept (see ``reconfigure(_:)``).
    var setAside = SetAside()

    /// Takes a reloaded configuration: scores, timers and the game kept where the names (and
    /// the game's rules) still match; what no longer fits is set aside (``SetAside``), not
    /// lost, and taken back when it fits again.
    mutating func reconfigure(_ new: ClockConfiguration) {
        configuration = new
        scheduleAhead.forget()
        facesAhead.forget()
        let scores = board.values.merging(setAside.scores) { $1 }
        board = ScoreBoard(items: new.scores, values: scores)
        // A value out of the new range is shown clamped, and kept as it was.
        setAside.scores = scores.filter { board.values[$0.key] != $0.value }
        let allTimers = setAside.timers.merging(timers) { $1 }
        timers = Self.timers(for: new.timers, saved: allTimers)
        setAside.timers = allTimers.filter { timers[$0.key] == nil }
        game = Self.reloaded(game, aside: &setAside.game, rules: new.game?.rules, of: \.rules) { Self.game(for: new.game, saved: $0) }
        if game != nil { undoable = [] }
        sets = Self.reloaded(sets, aside: &setAside.sets, rules: new.sets?.rules, of: \.rules) { Self.setMatch(for: new.sets, saved: $0) }
        brightness.schedule = new.night
        room = new.light.map { settings in
            room.map {
                var kept = $0; kept.settings = settings; return kept
            } ?? RoomLight(settings: settings)
        }
        messages = PanelReveal()
        heldFace = nil
        said = []
    }

    /// A configured timer's state (every configured timer has one).
    private func timer(_ item: TimerItem) -> FlipTimer { timers[item.name] ?? FlipTimer(item) }

    /// The timers that hide when idle and are idle (or long finished) at `now`: the rows the
    /// screens leave out (``ScreenSet/hidden`` is what they leave out now).
    func hiddenTimers(at now: WallInstant) -> Set<String> {
        Set(configuration.timers.filter { $0.hideWhenIdle && timer($0).isHidden(at: now) }.map(\.name))
    }

    /// What each timer's cards show at `now` (`nil`: blank, a finished countdown that shows nothing).
    func timerFaces(at now: WallInstant) -> [String: Int?] {
        Dictionary(
            uniqueKeysWithValues: configuration.timers.map { item in
                let timer = timer(item)
                let blank = item.atZero == .blank && timer.isFinished(at: now)
                return (item.name, blank ? nil : timer.shown(at: now))
            })
    }

    /// The brightness at `reading`; a request's override ends when the schedule next changes.
    /// Without one, the light sensor's level (with `[light]`), capped by the schedule's.
    mutating func level(at reading: ClockReading) -> Double {
        let scheduled = brightness.level(at: reading)
        guard brightness.override == nil, let room = room?.level else { return scheduled }
        return min(scheduled, room)
    }

    /// When the night schedule, or a request's override, next changes the brightness after
    /// `reading`.
    func levelChange(after reading: ClockReading) -> WallInstant? { brightness.nextChange(after: reading) }

    /// The next instant after `now` at which something this state shows changes by itself: a
    /// running timer's second, a timer that hides, the night schedule and the `[[face]]`s
    /// (read at `reading`). `nil`: nothing does.
    mutating func nextChange(after now: WallInstant, reading: ClockReading) -> WallInstant? {
        let hides = configuration.timers.filter(\.hideWhenIdle).compactMap { timer($0).hidesAt }.filter { $0 > now }
        let changes =
            timers.values.compactMap { $0.nextChange(after: now) }
            + [levelChange(after: reading), game?.nextChange(after: now), faceChange(after: reading)].compactMap { $0 } + hides
        return changes.min()
    }
}

extension ClockState {
    /// Answers one request that came at `moment`.
    mutating func handle(_ request: ControlRequest, at moment: Moment) -> Outcome {
        do throws(ControlError) {
            return try answer(request, at: moment)
        } catch {
            return Outcome(reply: .refused(error), change: .none, saves: false)
        }
    }

    private mutating func answer(_ request: ControlRequest, at moment: Moment) throws(ControlError) -> Outcome {
        func reply(_ reply: ControlReply, _ change: Change = .none, saves: Bool = false, note: Note? = nil) -> Outcome {
            Outcome(reply: reply, change: change, saves: saves, note: note)
        }
        if let refusal = matchRefusal(request) { throw refusal }
        switch request {
        case .ping:
            return reply(.pong)
        case .status:
            return reply(.status(status(at: moment)))
        case let .screen(level):
            brightness.set(level, at: moment.reading)
            return reply(.screen(ScreenLevel(level), until: brightness.overrideEnds), .redraw)
        case let .sound(on):
            guard configuration.sound != nil else {
                throw ControlError(.state, "the clock has no sound: add [sound] to the configuration (see the README, \"Sound\")")
            }
            soundOn = on
            return reply(.sound(on: on), saves: true)
        case .reload:
            return reply(.reloaded, .reload)
        case let .face(name, seconds):
            return Outcome(reply: try holdFace(name, seconds: seconds, at: moment), change: .redraw, saves: false)
        case let .score(action, pairs):
            let changed: [String: Int]
            let before = (game, board.values)
            do { changed = try board.apply(action, pairs) } catch { throw ControlError(error) }
            for name in changed.keys { setAside.scores[name] = nil }
            remember(before)
            return reply(
                .scores(scoreReadings), .scores(changed), saves: true, note: Note(message: "scores set", metadata: ["scores": board.summary]))
        case let .timerUntil(name, until):
            // A countdown to a time of day is a countdown of the seconds until its next one.
            let left = (until.secondOfDay - moment.time.secondOfDay + 86400 - 1) % 86400 + 1
            guard left <= TimerItem.longest else {
                throw ControlError(.range, "\(until) is \(left / 3600) h \(left / 60 % 60) min away; a timer counts down at most 99:59")
            }
            return try answer(.timer(.start, name: name, duration: left), at: moment)
        case let .text(name, text):
            let shown = try checkedText(text, of: name)
            texts[name] = shown
            let note = Note(message: "text set", metadata: ["name": name, "text": shown])
            return reply(.text(name: name, shown: shown, texts: texts), .texts([name: shown]), saves: true, note: note)
        case .texts(let pairs):
            // All checked before any is set: one change, or none.
            var shown: [String: String] = [:]
            for (name, text) in pairs { shown[name] = try checkedText(text, of: name) }
            texts.merge(shown) { $1 }
            let note = Note(message: "texts set", metadata: ["texts": ControlReply.texts(shown: shown, texts: [:]).line(json: false)])
            return reply(.texts(shown: shown, texts: texts), .texts(shown), saves: true, note: note)
        case let .message(text, seconds, row, name, urgent):
            return try post(text, hold: .seconds(seconds), row: row ?? 1, name: name, urgent: urgent, at: moment)
        case .retractMessage(let name):
            return try retract(name, at: moment.now)
        case let .messageSeconds(seconds):
            messageSecondsSet = seconds
            return reply(.messageSeconds(seconds), saves: true, note: Note(message: "message seconds set", metadata: ["seconds": "\(seconds)"]))
        case .clearMessages:
            messages.clear(at: moment.now)
            return reply(.messagesCleared, .redraw)
        case .listMessages:
            return reply(.messages(messageReadings(at: moment.now)))
        case let .pair(seconds, host):
            return try pair(for: seconds, host: host, at: moment)
        case .stopPairing:
            return stopPairing(at: moment.now)
        case .game(let command):
            return try answer(command, at: moment.wall)
        case .point(let command):
            return try answer(command, at: moment)
        case let .countdown(name, target):
            return try count(name, to: target)
        case let .timer(action, name, duration):
            guard var timer = timers[name] else {
                throw ControlError(.unknownTimer, unknownName(name, kind: "timer", known: configuration.timers.map(\.name)))
            }
            switch action {
            case .start: timer.start(duration: duration, at: moment.wall)
            case .pause: timer.pause(at: moment.wall)
            case .resume: timer.resume(at: moment.wall)
            case .reset: timer.reset(duration: configuration.timers.first { $0.name == name }?.duration)
            }
            timers[name] = timer
            let note = Note(message: "timer \(action.rawValue)", metadata: ["timers": TimerReading.summary(timerReadings(at: moment.wall))])
            return reply(.timers(timerReadings(at: moment.wall)), .redraw, saves: true, note: note)
        }
    }

    /// What `status` answers at `moment`.
    func status(at moment: Moment) -> ControlReply.Status {
        ControlReply.Status(
            time: moment.time, scores: scoreReadings, texts: texts, timers: timerReadings(at: moment.wall), screen: ScreenLevel(moment.level),
            output: moment.output, game: game.map { reading(of: $0, at: moment.wall) }, sets: sets.map(SetReading.init),
            messageSeconds: messageSeconds,
            match: matchStatus, countdowns: countdownReadings, light: lightReading, timeSynced: moment.timeSynced,
            face: moment.face)
    }

    /// The timers as a reply reports them at `now`, in the items' order.
    func timerReadings(at now: WallInstant) -> [TimerReading] {
        configuration.timers.map { TimerReading(name: $0.name, timer: timer($0), at: now) }
    }

    /// The scores as a reply reports them, in the items' order.
    var scoreReadings: [ControlReply.Score] {
        board.items.map { ControlReply.Score(name: $0.name, value: board.values[$0.name] ?? $0.minimum) }
    }

    /// The scores, timers, texts, game, sound, message seconds, what undo puts back and the countdowns,
    /// together, to put back when a save fails: a refused change leaves nothing to undo.
    var kept:
        (
            ScoreBoard, [String: FlipTimer], [String: String], Game?, SetMatch?, Bool, Int?, [(game: Game?, scores: [String: Int])],
            [String: CountdownTarget]
        )
    {
        get { (board, timers, texts, game, sets, soundOn, messageSecondsSet, undoable, countdowns) }
        set { (board, timers, texts, game, sets, soundOn, messageSecondsSet, undoable, countdowns) = newValue }
    }

    /// Puts back scores from an undo (already in range: they were the board's).
    mutating func restore(scores: [String: Int]) {
        board = ScoreBoard(items: configuration.scores, values: scores)
        for item in configuration.scores { setAside.scores[item.name] = nil }
    }

    /// Puts in a leader's scores and texts (``MatchState/followed(_:by:now:)`` checked them).
    mutating func take(scores: [String: Int], texts: [String: String]) {
        board = ScoreBoard(items: configuration.scores, values: board.values.merging(scores) { $1 })
        for name in scores.keys { setAside.scores[name] = nil }
        self.texts.merge(texts) { $1 }
    }
}
