import FlipClockControl
import FlipClockCore
import FlipClockTestKit
import Testing

@testable import FlipClockDaemon

/// What `GET /metrics` says is what the loop did: its counts, a render time for every frame,
/// a lateness for every flip a wall wake started, and requests by source and result.
@Suite struct ClockMetricsTests {
    /// The value of the sample named `name` (with its labels, as written) in `text`.
    static func sample(_ name: String, in text: String) -> Double? {
        for line in text.split(separator: "\n") where line.hasPrefix(name + " ") {
            return Double(line.dropFirst(name.count + 1))
        }
        return nil
    }

    @Test func theCountsAreTheLoops() throws {
        let metrics = ClockMetrics()
        var parts = ClockLoop.Parts()
        parts.metrics = metrics
        let run = try SimulatedRun(
            from: "2026-06-01T08:00:00Z", zone: "UTC", length: .seconds(120), seconds: true,
            configure: { $0.scores = [ScoreItem(name: "home"), ScoreItem(name: "away")] }, parts: parts,
            schedule: { clock, loop in
                clock.at(.seconds(30), .run { _ = loop.answer("score set home 3") })
                clock.at(.seconds(31), .run { _ = loop.answer("score set guests 3") })
                clock.at(.seconds(32), .run { _ = loop.answer("status") })
            }
        )
        let text = metrics.exposition()
        #expect(Self.sample("flipclock_frames_total", in: text) == Double(run.report.frames))
        #expect(Self.sample("flipclock_flips_total", in: text) == Double(run.report.flips))
        #expect(Self.sample("flipclock_wakeups_total", in: text) == Double(run.report.wakeups))
        #expect(Self.sample("flipclock_idle_wakeups_total", in: text) == Double(run.report.idleWakeups))
        #expect(Self.sample("flipclock_frame_render_seconds_count", in: text) == Double(run.report.frames))
        // Every second's flip is started by a wall wake: 119 of them after the first frame.
        #expect(Self.sample("flipclock_flip_start_lateness_seconds_count", in: text) == 119)
        #expect(Self.sample(#"flipclock_control_requests_total{source="socket",result="ok"}"#, in: text) == 2)
        #expect(Self.sample(#"flipclock_control_requests_total{source="socket",result="unknown-score"}"#, in: text) == 1)
        #expect(Self.sample(#"flipclock_control_requests_total{source="http",result="ok"}"#, in: text) == 0)
        #expect((Self.sample("process_resident_memory_bytes", in: text) ?? 0) > 1_000_000)
    }

    /// promtool wants a HELP and a TYPE for every metric.
    @Test func everyMetricSaysWhatItIs() {
        let lines = ClockMetrics().exposition().split(separator: "\n")
        let types = lines.filter { $0.hasPrefix("# TYPE ") }.map { $0.split(separator: " ")[2] }
        let helps = Set(lines.filter { $0.hasPrefix("# HELP ") }.map { $0.split(separator: " ")[2] })
        #expect(types.count == 8)
        #expect(types.allSatisfy(helps.contains))
    }
}
