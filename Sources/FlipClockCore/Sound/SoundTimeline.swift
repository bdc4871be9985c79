/// Where in a stream an instant falls: sample 0 plays at ``start``, and the rest follow at
/// the stream's rate.
///
/// Instants are durations on one monotonic clock (the player's); a sound due before the
/// stream's next unwritten sample plays from that sample on, as soon as it can.
public struct SoundTimeline: Equatable, Sendable {
    /// When the stream's first sample plays.
    public var start: Duration
    public var rate: Int

    public init(start: Duration, rate: Int) {
        self.start = start
        self.rate = rate
    }

    /// The sample that plays at `instant` (rounded to the nearest).
    public func sample(at instant: Duration) -> Int {
        let offset = instant - start
        let c = offset.components
        let attosecondsPerSecond = 1_000_000_000_000_000_000.0
        return Int(((Double(c.seconds) + Double(c.attoseconds) / attosecondsPerSecond) * Double(rate)).rounded())
    }

    /// When `sample` plays.
    public func instant(of sample: Int) -> Duration { start + .seconds(Double(sample) / Double(rate)) }
}
