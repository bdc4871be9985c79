/// How a counter steps through every value between the shown and the asked-for one.
///
/// For a score going 3 → 7 the cards flip to 4, 5, 6 and 7 in turn; the further behind the
/// counter is, the faster each step runs (up to ``maximumSpeedUp`` times), so a big jump
/// still arrives quickly. The owner flips the counter's cards to each step's value when they
/// rest (``ClockScene`` does).
public struct CounterFlip: Equatable, Sendable {
    /// The number the cards show or are turning to.
    public private(set) var shown: Int
    /// The number asked for.
    public private(set) var target: Int
    public var maximumSpeedUp: Double = 4

    public init(showing value: Int) {
        shown = value
        target = value
    }

    /// Asks for `value`, stepping there.
    public mutating func set(_ value: Int) { target = value }

    /// Goes to `value` in one flip.
    public mutating func jump(to value: Int) {
        target = value
        shown = value
    }

    /// The next step once the cards rest: the value to flip to and how many times faster than
    /// normal; `nil` at the target.
    public mutating func nextStep() -> (value: Int, speedUp: Double)? {
        guard shown != target else { return nil }
        let behind = abs(target - shown)
        shown += target > shown ? 1 : -1
        return (shown, min(Double(behind), maximumSpeedUp))
    }
}
