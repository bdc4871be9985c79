import FlipClockControl
import FlipClockSystem
import FoundationEssentials
import Glibc
import Prometheus
import Synchronization

/// What the clock has done, counted for Prometheus (`GET /metrics`): frames, flips, how long
/// a frame takes and how late a flip starts, wakeups, requests by where they came from and
/// how they were answered, and the memory the process holds.
///
/// The loop's thread records; the HTTP server's reads ``exposition()``. swift-prometheus's
/// registry is used as it is, not through swift-metrics' facade, which gives every metric an
/// empty HELP text (`promtool check metrics` wants one) and stops the process if two places
/// name one metric with different texts.
public final class ClockMetrics: Sendable {
    let registry: PrometheusCollectorRegistry
    private let frames: Counter
    private let flips: Counter
    private let wakeups: Counter
    private let idleWakeups: Counter
    private let renderTime: DurationHistogram
    private let flipLateness: DurationHistogram
    private let residentMemory: Gauge
    /// Frames and flips so far, and the last flip's lateness: the MQTT diagnostics.
    private let recent = Mutex<(frames: Int, flips: Int, lateness: Duration?)>((0, 0, nil))

    /// Where a request came from: the control socket, HTTP, MQTT, the operator's keypad.
    public enum Source: String, Sendable, CaseIterable {
        case socket, http, mqtt, keypad
    }

    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
        frames = registry.makeCounter(name: "flipclock_frames_total", help: "Frames presented, on all screens.")
        flips = registry.makeCounter(name: "flipclock_flips_total", help: "Flips that landed, on all screens.")
        wakeups = registry.makeCounter(name: "flipclock_wakeups_total", help: "Times the loop woke.")
        idleWakeups = registry.makeCounter(name: "flipclock_idle_wakeups_total", help: "Times the loop woke with nothing moving.")
        renderTime = registry.makeDurationHistogram(
            name: "flipclock_frame_render_seconds",
            buckets: [0.25, 0.5, 1, 2, 4, 8, 16, 33, 66].map { .microseconds(Int($0 * 1000)) },
            help: "Time to draw and present one frame of one screen."
        )
        flipLateness = registry.makeDurationHistogram(
            name: "flipclock_flip_start_lateness_seconds",
            buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 50].map { .microseconds(Int($0 * 1000)) },
            help: "How long after its second began the time's flip started."
        )
        residentMemory = registry.makeGauge(name: "process_resident_memory_bytes", help: "Resident memory size in bytes.")
        for source in Source.allCases { _ = requests(source, result: "ok") }
    }

    /// The loop woke; `idle`: nothing was moving.
    func woke(idle: Bool) {
        wakeups.increment()
        if idle { idleWakeups.increment() }
    }

    /// A screen's frame was drawn and presented in `time`.
    func drew(in time: Duration) { renderTime.record(time) }

    /// Frames presented and flips landed since the last count.
    func presented(frames: Int, flips: Int) {
        if frames > 0 { self.frames.increment(by: Int64(frames)) }
        if flips > 0 { self.flips.increment(by: Int64(flips)) }
        recent.withLock {
            $0.frames += frames
            $0.flips += flips
        }
    }

    /// The time's flip started this long after its second (or minute) began.
    func flipStarted(late: Duration) {
        flipLateness.record(late)
        recent.withLock { $0.lateness = late }
    }

    /// Frames presented per flip landed so far (`nil` before the first flip), and how late the
    /// last flip started, in milliseconds.
    public var diagnostics: (framesPerFlip: Double?, latenessMilliseconds: Double?) {
        recent.withLock { recent in
            (
                recent.flips > 0 ? Double(recent.frames) / Double(recent.flips) : nil,
                recent.lateness.map { Double($0.components.seconds) * 1000 + Double($0.components.attoseconds) / 1e15 }
            )
        }
    }

    /// The counter of requests from `source` answered with `result` (`ok`, or the error's code).
    private func requests(_ source: Source, result: String) -> Counter {
        registry.makeCounter(
            name: "flipclock_control_requests_total", labels: [("source", source.rawValue), ("result", result)],
            help: "Control requests, by where they came from and how they were answered."
        )
    }

    /// Counts a request from `source` answered with `reply`.
    public func record(_ reply: ControlReply, from source: Source) {
        if case .refused(let error) = reply {
            requests(source, result: error.code.rawValue).increment()
        } else {
            requests(source, result: "ok").increment()
        }
    }

    /// Everything, in Prometheus' text format, the memory read now.
    public func exposition() -> String {
        residentMemory.set(Double(Self.residentBytes()))
        return registry.emitToString()
    }

    /// The process's resident set (`/proc/self/statm`'s second field, in pages).
    static func residentBytes() -> Int {
        guard let bytes = (try? readFile("/proc/self/statm", limit: 4096)) ?? nil else { return 0 }
        let fields = String(decoding: bytes, as: UTF8.self).split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
