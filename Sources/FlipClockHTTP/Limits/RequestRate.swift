import FlipClockCore

/// How many requests each client address may make: a token bucket per address, time passed in.
///
/// A bucket holds ``burst`` tokens, refills at ``perSecond``, and a request takes one. At most
/// ``addresses`` buckets are kept; when more come, the full ones (clients that have rested)
/// are forgotten, and if none is, every new address shares one bucket.
public struct RequestRate: Sendable {
    public let burst: Double
    public let perSecond: Double
    public let addresses: Int
    private var buckets: [String: Bucket] = [:]

    struct Bucket {
        var tokens: Double
        var at: Duration
    }

    public init(burst: Int, perSecond: Double, addresses: Int = 1024) {
        self.burst = Double(burst)
        self.perSecond = perSecond
        self.addresses = addresses
    }

    /// Takes a token for `address` at `now`: `nil` if it may go on, else how many whole
    /// seconds until it may.
    public mutating func take(_ address: String, at now: Duration) -> Int? {
        var key = address
        if buckets[key] == nil, buckets.count >= addresses {
            buckets = buckets.filter { level($0.value, at: now) < burst }
            if buckets.count >= addresses { key = "" }
        }
        var bucket = buckets[key] ?? Bucket(tokens: burst, at: now)
        bucket.tokens = level(bucket, at: now)
        bucket.at = now
        defer { buckets[key] = bucket }
        guard bucket.tokens >= 1 else { return max(1, Int(((1 - bucket.tokens) / perSecond).rounded(.up))) }
        bucket.tokens -= 1
        return nil
    }

    private func level(_ bucket: Bucket, at now: Duration) -> Double {
        min(burst, bucket.tokens + max(0, (now - bucket.at).seconds) * perSecond)
    }
}
