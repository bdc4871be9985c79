/// When to look for the keypad and what to say about it, as decisions; ``Keypad`` does the looking.
///
/// The daemon looks when it starts and whenever the kernel adds an input device, then every
/// half second for 10 s: the kernel tells of a device before udev has given its node the
/// `input` group (or made its `/dev/input/by-id` link). Nothing is looked for otherwise, so a
/// clock without its keypad does not wake for it. Each problem is said once until the keypad is
/// taken again; one that stops it being taken only after the last look of the 10 s.
public struct KeypadWatch: Equatable, Sendable {
    /// Why the keypad is not taken.
    public enum Problem: Equatable, Sendable {
        case notFound
        case cannotTake(String)
    }

    /// After a device is added: look at once, then these long after the look before (10 s in all).
    static let backoff: [Duration] = [.zero, .milliseconds(250), .milliseconds(250)] + Array(repeating: .milliseconds(500), count: 19)

    /// The next look (`nil`: none until a device is added).
    public private(set) var next: Duration?
    private var tries = 0
    private var said: Problem?

    public init() {}

    /// Whether a look is due at `now`.
    public func isDue(at now: Duration) -> Bool { next.map { now >= $0 } ?? false }

    /// An input device was added (or the daemon started): look at once, and again while udev sets it up.
    public mutating func added(at now: Duration) {
        tries = 0
        next = now
    }

    /// A look at `now` did not take the keypad: when to look again, and the problem to say if
    /// it was not said last (a device that cannot be taken, only once no look is left).
    public mutating func missed(_ problem: Problem, at now: Duration) -> Problem? {
        tries += 1
        next = tries < Self.backoff.count ? now + Self.backoff[tries] : nil
        if case .cannotTake = problem, next != nil { return nil }
        guard problem != said else { return nil }
        said = problem
        return problem
    }

    /// The keypad was taken: nothing to look for, and any problem may be said again.
    public mutating func took() {
        next = nil
        said = nil
    }

    /// The keypad was unplugged (said by the caller): wait for a device to be added, without
    /// saying again that there is none.
    public mutating func lost() {
        next = nil
        said = .notFound
    }
}
