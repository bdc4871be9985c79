import FlipClockCore
import FlipClockDaemon
import FlipClockSystem
import Glibc

/// `flipclock-bench`: our frame against a memcpy of the same cards and against pixman, and
/// a folding row against a memcpy of the row.
///
///     flipclock-bench                       the interleaved timing tables (flip, reveal) and the RESULT line
///     flipclock-bench --callgrind ours N    N frames of ours only, untimed (for valgrind)
///     flipclock-bench --callgrind fold N    N folded row frames only
///     flipclock-bench --callgrind pixman N  N frames of pixman only
///     flipclock-bench --callgrind copy90 N  N whole frames copied turned 90° (copy0, copy270)
///     flipclock-bench --callgrind rows N    N frames of a reload's row change only
///     flipclock-bench --flip                only the table of the flip frame
///     flipclock-bench --fold                only the table of the folding row
///     flipclock-bench --rows                only the table of the row change
///     flipclock-bench --rotation            only the table of the turned copies
///     flipclock-bench --blur                a flip at 60 Hz drawn sharp and with motion blur, and the ratio
///     flipclock-bench --soak [HOURS]        the loop through HOURS simulated hours (24), memory at start and end
///     flipclock-bench --idle                CPU per hour, memory and start of each face, each in a process of its own
///     flipclock-bench --idle FACE MINUTES   one such process: FACE (hhmm, hhmmss, world) for MINUTES simulated
///         [--output drm [--rotation R] | --mode WxH@HZ]
///                                           on the DRM screen (turned R°), or in memory at that mode (1920x1080@60)
///     flipclock-bench --reload FILE [ROUNDS]  the longest frame gap while a reload of FILE is made during a flip (20 rounds)
///     flipclock-bench --idle --output drm [MINUTES [ROUNDS [ROTATION]]]
///                                           HH:MM an hour and HH:MM:SS MINUTES (60) on DRM and in memory at its mode
@main
struct Bench {
    static func main() {
        let mainAt = IdleRun.monotonicNanoseconds()
        do {
            try run(mainAt: mainAt)
        } catch {
            // A measurement that cannot be made: said in a line, and the exit status says so.
            StandardError.write("flipclock-bench: \(error)\n")
            exit(1)
        }
    }

    static func run(mainAt: UInt64) throws {
        ScreenMemory.giveBackWhenFreed()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "--idle" {
            try idle(arguments.dropFirst(), mainAt: mainAt)
            return
        }
        if arguments.first == "--soak", arguments.count <= 2 {
            guard let hours = arguments.count == 2 ? Int(arguments[1]) : 24, hours > 0 else {
                print("--soak takes a number of hours")
                exit(64)
            }
            try soak(hours: hours)
            return
        }
        if arguments.first == "--reload", (2...3).contains(arguments.count) {
            guard let rounds = arguments.count == 3 ? Int(arguments[2]) : 20, rounds > 0 else {
                print("--reload takes a file and a number of rounds")
                exit(64)
            }
            try ReloadBench.run(path: arguments[1], rounds: rounds)
            return
        }
        if arguments == ["--blur"] {
            try BlurBench.run(try BenchScene())
            return
        }
        if arguments == ["--rotation"] {
            printRotation(rotatedCopy(rounds: 5))
            return
        }
        let scene = try BenchScene()
        if arguments == ["--flip"] {
            printFlip(try measureFlip(scene, pixman: try PixmanFrame(scene: scene), rounds: 5), agreement: nil)
            return
        }
        if arguments == ["--fold"] {
            printFold(try measureFold(scene, rounds: 5))
            return
        }
        if arguments == ["--rows"] {
            printRowChange(try measureRowChange(scene, rounds: 5))
            return
        }
        if arguments.first == "--callgrind", arguments.count == 3, let frames = Int(arguments[2]) {
            try callgrind(scene, method: arguments[1], frames: frames)
            return
        }
        guard arguments.isEmpty else {
            print(
                "usage: flipclock-bench [--callgrind ours|fold|rows|pixman FRAMES | --flip | --fold | --rows | --rotation | --blur | --soak [HOURS] | --idle [FACE MINUTES] | --reload FILE [ROUNDS]]"
            )
            exit(64)
        }
        try measure(scene)
    }

    static func measure(_ scene: BenchScene) throws {
        let rounds = 5
        let pixman = try PixmanFrame(scene: scene)
        let flip = try measureFlip(scene, pixman: pixman, rounds: rounds)
        let fold = try measureFold(scene, rounds: rounds)
        printFlip(flip, agreement: agreement(scene, pixman: pixman))
        let reveal = try measureReveal(scene, rounds: rounds)
        let rows = try measureRowChange(scene, rounds: rounds)
        print("")
        printFold(fold)
        print("")
        print("the message panel opening under the cards (30 frames, each a new offset; \(reveal.rows) rows damaged):")
        print("")
        print("| method | median ms/frame | ratio |")
        print("|---|---|---|")
        print("| reveal, one opening frame (MessagePanel) | \(format(reveal.ours * 1000, 3)) | 1 |")
        print("| memcpy of the whole screen | \(format(reveal.copy * 1000, 3)) | reveal = \(format(reveal.ratio, 2))× |")
        print("")
        let turn = rotatedCopy(rounds: rounds)
        print("")
        printRotation(turn)
        let quarter = turn[1].seconds / turn[0].seconds
        print("")
        let idle = try IdleBench.measure()
        idle.printTables()
        print("")
        printRowChange(rows)
        print("")
        print(
            "RESULT rows_vs_screen_memcpy=\(format(rows.ratio, 2)) frame_vs_memcpy=\(format(flip.vsCopy, 2)) frame_vs_pixman=\(format(flip.vsPixman, 2)) fold_vs_memcpy=\(format(fold.ratio, 2)) reveal_vs_screen_memcpy=\(format(reveal.ratio, 2)) rotated90_vs_copy=\(format(quarter, 2)) frame_p99_ms=\(format(flip.p99 * 1000, 3)) "
                + idle.resultFields
        )
    }

    /// Copies `rect`'s rows with the canvas pitch: the cost of drawing the row flat.
    static func copyRow(_ rect: DamageRect, from source: Canvas, to target: inout Canvas) {
        let w = source.width
        source.pixels.withUnsafeBufferPointer { s in
            target.pixels.withUnsafeMutableBufferPointer { d in
                for y in rect.y..<rect.maxY {
                    (d.baseAddress! + y * w + rect.x).update(from: s.baseAddress! + y * w + rect.x, count: rect.width)
                }
            }
        }
    }

    /// A whole frame copied through each ``ScreenRotation`` into memory laid out as a scan-out
    /// buffer (rows 64-byte aligned), interleaved so each angle sees the same machine.
    static func rotatedCopy(rounds: Int) -> [(rotation: ScreenRotation, seconds: Double)] {
        var canvas = Canvas(width: BenchScene.width, height: BenchScene.height)
        for i in canvas.pixels.indices { canvas.pixels[i] = 0xFF00_0000 | UInt32(truncatingIfNeeded: i &* 2_654_435_761) & 0xFF_FFFF }
        // The longer side, rounded up to 64 bytes: every angle's output fits.
        let pitch = (max(BenchScene.width, BenchScene.height) * 4 + 63) / 64 * 64
        let memory = UnsafeMutableRawPointer.allocate(byteCount: pitch * max(BenchScene.width, BenchScene.height), alignment: 64)
        defer { memory.deallocate() }
        let clock = ContinuousClock()
        var times: [ScreenRotation: [Double]] = [:]
        for round in 0...rounds * 4 {
            for rotation in ScreenRotation.allCases {
                let t0 = clock.now
                rotation.copy(canvas.bounds, of: canvas, to: memory, pitch: pitch)
                let t1 = clock.now
                if round > 0 { times[rotation, default: []].append((t1 - t0).seconds) }
            }
        }
        return ScreenRotation.allCases.map { ($0, median(times[$0] ?? [])) }
    }

    static func printRotation(_ turn: [(rotation: ScreenRotation, seconds: Double)]) {
        print("a whole \(BenchScene.width)x\(BenchScene.height) frame into output memory with a pitch (the DRM copy):")
        print("| rotation | median ms/frame | against 0° |")
        print("|---|---|---|")
        for (rotation, ms) in turn {
            print("| \(rotation.rawValue)° | \(format(ms * 1000, 3)) | \(format(ms / turn[0].seconds, 2))× |")
        }
    }

    static func checksum(_ canvas: Canvas) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for p in canvas.pixels {
            h = (h ^ UInt64(p)) &* 0x100_0000_01b3
        }
        return String(h, radix: 16)
    }

    /// Times `ours` and then `reference` on each of `frames`, interleaved so both see the same
    /// machine, for `rounds` rounds after one to warm up: the medians in seconds, and the
    /// median of the per-frame ratios.
    static func interleaved<Frame>(
        _ frames: [Frame], rounds: Int, ours: (Frame) throws -> Void, reference: () -> Void
    ) rethrows -> (ours: Double, reference: Double, ratio: Double) {
        let clock = ContinuousClock()
        var mine: [Double] = [], theirs: [Double] = []
        for round in 0...rounds {
            for frame in frames {
                let t0 = clock.now
                try ours(frame)
                let t1 = clock.now
                reference()
                let t2 = clock.now
                if round > 0 {
                    mine.append((t1 - t0).seconds)
                    theirs.append((t2 - t1).seconds)
                }
            }
        }
        return (median(mine), median(theirs), median(zip(mine, theirs).map { $0 / $1 }))
    }
}
