/// How many lines of one kind the log takes: a token bucket per message, as journald's
/// `RateLimitBurst=` is per service, so a flood of one warning (a client refused 20,000 times, a
/// broker that comes and goes) cannot drown the others or fill the disk.
///
/// A message may write ``burst`` lines at once, then one each ``refill``; the lines held back
/// are counted and said with the next line of that message that is written. At most
/// ``keys`` messages are followed; others share one bucket, so a flood of messages each
/// unlike the last is bounded too. Time is passed in (the monotonic clock).
public struct LogRate: Sendable {
    public static let burst = 10
    public static let refill = Duration.seconds(6)
    public static let keys = 256
    /// Messages never held back: a flip's record, one a flip at most (a second), which the
    /// display test reads for every flip.
    public static let unlimited: Set<String> = ["info flip done"]
    /// The key the messages past ``keys`` share.
    static let others = "\u{0}others"

    struct Bucket {
        var tokens: Int
        var filled: Duration
        var held = 0
    }

    private var buckets: [String: Bucket] = [:]

    public init() {}

    /// What to do with one line.
    public enum Decision: Equatable, Sendable {
        /// Write it; `held` lines like it were held back since the last one written.
        case write(held: Int)
        case hold
    }

    /// Whether a line of `message` is written `now`.
    public mutating func admit(_ message: String, now: Duration) -> Decision {
        if Self.unlimited.contains(message) { return .write(held: 0) }
        var key = message
        if buckets[key] == nil {
            forgetFull(now: now)
            if buckets.count >= Self.keys { key = Self.others }
        }
        var bucket = buckets[key] ?? Bucket(tokens: Self.burst, filled: now)
        let earned = Int((now - bucket.filled) / Self.refill)
        if earned > 0 {
            bucket.tokens = min(Self.burst, bucket.tokens + earned)
            bucket.filled = bucket.tokens == Self.burst ? now : bucket.filled + Self.refill * earned
        }
        let decision: Decision
        if bucket.tokens > 0 {
            bucket.tokens -= 1
            decision = .write(held: bucket.held)
            bucket.held = 0
        } else {
            bucket.held += 1
            decision = .hold
        }
        buckets[key] = bucket
        return decision
    }

    /// Forgets the messages whose bucket has filled again and holds nothing back, once the
    /// table is full: they are as a message never seen.
    private mutating func forgetFull(now: Duration) {
        guard buckets.count >= Self.keys else { return }
        buckets = buckets.filter { _, bucket in
            bucket.held > 0 || bucket.tokens + Int((now - bucket.filled) / Self.refill) < Self.burst
        }
    }
}
