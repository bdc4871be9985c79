import FlipClockCore
import FlipClockSystem

/// What the display path adds: each face run on a DRM screen and, at that screen's mode, with
/// its frames kept in memory, each in a process of its own (``IdleRun``) on the same machine,
/// alternately. Start to the first frame and where its time goes; CPU per simulated hour on
/// each output and their ratio (the copy to the scan-out buffer, turned if the screen is, the
/// page flips).
struct DisplayBench {
    /// The runs on DRM and in memory, `rounds` of each face, in the order they ran.
    var drm: [IdleBench.Run] = []
    var memory: [IdleBench.Run] = []

    enum Failure: Error, CustomStringConvertible {
        case notShown(String)
        var description: String {
            switch self {
            case .notShown(let face): "flipclock-bench --idle \(face) --output drm: no frame reached the DRM screen"
            }
        }
    }

    /// `hhmm` for an hour (its minute's flips are few), `hhmmss` for `minutes` (a frame every
    /// refresh, each a real page flip), `rounds` times each on each output.
    static func measure(minutes: Int, rounds: Int, rotation: ScreenRotation) throws -> DisplayBench {
        var bench = DisplayBench()
        for _ in 0..<rounds {
            for (face, length) in [("hhmm", 60), ("hhmmss", minutes)] {
                // Said as it starts, so a screendump can be taken while the frames are shown.
                StandardError.write("flipclock-bench: \(face) on drm for \(length) simulated minutes\n")
                let shown = try IdleBench.run(face, minutes: length, output: .drm(rotation: rotation))
                guard shown["first_frame_ns"] > 0, shown["frames"] > 0, shown["canvas_width"] >= 1, shown["canvas_height"] >= 1, shown["hertz"] >= 1
                else {
                    throw Failure.notShown(face)
                }
                bench.drm.append(shown)
                // The reference: the same canvas (upright, as the face is laid out) copied unturned.
                let mode = IdleOutput.memory(width: Int(shown["canvas_width"]), height: Int(shown["canvas_height"]), hertz: Int(shown["hertz"]))
                bench.memory.append(try IdleBench.run(face, minutes: length, output: mode))
            }
        }
        return bench
    }

    /// The median of `value` over the runs of `face`.
    static func median(_ runs: [IdleBench.Run], _ face: String, _ value: (IdleBench.Run) -> Double) -> Double {
        Bench.median(runs.filter { $0.face == face }.map(value))
    }

    /// The median CPU per simulated hour of `face` on DRM over the same in memory.
    func ratio(_ face: String) -> Double { Self.median(drm, face, \.cpuPerHour) / Self.median(memory, face, \.cpuPerHour) }

    /// The median start of `runs` (both faces).
    func startMs(_ runs: [IdleBench.Run]) -> Double { Bench.median(runs.map(\.startMs)) }

    func printTables() {
        let f = Bench.format
        let mode = drm.first.map { "\(Int($0["width"]))x\(Int($0["height"]))@\(Int($0["hertz"])) rotated \(Int($0["rotation"]))" } ?? "-"
        print(
            "each face in a process of its own, the real loop on a simulated clock, on the DRM screen (\(mode)) and in memory at its mode (upright, unturned):"
        )
        print("")
        print("| face | output | simulated | CPU s | CPU s per hour | machine CPU s per hour | frames | flips | presenting ms a frame | real s |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        for run in zip(drm, memory).flatMap({ [$0, $1] }) {
            let perHour = 60 / Double(run.minutes)
            print(
                "| \(run.face) | \(run["drm"] == 1 ? "drm" : "memory") | \(run.minutes) min | \(f(run["cpu_s"], 2)) | \(f(run.cpuPerHour, 2)) | \(f(run["machine_cpu_s"] * perHour, 2)) | \(Int(run["frames"])) | \(Int(run["flips"])) | \(f(run["present_ms"] / max(run["presents"], 1), 3)) | \(f(run["run_s"], 1)) |"
            )
        }
        print("")
        print("CPU per simulated hour, DRM over memory (medians): HH:MM \(f(ratio("hhmm"), 2))x, HH:MM:SS \(f(ratio("hhmmss"), 2))x")
        print("")
        print(
            "start, ms from posix_spawn: main, configuration, font open, output open, loop made, first frame drawn, first frame presented; the first page flip"
        )
        for run in zip(drm, memory).flatMap({ [$0, $1] }) {
            let steps = ["main_ns", "configuration_ns", "font_ns", "output_ns", "loop_ns", "drawn_ns"].map { f(run.since($0), 1) }
            let flip = run["first_flip_ms"].isNaN ? "" : "; \(f(run["first_flip_ms"], 1)) ms"
            print("  \(run.face) \(run["drm"] == 1 ? "drm" : "memory"): \(steps.joined(separator: ", ")), \(f(run.startMs, 1))\(flip)")
        }
    }

    /// The RESULT line's keys for these figures.
    var resultFields: String {
        let f = Bench.format
        let cpu = { (runs: [IdleBench.Run], face: String) in Self.median(runs, face, \.cpuPerHour) }
        return
            "start_ms=\(f(startMs(memory), 1)) start_ms_drm=\(f(startMs(drm), 1)) first_flip_ms_drm=\(f(Bench.median(drm.map { $0["first_flip_ms"] }), 2)) cpu_s_per_hour_hhmm=\(f(cpu(memory, "hhmm"), 3)) cpu_s_per_hour_hhmm_drm=\(f(cpu(drm, "hhmm"), 3)) cpu_s_per_hour_hhmmss=\(f(cpu(memory, "hhmmss"), 2)) cpu_s_per_hour_hhmmss_drm=\(f(cpu(drm, "hhmmss"), 2)) drm_vs_memory_hhmm=\(f(ratio("hhmm"), 2)) drm_vs_memory_hhmmss=\(f(ratio("hhmmss"), 2))"
    }
}
