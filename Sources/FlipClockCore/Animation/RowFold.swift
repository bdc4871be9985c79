/// A row folding into view or out of it: its openness over time, for ``PaperFold``.
///
/// A value: time is passed in, never read. Openness is the row's height over its flat
/// height, so easing it eases how fast the rows around it move, as Clear's cells do when
/// their frames animate; the fold's angle follows from it (`θ = acos(openness)`).
public struct RowFold: Equatable, Sendable {
    /// Whether the row opens out of nothing or closes to nothing.
    public enum Direction: String, Equatable, Sendable {
        case appear
        case disappear
    }

    public var direction: Direction
    public var start: Duration
    public var duration: Duration
    public var easing: Easing

    public init(_ direction: Direction, at start: Duration, duration: Duration = .milliseconds(400), easing: Easing = .easeInOut) {
        precondition(duration > .zero, "a fold takes time")
        self.direction = direction
        self.start = start
        self.duration = duration
        self.easing = easing
    }

    /// The row's openness at `now`: 0 closed, 1 flat. Before the start it is where the fold
    /// starts from, after the end where it ends.
    public func openness(at now: Duration) -> Double {
        let progress = easing((now - start).seconds / duration.seconds)
        return direction == .appear ? progress : 1 - progress
    }

    /// Whether the fold is over at `now`: the row is flat (appeared) or gone (disappeared).
    public func isFinished(at now: Duration) -> Bool {
        now >= start + duration
    }
}
