extension CardFlip {
    /// When the flap turning now strikes the stop at the bottom: the end of MiddleToBottom's
    /// second half, before the landing's bounce (which makes no click of its own); `nil` for a
    /// card at rest.
    public var landing: Duration? {
        if case let .topToMiddle(_, _, start, timing) = state { return start + timing.firstHalf + timing.secondHalf }
        if case let .middleToBottom(_, _, start, timing) = state { return start + timing.secondHalf }
        return nil
    }
}

/// A card that lands in a frame still to come: which card, when its flap strikes the stop,
/// and the frame that first shows it landed (the instant its click sounds).
public struct CardLanding: Equatable, Hashable, Sendable {
    public var card: Int
    public var landing: Duration
    public var frame: Duration

    public init(card: Int, landing: Duration, frame: Duration) {
        self.card = card
        self.landing = landing
        self.frame = frame
    }

    /// The cards that land after the frame at `now` and by the last of `frames` (the next
    /// frames' instants, ascending), each with the first of those frames at or after its landing.
    public static func coming(_ cards: [CardFlip], after now: Duration, frames: [Duration]) -> [CardLanding] {
        guard let last = frames.last else { return [] }
        return cards.enumerated().compactMap { index, card in
            guard let landing = card.landing, landing > now, landing <= last, let frame = frames.first(where: { $0 >= landing }) else { return nil }
            return CardLanding(card: index, landing: landing, frame: frame)
        }
    }
}
