/// A face on an output: the time and the scores, the cards, where they are, and how they flip.
///
/// The daemon and the preview drive the same scene: tell it the wall time whenever the time
/// shown changes (``show(_:at:)``) and the scores whenever they are set
/// (``setScores(_:at:)``), then draw frames while ``isMoving(at:)``.
public struct ClockScene: Sendable {
    public let face: TimeFace
    public let scores: [ScoreDisplay]
    public let timers: [TimerDisplay]
    /// What each timer's cards show (after the scores' cards).
    private var timerValues: [[String]]
    public private(set) var renderer: FaceRenderer
    private let timing: FlipTiming
    private var timeValues: [String]
    /// Each score's counter: what its cards show or are turning to, and what was asked for.
    private var counters: [CounterFlip]

    public init(
        configuration: ClockConfiguration, width: Int, height: Int, showing time: WallTime, scores values: [String: Int] = [:],
        glyphs: any GlyphSource
    ) {
        face = configuration.face
        scores = configuration.scores
        timers = configuration.timers
        timerValues = configuration.timers.map { $0.values($0.direction == .down ? $0.duration : 0) }
        timing = configuration.timing
        timeValues = configuration.face.values(at: time)
        counters = configuration.scores.map { CounterFlip(showing: min(max(values[$0.name] ?? $0.minimum, $0.minimum), $0.maximum)) }
        renderer = FaceRenderer(
            layout: configuration.layout(width: width, height: height),
            values: timeValues + zip(configuration.scores, counters).flatMap { $0.values($1.shown) } + timerValues.flatMap { $0 },
            style: configuration.style, glyphs: glyphs, timing: configuration.timing,
            lighting: CardLighting(strength: configuration.shading), perspective: configuration.perspective
        )
    }

    private var allValues: [String] { timeValues + scoreValues + timerValues.flatMap { $0 } }

    private var scoreValues: [String] { zip(scores, counters).flatMap { $0.values($1.shown) } }

    /// What every card would show at `time`, with the scores as they are.
    public func values(at time: WallTime) -> [String] { face.values(at: time) + scoreValues + timerValues.flatMap { $0 } }

    /// Shows the timers' seconds (by name; `nil` for blank cards) from `now` on.
    public mutating func setTimers(_ seconds: [String: Int?], at now: Duration) {
        for (i, timer) in timers.enumerated() {
            if let shown = seconds[timer.name] { timerValues[i] = timer.values(shown) }
        }
        renderer.show(allValues, at: now)
    }

    /// The score values the cards show or are turning to, by name.
    public var shownScores: [String: Int] {
        Dictionary(uniqueKeysWithValues: zip(scores, counters).map { ($0.name, $1.shown) })
    }

    /// Shows `time` from `now` on; the cards whose value changed start to flip.
    public mutating func show(_ time: WallTime, at now: Duration) {
        timeValues = face.values(at: time)
        renderer.show(allValues, at: now)
    }

    /// Shows the scores in `values` (by name; others keep theirs) from `now` on: straight to
    /// the value, or stepping through every value on the way, as each score's display says.
    public mutating func setScores(_ values: [String: Int], at now: Duration) {
        for (i, score) in scores.enumerated() {
            guard let value = values[score.name] else { continue }
            let clamped = min(max(value, score.minimum), score.maximum)
            if score.change == .flip { counters[i].jump(to: clamped) } else { counters[i].set(clamped) }
        }
        renderer.show(allValues, at: now)
        step(at: now)
    }

    /// Starts the next step of every stepping score whose cards rest.
    private mutating func step(at now: Duration) {
        var first = timeValues.count
        for (i, score) in scores.enumerated() {
            let cards = first..<first + score.digits
            first += score.digits
            guard counters[i].shown != counters[i].target, renderer.isResting(cards, at: now),
                let next = counters[i].nextStep()
            else { continue }
            renderer.show(allValues, at: now, timing: timing.faster(by: next.speedUp))
        }
    }

    /// Draws the frame at `now`; returns what changed (nothing when the face is still).
    public mutating func frame(at now: Duration) throws -> [DamageRect] {
        step(at: now)
        return try renderer.frame(at: now)
    }

    public func isMoving(at now: Duration) -> Bool {
        renderer.isMoving(at: now) || counters.contains { $0.shown != $0.target }
    }

    public var canvas: Canvas { renderer.canvas }
}
