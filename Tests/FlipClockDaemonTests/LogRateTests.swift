import Logging
import Testing

@testable import FlipClockDaemon

/// The log's rate limit (issue 31): 20,000 lines of one warning write ``LogRate/burst`` lines,
/// then one each ``LogRate/refill``, the rest counted and said with the next one written.
@Suite struct LogRateTests {
    @Test func aFloodOfOneMessageWritesItsBurstThenOneARefill() {
        var rate = LogRate()
        var written = 0
        for _ in 0..<20_000 where rate.admit("warning too many clients", now: .seconds(1)) != .hold { written += 1 }
        #expect(written == LogRate.burst)
        // Another message is not held back by the first.
        #expect(rate.admit("error cannot save", now: .seconds(1)) == .write(held: 0))
        // One refill later one more line, which says how many were held back.
        #expect(rate.admit("warning too many clients", now: .seconds(1) + LogRate.refill) == .write(held: 20_000 - LogRate.burst))
        #expect(rate.admit("warning too many clients", now: .seconds(1) + LogRate.refill) == .hold)
        // Quiet long enough, the whole burst again.
        var again = 0
        for _ in 0..<100 where rate.admit("warning too many clients", now: .seconds(3600)) != .hold { again += 1 }
        #expect(again == LogRate.burst)
    }

    /// The key is the level and the message, as the handler gives it.
    @Test func aFlipsRecordIsNeverHeldBack() {
        var rate = LogRate()
        #expect((0..<100).allSatisfy { _ in rate.admit("info flip done", now: .seconds(1)) == .write(held: 0) })
    }

    @Test func messagesEachUnlikeTheLastShareOneBucketPastTheTable() {
        var rate = LogRate()
        var written = 0
        for n in 0..<20_000 where rate.admit("warning refused \(n)", now: .seconds(1)) != .hold { written += 1 }
        #expect(written == LogRate.keys + LogRate.burst)
    }

    @Test func aLineSaysHowManyLikeItWereHeldBack() {
        #expect(
            JournalLogHandler.line(level: .warning, message: "broker gone", metadata: ["error": "x"], held: 12)
                == "<4>broker gone error=x (12 lines like this held back)\n")
    }
}
