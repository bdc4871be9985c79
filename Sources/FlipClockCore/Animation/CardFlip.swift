/// One card's flip as a state machine: TopToMiddle, MiddleToBottom, ResetForNext.
///
/// A value type; time is passed in. ``show(_:at:timing:)`` asks for a new value,
/// ``advance(to:)`` moves the animation to an instant and returns what to draw.
/// A value asked for while a flip runs waits for that flip to finish, then the card flips
/// to the newest value asked for: it never rests on a stale value and never skips the turn.
public struct CardFlip: Sendable {
    public enum State: Equatable, Sendable {
        case resetForNext(showing: String)
        case topToMiddle(from: String, to: String, start: Duration, timing: FlipTiming)
        case middleToBottom(from: String, to: String, start: Duration, timing: FlipTiming)
    }

    public private(set) var state: State
    /// The newest value asked for, and how to flip to it, once the running flip has finished.
    public private(set) var pending: (value: String, timing: FlipTiming)?

    public init(showing value: String) {
        state = .resetForNext(showing: value)
    }

    public var phase: FlipPhase {
        switch state {
        case .resetForNext: .resetForNext
        case .topToMiddle: .topToMiddle
        case .middleToBottom: .middleToBottom
        }
    }

    /// The value the card shows or is turning to.
    public var value: String {
        switch state {
        case .resetForNext(let v): v
        case .topToMiddle(_, let to, _, _), .middleToBottom(_, let to, _, _): to
        }
    }

    /// The value the card will rest on when every flip asked for is done.
    public var target: String { pending?.value ?? value }

    /// Asks the card to show `value` from `now` on, and returns the picture at `now`.
    public mutating func show(_ value: String, at now: Duration, timing: FlipTiming = .standard) -> CardPicture {
        switch state {
        case .resetForNext(let current):
            pending = nil
            if current != value {
                state = .topToMiddle(from: current, to: value, start: now, timing: timing)
            }
        case .topToMiddle(_, let to, _, _), .middleToBottom(_, let to, _, _):
            pending = to == value ? nil : (value, timing)
        }
        return advance(to: now)
    }

    /// Moves the animation to `now` and returns what to draw.
    ///
    /// Phases end at their exact scheduled instants, so a late frame does not slow the flip.
    public mutating func advance(to now: Duration) -> CardPicture {
        while true {
            switch state {
            case .resetForNext(let current):
                guard let next = pending else { return .resting(current) }
                pending = nil
                // The next flip starts where the last one ended; `show` set the start for a card at rest.
                state = .topToMiddle(from: current, to: next.value, start: now, timing: next.timing)
            case let .topToMiddle(from, to, start, timing):
                let end = start + timing.firstHalf
                if now >= end {
                    state = .middleToBottom(from: from, to: to, start: end, timing: timing)
                    continue
                }
                let eased = timing.firstEasing(Self.progress(now - start, of: timing.firstHalf))
                return CardPicture(
                    phase: .topToMiddle, top: to, bottom: from,
                    flap: Flap(value: from, half: .top, angle: eased * 90)
                )
            case let .middleToBottom(from, to, start, timing):
                // The flap lands at the end of the second half, then bounces off the stop.
                let end = start + timing.secondHalf + timing.landing.length
                if now >= end {
                    state = .resetForNext(showing: to)
                    if let next = pending {
                        pending = nil
                        state = .topToMiddle(from: to, to: next.value, start: end, timing: next.timing)
                    }
                    continue
                }
                let elapsed = now - start
                let angle =
                    elapsed < timing.secondHalf
                    ? 90 + timing.secondEasing(Self.progress(elapsed, of: timing.secondHalf)) * 90
                    : 180 - timing.landing.rebound(after: elapsed - timing.secondHalf)
                return CardPicture(
                    phase: .middleToBottom, top: to, bottom: from,
                    flap: Flap(value: to, half: .bottom, angle: angle)
                )
            }
        }
    }

    static func progress(_ elapsed: Duration, of length: Duration) -> Double {
        length <= .zero ? 1 : max(0, elapsed / length)
    }
}
