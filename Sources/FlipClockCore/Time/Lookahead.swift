/// An instant worked out ahead (the next scheduled message, the next face change), kept until
/// the wall clock reaches it, so the frames before it do not work it out again.
public struct Lookahead: Sendable {
    /// When it was worked out, at which UTC offset, and what it gave.
    private var looked: (at: WallInstant, offset: Int, next: WallInstant?)?

    /// How long a look that found nothing holds.
    public static let emptyHolds = Duration.seconds(3600)

    public init() {}

    /// What `work` gives after `now`: the kept instant while `now` is before it (a look that
    /// found nothing, for ``emptyHolds``), else `work` again. A wall clock set back, or a new
    /// UTC offset (a daylight saving change moves wall-clock schedules), looks again.
    public mutating func next(after now: WallInstant, offset: Int, _ work: () -> WallInstant?) -> WallInstant? {
        if let looked, looked.at <= now, looked.offset == offset, now < looked.next ?? looked.at + Self.emptyHolds {
            return looked.next
        }
        let next = work()
        looked = (now, offset, next)
        return next
    }

    /// Forgets the kept instant (what it was worked out from changed).
    public mutating func forget() { looked = nil }
}
