import FlipClockCore
import FlipClockDaemon
import FlipClockFont
import FlipClockOutput
import FlipClockSystem
import FlipClockTestKit
import Glibc
import Logging

/// One face run alone in this process, as the daemon runs it on a 1920×1080 screen: the real
/// ``ClockLoop`` on a ``SimulatedClock`` from process start, the real font, frames kept in a
/// ``MemoryOutput`` (as a display keeps them, without encoding). The parent (``IdleBench``)
/// starts it as a process of its own, so its memory and CPU are the loop's and nothing else's.
///
/// It prints one line, `IDLE key=value…`: the monotonic instants (ns) of main, the font open,
/// the loop made and the first frame presented; private memory after the first frame and at
/// the end; CPU seconds in the loop; frames and flips.
enum IdleRun {
    /// The faces the bench measures, by the name the command line gives.
    static let faces = ["hhmm", "hhmmss", "world"]

    /// The README's world clock (`docs/world.toml`): three places, the date, a text row.
    static let world = """
        [[place]]
        name = "tokyo"
        time_zone = "Asia/Tokyo"
        [[place]]
        name = "london"
        time_zone = "Europe/London"
        [[place]]
        name = "new-york"
        label = "NEW YORK"
        time_zone = "America/New_York"
        [date]
        format = "%a %d %b %Y"
        locale = "C"
        [[text]]
        name = "board"
        cards = 14
        text = "NEXT TRAIN 12"
        [[row]]
        show = ["tokyo", "london", "new-york"]
        [[row]]
        show = ["date"]
        [[row]]
        show = ["board"]
        """

    static func configuration(_ face: String) throws -> ClockConfiguration {
        var configuration = face == "world" ? try ConfigFile.parse(world, path: "world.toml") : ClockConfiguration()
        if face != "world" { configuration.time = TimeFormat(format: face == "hhmm" ? .hoursMinutes : .hoursMinutesSeconds) }
        configuration.backlight = "none"
        return configuration
    }

    /// Runs `face` for `minutes` simulated minutes on a thread of its own, as the daemon runs
    /// its loop (so malloc gives it an arena of its own, as there), and prints the `IDLE` line.
    static func run(face: String, minutes: Int, mainAt: UInt64) throws {
        final class Outcome: @unchecked Sendable { var error: (any Error)? }
        let outcome = Outcome()
        NamedThread.run(name: "clock") {
            do { try runHere(face: face, minutes: minutes, mainAt: mainAt) } catch { outcome.error = error }
        }
        if let error = outcome.error { throw error }
    }

    static func runHere(face: String, minutes: Int, mainAt: UInt64) throws {
        let configuration = try configuration(face)
        let font = try FontFace(path: configuration.fontPath)
        let fontAt = monotonicNanoseconds()
        // 2026-06-01T00:00:30Z, in UTC: the first minute's flip comes 30 s in.
        let clock = SimulatedClock(wall: WallInstant(unixSeconds: 1_780_272_030), zone: .utc)
        let output = TimedOutput(MemoryOutput(size: PixelSize(width: BenchScene.width, height: BenchScene.height), refreshRate: 60))
        var logger = Logger(label: "idle")
        logger.logLevel = .warning
        let loop = ClockLoop(
            configuration: configuration, outputs: OutputSet(output), takesConsole: false, glyphs: font, clock: clock, logger: logger)
        let loopAt = monotonicNanoseconds()
        var start = ProcessMemory(), hour = ProcessMemory()
        clock.at(.milliseconds(1), .run { start = ProcessMemory.now() })
        // After an hour every digit a face shows in a minute has been drawn: growth after it is no cache filling.
        clock.at(.seconds(min(minutes, 60) * 60) - .milliseconds(500), .run { hour = ProcessMemory.now() })
        clock.at(.seconds(minutes * 60), .run { loop.requests.send(.stop) })
        let report = try loop.run()
        let end = ProcessMemory.now()
        // What malloc holds: in use, free in its arenas, and in mappings of its own.
        let heap = MallocTotals.now()
        let fields: [(String, String)] = [
            ("main_ns", "\(mainAt)"), ("font_ns", "\(fontAt)"), ("loop_ns", "\(loopAt)"), ("first_frame_ns", "\(output.firstAt ?? 0)"),
            ("private_start_kib", "\(start.privateKiB)"), ("dirty_start_kib", "\(start.dirtyKiB)"),
            ("dirty_hour_kib", "\(hour.dirtyKiB)"),
            ("private_end_kib", "\(end.privateKiB)"), ("dirty_end_kib", "\(end.dirtyKiB)"),
            ("cpu_s", "\(end.cpuSeconds - start.cpuSeconds)"), ("frames", "\(report.frames)"), ("flips", "\(report.flips)"),
            ("malloc_arenas", "\(heap.arenas)"), ("malloc_system_kib", "\(heap.systemKiB)"),
            ("malloc_free_kib", "\(heap.freeKiB)"), ("malloc_mapped_kib", "\(heap.mappedKiB)"),
        ]
        print("IDLE " + fields.map { "\($0.0)=\($0.1)" }.joined(separator: " "))
    }

    /// The monotonic clock in nanoseconds: the same clock in every process of the machine.
    static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}

/// A ``MemoryOutput`` that notes when the first frame was presented.
final class TimedOutput: FrameOutput {
    let screen: MemoryOutput
    private(set) var firstAt: UInt64?

    init(_ screen: MemoryOutput) { self.screen = screen }

    var name: String { screen.name }
    var size: PixelSize { screen.size }
    var rotation: ScreenRotation { screen.rotation }
    var refreshRate: Double { screen.refreshRate }
    var eventDescriptor: Int32? { nil }

    func present(_ canvas: Canvas, damage: [DamageRect]) throws(OutputError) {
        try screen.present(canvas, damage: damage)
        if firstAt == nil { firstAt = IdleRun.monotonicNanoseconds() }
    }

    func handleEvents() throws(OutputError) {}
    func suspend() {}
    func resume() throws(OutputError) {}
    func close() {}
}
