import FlipClockControl
import FlipClockCore
import FlipClockDaemon

extension FuzzTarget {
    /// A request line of the text protocol, as the server hands it on (cut at the newline,
    /// checked by ``ControlServer/text(_:)``), parsed and applied to the values it changes.
    static func controlLine(_ bytes: [UInt8]) {
        guard case .success(let line) = ControlServer.text(bytes), !ControlJSON.isJSON(line) else { return }
        guard let request = try? ControlRequest.parse(line) else { return }
        apply(request)
    }

    /// A request line of the JSON protocol (one starting `{`), as ``controlLine(_:)``. The
    /// decoder's work grows with the square of the nesting: a line read whole nests no
    /// deeper than the bound, or the run fails (seed 18 nests 511 deep).
    static func controlJSON(_ bytes: [UInt8]) {
        guard case .success(let line) = ControlServer.text(bytes), ControlJSON.isJSON(line) else { return }
        guard let request = try? ControlJSON.parse(line) else { return }
        precondition(JSONValue.depth(line.utf8) <= JSONValue.deepest, "a request nested deeper than \(JSONValue.deepest) was decoded")
        apply(request)
    }

    /// What the loop does with a request's numbers and texts, short of a screen: scores on a
    /// board, a timer started and read, a text checked against a row of cards.
    static func apply(_ request: ControlRequest) {
        let now = WallInstant(unixSeconds: 1_795_000_000)
        switch request {
        case let .score(action, pairs):
            var board = ScoreBoard(items: [ScoreItem(name: "home"), ScoreItem(name: "away")], values: ["home": 3, "away": 2])
            _ = try? board.apply(action, pairs)
            _ = board.summary
        case let .timer(action, name, duration):
            for direction in TimerItem.Direction.allCases {
                var timer = FlipTimer(TimerItem(name: name, direction: direction))
                switch action {
                case .start: timer.start(duration: duration, at: now)
                case .pause: timer.pause(at: now)
                case .resume: timer.resume(at: now)
                case .reset: timer.reset(duration: duration)
                }
                read(timer, at: now + .seconds(1))
            }
        case let .text(name, text):
            _ = TextItem(name: name).checked(text)
        case .texts(let pairs):
            for pair in pairs { _ = TextItem(name: pair.name).checked(pair.text) }
        case let .timerUntil(_, time):
            _ = time.secondOfDay
        case let .countdown(name, target):
            // Every unit, on a day around the moment, in a zone with daylight saving.
            let zone = ZoneRules(identifier: "EU", rule: TZString("CET-1CEST,M3.5.0,M10.5.0/3")!)
            for unit in CountdownItem.Unit.allCases {
                let item = CountdownItem(name: name, digits: 5, unit: unit, target: target)
                for day in [-400, -1, 0, 1, 400] {
                    let at = (target?.day.daysSinceEpoch ?? 20000) + day
                    _ = item.values(
                        item.text(to: target, at: WallInstant(unixSeconds: at * 86400), today: CalendarDay(daysSinceEpoch: at), zone: zone))
                }
            }
        case let .message(text, seconds, _, name, urgent):
            _ = try? PanelMessage.checkLength(text)
            _ = PanelMessage.holds.contains(.seconds(seconds))
            // Into a short queue among others, named and not, urgent and not, then taken away.
            var reveal = PanelReveal(capacity: 2)
            for k in 0..<4 {
                let message = PanelMessage(text: text, hold: .seconds(max(1, min(seconds, 86400))), height: 10)
                _ = try? reveal.post(message, name: k.isMultiple(of: 2) ? name : nil, urgent: urgent != (k == 1), at: .seconds(k))
            }
            if let name { _ = reveal.retract(name, at: .seconds(5)) }
            _ = reveal.advance(to: .seconds(86400 * 4))
        case .game(.act(let action)):
            // On both kinds of clock, with a shot clock, running and not, then read.
            for direction in RunningClock.Direction.allCases {
                var rules = GameRules()
                rules.direction = direction
                rules.shotClock = ShotClockRules()
                var game = Game(rules: rules)
                try? game.apply(.start, at: now)
                try? game.apply(action, at: now + .seconds(1))
                read(&game, at: now + .seconds(2))
            }
        case .messageSeconds(let seconds):
            precondition(PanelMessage.holds.contains(.seconds(seconds)))
        case .point(let command):
            // Under each sport's rules: recorded, undone, read back as the board shows it.
            for rules in [SetRules.volleyball, .tennis(bestOf: 5, noAd: true, matchTieBreak: true), .tableTennis] {
                var match = SetMatch(rules: rules, firstServer: .home)
                switch command {
                case .point(let side): try? match.record(.point(side))
                case .timeout(let side): try? match.record(.timeout(side))
                case .serve(let side): try? match.record(.serve(side))
                case .undo: try? match.undo()
                case .new(let server): match = SetMatch(rules: rules, firstServer: server ?? .away)
                }
                _ = match.standing.pointTexts(under: rules)
                _ = match.summary
            }
        case .game(.record(let match, let from)):
            precondition(from >= 1 && (match ?? 1) >= 1)
        case .game(.undo), .screen, .sound, .retractMessage, .clearMessages, .listMessages, .pair, .stopPairing, .face, .status, .reload, .ping:
            break
        }
    }

    /// Everything the loop reads of a game to draw it, and its next hour.
    static func read(_ game: inout Game, at now: WallInstant) {
        _ = game.advance(to: now + .seconds(3600))
        _ = GameItem(.clock, label: "", start: "").values(game.clockText(at: now))
        _ = GameItem(.shot, label: "", start: "").values(game.shotText(at: now))
        _ = game.nextChange(after: now)
    }

    /// Everything the loop reads of a timer to draw it and to sleep until it changes.
    static func read(_ timer: FlipTimer, at now: WallInstant) {
        let display = TimerItem(name: "t", direction: timer.direction)
        _ = display.values(timer.shown(at: now))
        _ = timer.isFinished(at: now)
        _ = timer.isHidden(at: now)
        _ = timer.hidesAt
        _ = timer.nextChange(after: now)
    }
}
