/// The relay of a real horn as a value: when its line goes active and when it is released,
/// decided from the horns and the monotonic clock, with nothing done.
///
/// A horn makes the line active for ``length``; a horn while it sounds extends it to
/// ``length`` after the later horn. A reload or a stop releases it at once. A new relay (a
/// start, a restart after a crash) is released.
public struct HornRelay: Equatable, Sendable {
    /// What to do to the line.
    public enum Change: Equatable, Sendable {
        case activate
        case release
    }

    /// How long a horn holds the line active.
    public var length: Duration
    /// When the line is released, on the monotonic clock; `nil`: it is released.
    public private(set) var releaseAt: Duration?

    public init(length: Duration) {
        self.length = length
    }

    public var isActive: Bool { releaseAt != nil }

    /// A horn at `now`: the line is active until ``length`` later. `.activate` if it was
    /// released; a horn while it sounds only moves its end.
    public mutating func sound(at now: Duration) -> Change? {
        let wasActive = isActive
        releaseAt = max(releaseAt ?? now, now + length)
        return wasActive ? nil : .activate
    }

    /// `.release` once the horn's time is up at `now`.
    public mutating func advance(to now: Duration) -> Change? {
        guard let end = releaseAt, now >= end else { return nil }
        releaseAt = nil
        return .release
    }

    /// A reload or a stop: `.release` if the line is active.
    public mutating func release() -> Change? {
        guard isActive else { return nil }
        releaseAt = nil
        return .release
    }
}
