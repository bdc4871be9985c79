/// A face on an output: its rows of clocks, date, scores, timers and texts, the cards, where
/// they are, and how they flip.
///
/// The daemon and the preview drive the same scene: tell it the clocks' reading whenever the
/// time shown changes (``show(_:at:)``), the scores, timers and texts whenever they are set,
/// then draw frames while ``isMoving(at:)``.
public struct ClockScene: Sendable {
    /// What the face shows, row by row as laid out on its output, and in the order of its cards.
    public let rows: [[FaceItem]]
    public let items: [FaceItem]
    public private(set) var renderer: FaceRenderer
    private let timing: FlipTiming
    private var reading: ClockReading
    /// Whether the clocks' and the date's cards show dashes (`[clock] unsynced = "dashes"`
    /// while the time is not synchronised).
    public private(set) var dashed = false
    /// Each score's counter by name: what its cards show or are turning to, and what was asked for.
    private var counters: [String: CounterFlip]
    /// What each timer's cards show, by name.
    private var timerValues: [String: [String]]
    /// What the game's clock, period and shot clock cards show, a match in sets' and the
    /// countdowns', by name: what the state works out each wake.
    private var gameValues: [String: [String]]
    /// What each text's cards are to show, by name, and what they show or are turning to now
    /// (a card that steps goes through the drum a character at a time).
    private var textTargets: [String: [String]]
    private var textCards: [String: [String]]

    /// The face laid out on a `width` × `height` canvas, showing `reading` and the scores
    /// and texts as they are (by name; the scores in their range, as the daemon's state keeps
    /// them; others show their first value), and the cards the state works out (`faces`, as
    /// ``setGame(_:at:)`` takes them; others dark).
    public init(
        face: Face, width: Int, height: Int, showing reading: ClockReading, scores values: [String: Int] = [:],
        texts: [String: String] = [:], faces: [String: String?] = [:], glyphs: any GlyphSource
    ) {
        let (rows, layout) = face.arrangement(width: width, height: height)
        self.rows = rows
        items = rows.flatMap { $0 }
        timing = face.timing
        self.reading = reading
        var counters: [String: CounterFlip] = [:]
        var timerValues: [String: [String]] = [:]
        var textCards: [String: [String]] = [:]
        var gameValues: [String: [String]] = [:]
        for item in items {
            switch item {
            case .score(let s): counters[s.name] = CounterFlip(showing: values[s.name] ?? s.minimum)
            case .timer(let t): timerValues[t.name] = t.values(t.direction == .down ? t.duration : 0)
            case .text(let t): textCards[t.name] = t.values(texts[t.name] ?? t.text)
            case .game(let g): gameValues[g.name] = faces[g.name].map(g.values) ?? g.values(g.start)
            case .set(let s): gameValues[s.name] = s.values(faces[s.name] ?? nil)
            case .countdown(let c): gameValues[c.name] = c.values(faces[c.name] ?? nil)
            case .clock, .date: break
            }
        }
        self.counters = counters
        self.timerValues = timerValues
        self.gameValues = gameValues
        textTargets = textCards
        self.textCards = textCards
        renderer = FaceRenderer(
            layout: layout,
            values: Self.values(items, reading, counters: counters, timers: timerValues, games: gameValues, texts: textCards),
            style: face.style, glyphs: glyphs, timing: face.timing,
            lighting: CardLighting(strength: face.shading), perspective: face.perspective,
            vanishing: face.vanishing
        )
        renderer.motionBlur = face.motionBlur
    }

    /// The configuration's face (its rows as written), for previews and tests.
    public init(
        configuration: ClockConfiguration, width: Int, height: Int, showing reading: ClockReading, scores: [String: Int] = [:],
        texts: [String: String] = [:], glyphs: any GlyphSource
    ) {
        self.init(face: configuration.face(), width: width, height: height, showing: reading, scores: scores, texts: texts, glyphs: glyphs)
    }

    /// What every card would show at `reading`, with the scores, timers and texts as they are.
    public func values(at reading: ClockReading) -> [String] {
        Self.values(items, reading, counters: counters, timers: timerValues, games: gameValues, texts: textCards, dashed: dashed)
    }

    /// `values` with each letter and digit a dash: a clock or a date that does not know it is right.
    static func dashes(_ values: [String]) -> [String] {
        values.map { String($0.map { $0.isLetter || $0.isNumber ? "-" : $0 }) }
    }

    private static func values(
        _ items: [FaceItem], _ reading: ClockReading, counters: [String: CounterFlip], timers: [String: [String]], games: [String: [String]],
        texts: [String: [String]], dashed: Bool = false
    ) -> [String] {
        items.flatMap { item -> [String] in
            switch item {
            case .clock(let c): dashed ? dashes(c.values(reading)) : c.values(reading)
            case .date(let d): dashed ? dashes(d.values(reading.day(in: d.zone))) : d.values(reading.day(in: d.zone))
            case .score(let s): s.values(counters[s.name]!.shown)
            case .timer(let t): timers[t.name]!
            case .text(let t): texts[t.name]!
            case .game(let g): games[g.name]!
            case .set(let s): games[s.name]!
            case .countdown(let c): games[c.name]!
            }
        }
    }

    private var allValues: [String] { values(at: reading) }

    /// Shows the clocks and the date at `reading` (as dashes if `dashed`) from `now` on; the
    /// cards whose value changed start to flip.
    public mutating func show(_ reading: ClockReading, dashed: Bool = false, at now: Duration) {
        self.reading = reading
        self.dashed = dashed
        renderer.show(allValues, at: now)
    }

    /// Shows the timers' seconds (by name; `nil` for blank cards) from `now` on.
    public mutating func setTimers(_ seconds: [String: Int?], at now: Duration) {
        for case .timer(let timer) in items {
            if let shown = seconds[timer.name] { timerValues[timer.name] = timer.values(shown) }
        }
        renderer.show(allValues, at: now)
    }

    /// Shows the game's clocks (by item name: `game`, `period`, `shot`; `nil` for dark cards),
    /// a match in sets' and the countdowns' cards (each a text, a character a card) from `now` on.
    ///
    /// A clock in tenths changes every 100 ms: its cards then flip in 90 ms, so each tenth
    /// is shown, not the newest one after a whole flip.
    public mutating func setGame(_ texts: [String: String?], at now: Duration) {
        let before = gameValues
        for item in items {
            guard let text = texts[item.name] else { continue }
            switch item {
            case .game(let g): gameValues[g.name] = g.values(text)
            case .set(let s): gameValues[s.name] = s.values(text)
            case .countdown(let c): gameValues[c.name] = c.values(text)
            default: continue
            }
        }
        // The loop tells the game every wake: nothing to ask of the cards when no text changed.
        guard gameValues != before else { return }
        let tenths = texts.values.contains { $0?.contains(".") == true }
        renderer.show(allValues, at: now, timing: tenths ? timing.faster(by: max(1, timing.total / Self.tenthFlip)) : nil)
    }

    /// How long a card of a clock in tenths takes to flip.
    static let tenthFlip = Duration.milliseconds(90)

    /// Shows the texts in `texts` (by name, already checked; others keep theirs) from `now`
    /// on: straight, or each card stepping through its drum, as each text item says.
    public mutating func setTexts(_ texts: [String: String], at now: Duration) {
        for case .text(let textItem) in items {
            guard let text = texts[textItem.name] else { continue }
            textTargets[textItem.name] = textItem.values(text)
            if textItem.change == .flip { textCards[textItem.name] = textTargets[textItem.name] }
        }
        renderer.show(allValues, at: now)
        step(at: now)
    }

    /// The score values the cards show or are turning to, by name.
    public var shownScores: [String: Int] { counters.mapValues(\.shown) }

    /// Shows the scores in `values` (by name, in their range; others keep theirs) from `now`
    /// on: straight to the value, or stepping through every value on the way, as each score
    /// says.
    public mutating func setScores(_ values: [String: Int], at now: Duration) {
        for case .score(let score) in items {
            guard let value = values[score.name] else { continue }
            if score.change == .flip { counters[score.name]!.jump(to: value) } else { counters[score.name]!.set(value) }
        }
        renderer.show(allValues, at: now)
        step(at: now)
    }

    /// Starts the next step of every stepping score whose cards rest, and of every text card
    /// that rests short of its character.
    private mutating func step(at now: Duration) {
        var first = 0
        for item in items {
            let cards = first..<first + item.cardCount
            first += item.cardCount
            switch item {
            case .score(let score):
                guard let counter = counters[score.name], counter.shown != counter.target, renderer.isResting(cards, at: now),
                    let next = counters[score.name]!.nextStep()
                else { continue }
                renderer.show(allValues, at: now, timing: timing.faster(by: next.speedUp))
            case .text(let textItem) where textItem.change == .step:
                let target = textTargets[textItem.name]!
                var shown = textCards[textItem.name]!
                for k in shown.indices where shown[k] != target[k] && renderer.isResting(cards.lowerBound + k..<cards.lowerBound + k + 1, at: now) {
                    shown[k] = textItem.step(from: shown[k], toward: target[k])
                }
                guard shown != textCards[textItem.name] else { continue }
                textCards[textItem.name] = shown
                renderer.show(allValues, at: now, timing: TextItem.stepTiming)
            default:
                continue
            }
        }
    }

    /// Draws the frame at `now`; returns what changed (nothing when the face is still).
    public mutating func frame(at now: Duration) throws -> [DamageRect] {
        step(at: now)
        return try renderer.frame(at: now)
    }

    public func isMoving(at now: Duration) -> Bool {
        renderer.isMoving(at: now) || counters.values.contains { $0.shown != $0.target }
            || textCards != textTargets
    }

    public var canvas: Canvas { renderer.canvas }
}
