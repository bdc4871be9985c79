import FlipClockControl
import FlipClockCore
import FlipClockDaemon
import FlipClockFont
import FlipClockOutput
import FlipClockSystem
import Glibc
import Logging
import Synchronization
import SystemPackage

/// How long a reload holds the frames back: the daemon's ``ClockLoop`` on the real clock at
/// 1920×1080 and 60 Hz (frames kept in memory), showing HH:MM:SS so a flip starts every
/// second, the configuration file read again as SIGHUP reads it (the parser's child process,
/// that is `flipclockd` beside the bench, the parse, the font and the glyph check).
///
/// A reload is asked 300 ms into every other second (the flip starts about 50 ms into it and
/// lasts 620 ms). For each the figures are the time from asking it to its being taken, and
/// the longest gap between two frames presented meanwhile (the frames on either side
/// included: a loop held by the reload presents none). The seconds without a reload give
/// the longest gap over as long a time of the same flips, undisturbed. A reload taken shows
/// the face whole at once, so the flip it came in ends there.
enum ReloadBench {
    /// Prints a `RELOAD` line for the file at `path`, asked `rounds` times.
    static func run(path: String, rounds: Int) throws {
        let parser = try siblingParser()
        @Sendable func read() throws -> ClockConfiguration {
            var configuration = try ConfigCheck(parser: parser).load(path: path, reloading: true)
            configuration.time = TimeFormat(format: .hoursMinutesSeconds)
            configuration.backlight = "none"
            return configuration
        }
        let configuration = try read()
        let font = try FontFace(path: configuration.fontPath)
        try GlyphCheck.check(configuration, path: path, glyphs: font)
        let output = PresentTimes(MemoryOutput(size: PixelSize(width: BenchScene.width, height: BenchScene.height), refreshRate: 60))
        var logger = Logger(label: "reload-bench")
        logger.logLevel = .warning
        let taken = Mutex<[UInt64]>([])
        var parts = ClockLoop.Parts()
        // As the daemon's: prepared on a thread of its own.
        parts.reload = ClockLoop.Reload {
            let new = try read()
            let font = try FontFace(path: new.fontPath)
            try GlyphCheck.check(new, path: path, glyphs: font)
            return (new, font)
        }
        parts.reload?.taken = { _ in taken.withLock { $0.append(IdleRun.monotonicNanoseconds()) } }
        // A match's face flips with its game clock: started through the control socket.
        let socket = "/tmp/flipclock-reload-bench-\(getpid()).sock"
        if configuration.game != nil { parts.control = try ControlServer(path: socket, group: nil) }
        defer { unlink(socket) }
        let loop = ClockLoop(
            configuration: configuration, outputs: OutputSet(output), takesConsole: false, glyphs: font, clock: try SystemClock(), logger: logger,
            parts: parts)
        let requests = loop.requests, game = configuration.game != nil
        let asks = Mutex<[(at: UInt64, reload: Bool)]>([])
        NamedThread.start(name: "asker") {
            // The loop up and its first flips done.
            sleepUntil(second: wallSecond() + 2, plus: 0)
            if game { _ = try? ControlClient.send("game start", to: socket) }
            sleepUntil(second: wallSecond() + 1, plus: 0)
            for round in 0..<(2 * rounds) {
                sleepUntil(second: wallSecond() + 1, plus: 300_000_000)
                let reload = round % 2 == 0
                asks.withLock { $0.append((IdleRun.monotonicNanoseconds(), reload)) }
                if reload { requests.send(.reload) }
            }
            sleepUntil(second: wallSecond() + 1, plus: 0)
            requests.send(.stop)
        }
        final class Outcome: @unchecked Sendable { var error: (any Error)? }
        let outcome = Outcome()
        // Run on this thread's behalf and joined: the loop is used by no other.
        nonisolated(unsafe) let running = loop
        NamedThread.run(name: "clock") {
            do { _ = try running.run() } catch { outcome.error = error }
        }
        if let error = outcome.error { throw error }
        let times = output.times, asked = asks.withLock { $0 }, takenAt = taken.withLock { $0 }
        if getenv("RELOAD_BENCH_TIMES") != nil {
            print("asks", asked.map { "\($0.at / 1_000_000 % 100_000)\($0.reload ? "r" : "")" }, "taken", takenAt.map { $0 / 1_000_000 % 100_000 })
            print("presents", times.map { $0 / 1_000_000 % 100_000 })
        }
        /// The longest gap between two frames presented while `from...to` ran (the frames on
        /// either side of it included).
        func longestGap(_ from: UInt64, _ to: UInt64) -> Double {
            var longest: UInt64 = 0
            for (before, after) in zip(times, times.dropFirst()) where after > from && before <= to { longest = max(longest, after - before) }
            return Double(longest) / 1e6
        }
        // Each reload from its asking to its taking.
        let reloads = asked.filter(\.reload).compactMap { ask in takenAt.first { $0 > ask.at }.map { (ask.at, $0) } }
        guard !reloads.isEmpty else { throw BenchProblem("no reload was taken") }
        let lengths = reloads.map { Double($0.1 - $0.0) / 1e6 }.sorted()
        let typical = UInt64(Bench.median(lengths) * 1e6)
        let with = reloads.map { longestGap($0.0, $0.1) }.sorted()
        let without = asked.filter { !$0.reload }.map { longestGap($0.at, $0.at + typical) }.sorted()
        print(
            "RELOAD file=\(path) reloads=\(asked.count { $0.reload }) taken=\(reloads.count) frames=\(times.count)"
                + " asked_to_taken_ms median=\(Bench.format(Bench.median(lengths), 1)) max=\(Bench.format(lengths.last!, 1))"
                + " longest_gap_ms median=\(Bench.format(Bench.median(with), 1)) max=\(Bench.format(with.last!, 1))"
                + " without_reload_ms median=\(Bench.format(Bench.median(without), 1)) max=\(Bench.format(without.last ?? 0, 1))")
    }

    /// `flipclockd` in the bench's own folder: the configuration's parser process.
    static func siblingParser() throws -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { throw BenchProblem("cannot read /proc/self/exe: \(Errno.current)") }
        let me = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let parser = String(me[..<(me.lastIndex(of: "/") ?? me.startIndex)]) + "/flipclockd"
        guard access(parser, X_OK) == 0 else {
            throw BenchProblem("\(parser): no flipclockd beside the bench (build it: swift build --product flipclockd)")
        }
        return parser
    }

    static func wallSecond() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return now.tv_sec
    }

    /// Sleeps until `nanoseconds` past the wall clock's `second`.
    static func sleepUntil(second: Int, plus nanoseconds: Int) {
        var at = timespec(tv_sec: second, tv_nsec: nanoseconds)
        while clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &at, nil) == EINTR {}
    }
}

/// A measurement the bench cannot make, said as what is wrong.
struct BenchProblem: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// An output that notes when each frame was presented (the monotonic clock, ns).
final class PresentTimes: WatchedScreen {
    let screen: any FrameOutput
    private(set) var times: [UInt64] = []

    init(_ screen: any FrameOutput) {
        self.screen = screen
        times.reserveCapacity(1 << 16)
    }

    func present(_ canvas: Canvas, damage: [DamageRect]) throws(OutputError) {
        try screen.present(canvas, damage: damage)
        times.append(IdleRun.monotonicNanoseconds())
    }
}
