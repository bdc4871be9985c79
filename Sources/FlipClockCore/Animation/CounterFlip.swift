/// A counter's cards that step through every value between the shown and the asked-for one.
///
/// For a score going 3 → 7 the cards flip to 4, 5, 6 and 7 in turn; the further behind the
/// counter is, the faster each step runs (up to ``maximumSpeedUp`` times), so a big jump
/// still arrives quickly. Time is passed in, as for ``CardFlip``.
public struct CounterFlip: Sendable {
    /// How the counter turns its number into card values (digits, padding, sign).
    public let format: @Sendable (Int) -> [String]
    public private(set) var cards: [CardFlip]
    /// The number the cards show or are turning to.
    public private(set) var shown: Int
    /// The number asked for.
    public private(set) var target: Int
    public var timing: FlipTiming
    public var maximumSpeedUp: Double = 4

    public init(showing value: Int, timing: FlipTiming = .standard, format: @escaping @Sendable (Int) -> [String]) {
        self.format = format
        self.timing = timing
        shown = value
        target = value
        cards = format(value).map { CardFlip(showing: $0) }
    }

    /// Asks for `value`; returns the cards' pictures at `now`.
    public mutating func set(_ value: Int, at now: Duration) -> [CardPicture] {
        target = value
        return advance(to: now)
    }

    /// Moves to `now`, starting the next step whenever every card is at rest.
    public mutating func advance(to now: Duration) -> [CardPicture] {
        var pictures = cards.indices.map { cards[$0].advance(to: now) }
        while target != shown, pictures.allSatisfy({ !$0.isMoving }) {
            let remaining = abs(target - shown)
            shown += target > shown ? 1 : -1
            let step = timing.faster(by: min(Double(remaining), maximumSpeedUp))
            let values = format(shown)
            precondition(values.count == cards.count, "a counter keeps its number of cards")
            pictures = cards.indices.map { cards[$0].show(values[$0], at: now, timing: step) }
        }
        return pictures
    }
}
