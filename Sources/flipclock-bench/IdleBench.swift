import FlipClockSystem
import Glibc
import SystemPackage

/// What a user pays for the clock over time: each face run in a process of its own
/// (``IdleRun``) through simulated time, its CPU per simulated hour, its private memory
/// after start and at the end, and the time from starting the process to its first frame.
struct IdleBench {
    /// One child's `IDLE` line, and when the parent started it.
    struct Run {
        var face: String
        var minutes: Int
        var spawnedAt: UInt64
        var fields: [String: Double]

        subscript(_ key: String) -> Double { fields[key] ?? .nan }
        var cpuPerHour: Double { self["cpu_s"] * 60 / Double(minutes) }
        var startMs: Double { (self["first_frame_ns"] - Double(spawnedAt)) / 1e6 }
        var privateStartMiB: Double { self["private_start_kib"] / 1024 }
        var privateEndMiB: Double { self["private_end_kib"] / 1024 }
        var dirtyStartMiB: Double { self["dirty_start_kib"] / 1024 }
        var dirtyEndMiB: Double { self["dirty_end_kib"] / 1024 }
        /// Private dirty memory after the first simulated hour (at the end, for a run of an hour).
        var dirtyHourMiB: Double { self["dirty_hour_kib"] / 1024 }
        /// Milliseconds from the parent's spawn to `key`'s instant in the child.
        func since(_ key: String) -> Double { (self[key] - Double(spawnedAt)) / 1e6 }
    }

    enum Failure: Error, CustomStringConvertible {
        case spawn(Int32)
        case child(String, String)
        var description: String {
            switch self {
            case .spawn(let code): "cannot start /proc/self/exe: \(Errno(rawValue: code))"
            case .child(let arguments, let output): "flipclock-bench \(arguments) gave no IDLE line: \(output.prefix(400))"
            }
        }
    }

    /// Runs `flipclock-bench --idle face minutes` (on `output`) as a child and reads its line.
    static func run(_ face: String, minutes: Int, output: IdleOutput = .standard) throws -> Run {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw Failure.spawn(errno) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        let arguments = ["flipclock-bench", "--idle", face, "\(minutes)"] + (output == .standard ? [] : output.arguments)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let spawnedAt = IdleRun.monotonicNanoseconds()
        let code = posix_spawn(&pid, "/proc/self/exe", &actions, nil, &argv, environ)
        close(pipeEnds[1])
        defer { close(pipeEnds[0]) }
        guard code == 0 else { throw Failure.spawn(code) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 20 {
            let n = read(pipeEnds[0], &chunk, chunk.count)
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let output = String(decoding: bytes, as: UTF8.self)
        guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("IDLE ") }) else {
            throw Failure.child(arguments.dropFirst().joined(separator: " "), output)
        }
        var fields: [String: Double] = [:]
        for pair in line.dropFirst(5).split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Double(parts[1]) { fields[String(parts[0])] = value }
        }
        return Run(face: face, minutes: minutes, spawnedAt: spawnedAt, fields: fields)
    }

    /// An hour of each face, and a day of HH:MM for memory (its cards are the largest).
    var hours: [Run] = []
    var day: Run

    static func measure(dayMinutes: Int = 24 * 60) throws -> IdleBench {
        let hours = try IdleRun.faces.map { try run($0, minutes: 60) }
        return IdleBench(hours: hours, day: try run("hhmm", minutes: dayMinutes))
    }

    /// One 1920×1080 XRGB canvas, in KiB.
    static let canvasKiB = BenchScene.width * BenchScene.height * 4 / 1024

    func f2(_ value: Double) -> String { Bench.format(value, 2) }

    func hour(_ face: String) -> Run { hours.first { $0.face == face }! }

    /// The start-up figure: the median of the three hour runs' starts.
    var startMs: Double { Bench.median(hours.map(\.startMs)) }

    func printTables() {
        print("each face in a process of its own, 1920x1080, the real loop on a simulated clock, frames kept in memory:")
        print("")
        print(
            "| face | simulated | CPU s | CPU s per hour | frames | flips | private dirty MiB: at start | after 1 h | at end | malloc's arenas MiB (free) |"
        )
        print("|---|---|---|---|---|---|---|---|---|---|")
        for run in hours + [day] {
            let f = Bench.format
            print(
                "| \(run.face) | \(run.minutes) min | \(f(run["cpu_s"], 2)) | \(f(run.cpuPerHour, 2)) | \(Int(run["frames"])) | \(Int(run["flips"])) | \(f(run.dirtyStartMiB, 2)) | \(f(run.dirtyHourMiB, 2)) | \(f(run.dirtyEndMiB, 2)) | \(Int(run["malloc_arenas"])): \(f(run["malloc_system_kib"] / 1024, 2)) (\(f(run["malloc_free_kib"] / 1024, 2))) |"
            )
        }
        print("")
        print(
            "the canvas and the screen's picture (MemoryOutput, as a scan-out buffer) are 2 x \(f2(Double(Self.canvasKiB) / 1024)) MiB of each figure"
        )
        print("")
        print("start, ms from posix_spawn: main, font open, loop made, first frame presented")
        for run in hours {
            let f = Bench.format
            print(
                "  \(run.face): \(f(run.since("main_ns"), 1)), \(f(run.since("font_ns"), 1)), \(f(run.since("loop_ns"), 1)), \(f(run.startMs, 1))"
            )
        }
    }
}

extension IdleBench {
    /// The RESULT line's keys for these figures.
    var resultFields: String {
        let f = Bench.format
        return
            "cpu_s_per_hour_hhmm=\(f(hour("hhmm").cpuPerHour, 3)) cpu_s_per_hour_hhmmss=\(f(hour("hhmmss").cpuPerHour, 2)) cpu_s_per_hour_world=\(f(hour("world").cpuPerHour, 2)) cpu_s_per_hour_match=\(f(hour("match").cpuPerHour, 2)) private_mib_1080p=\(f(day.dirtyEndMiB, 2)) private_growth_mib=\(f(day.dirtyEndMiB - day.dirtyHourMiB, 2)) private_mib_1080p_less_canvases=\(f(day.dirtyEndMiB - Double(2 * Self.canvasKiB) / 1024, 2)) start_ms=\(f(startMs, 1))"
    }
}
