import FlipClockCore
import FlipClockDaemon
import FlipClockSystem

#if canImport(Glibc)
import Glibc
#endif

/// `flipclock-bench`: our frame against a memcpy of the same cards and against pixman, and
/// a folding row against a memcpy of the row.
///
///     flipclock-bench                       the interleaved timing tables (flip, reveal) and the RESULT line
///     flipclock-bench --callgrind ours N    N frames of ours only, untimed (for valgrind)
///     flipclock-bench --callgrind fold N    N folded row frames only
///     flipclock-bench --callgrind pixman N  N frames of pixman only
///     flipclock-bench --callgrind copy90 N  N whole frames copied turned 90° (copy0, copy270)
///     flipclock-bench --callgrind rows N    N frames of a reload's row change only
///     flipclock-bench --fold                only the table of the folding row
///     flipclock-bench --rows                only the table of the row change
///     flipclock-bench --rotation            only the table of the turned copies
///     flipclock-bench --blur                a flip at 60 Hz drawn sharp and with motion blur, and the ratio
///     flipclock-bench --soak [HOURS]        the loop through HOURS simulated hours (24), memory at start and end
///     flipclock-bench --idle                CPU per hour, memory and start of each face, each in a process of its own
///     flipclock-bench --idle FACE MINUTES   one such process: FACE (hhmm, hhmmss, world) for MINUTES simulated
///         [--output drm [--rotation R] | --mode WxH@HZ]
///                                           on the DRM screen (turned R°), or in memory at that mode (1920x1080@60)
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
        if arguments == ["--blur"] {
            try BlurBench.run(try BenchScene())
            return
        }
        if arguments == ["--rotation"] {
            printRotation(rotatedCopy(rounds: 5))
            return
        }
        let scene = try BenchScene()
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
                "usage: flipclock-bench [--callgrind ours|fold|rows|pixman FRAMES | --fold | --rows | --rotation | --blur | --soak [HOURS] | --idle [FACE MINUTES]]"
            )
            exit(64)
        }
        try measure(scene)
    }

    static func measure(_ scene: BenchScene) throws {
        let angles = BenchScene.angles(60)
        let rounds = 5
        var renderer = scene.renderer()
        _ = try renderer.draw(BenchScene.from.map(CardPicture.resting))
        let pixman = try PixmanFrame(scene: scene)
        var source = Canvas(width: BenchScene.width, height: BenchScene.height, fill: 0xFF12_3456)
        var target = Canvas(width: BenchScene.width, height: BenchScene.height)
        for i in source.pixels.indices { source.pixels[i] ^= UInt32(truncatingIfNeeded: i) }
        let clock = ContinuousClock()
        var ours: [Double] = [], copy: [Double] = [], reference: [Double] = []
        for round in 0...rounds {
            for angle in angles {
                let pictures = BenchScene.pictures(at: angle)
                let t0 = clock.now
                _ = try renderer.draw(pictures)
                let t1 = clock.now
                copyCards(scene, from: &source, to: &target)
                let t2 = clock.now
                pixman.draw(angle: angle)
                let t3 = clock.now
                // Round 0 warms caches and the card-face cache.
                if round > 0 {
                    ours.append((t1 - t0).seconds)
                    copy.append((t2 - t1).seconds)
                    reference.append((t3 - t2).seconds)
                }
            }
        }
        // The same frames in a fresh renderer give the same pixels.
        var again = scene.renderer()
        _ = try again.draw(BenchScene.from.map(CardPicture.resting))
        for angle in angles { _ = try again.draw(BenchScene.pictures(at: angle)) }
        let sum = checksum(renderer.canvas), sumAgain = checksum(again.canvas)
        guard sum == sumAgain else {
            print("checksums differ: \(sum) and \(sumAgain)")
            exit(1)
        }
        let fold = try measureFold(scene, rounds: rounds)
        let vsCopy = median(zip(ours, copy).map { $0 / $1 }), vsPixman = median(zip(ours, reference).map { $0 / $1 })
        print("scene 1920x1080, six cards 240x360 all turning, \(angles.count) angles 0°…180°, \(rounds) rounds interleaved")
        print("checksum of the last frame: \(sum) (a fresh renderer gives the same)")
        print("ours against pixman, unshaded (edges and y filtering differ; pixman does not filter in y):")
        print("  \(agreement(scene, pixman: pixman))")
        print("")
        print("| method | median ms/frame | ratio |")
        print("|---|---|---|")
        print("| ours (FaceRenderer, as the daemon draws) | \(format(median(ours) * 1000, 3)) | 1 |")
        print("| memcpy of the six cards | \(format(median(copy) * 1000, 3)) | ours = \(format(vsCopy, 2))× |")
        print("| pixman, projective bilinear flaps | \(format(median(reference) * 1000, 3)) | ours = \(format(vsPixman, 2))× |")
        let p99 = percentile(ours, 0.99)
        print("")
        print(
            "our frame times over \(ours.count) frames: median \(format(median(ours) * 1000, 3)) ms, p99 \(format(p99 * 1000, 3)) ms, worst \(format((ours.max() ?? 0) * 1000, 3)) ms"
        )
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
            "RESULT rows_vs_screen_memcpy=\(format(rows.ratio, 2)) frame_vs_memcpy=\(format(vsCopy, 2)) frame_vs_pixman=\(format(vsPixman, 2)) fold_vs_memcpy=\(format(fold.ratio, 2)) reveal_vs_screen_memcpy=\(format(reveal.ratio, 2)) rotated90_vs_copy=\(format(quarter, 2)) frame_p99_ms=\(format(p99 * 1000, 3)) "
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

    /// The physical limit: copying the six cards' pixels, row by row with the canvas pitch.
    static func copyCards(_ scene: BenchScene, from source: inout Canvas, to target: inout Canvas) {
        let w = BenchScene.width
        source.pixels.withUnsafeBufferPointer { s in
            target.pixels.withUnsafeMutableBufferPointer { d in
                for slot in scene.layout.slots {
                    let r = slot.rect
                    for y in r.y..<r.maxY {
                        (d.baseAddress! + y * w + r.x).update(from: s.baseAddress! + y * w + r.x, count: r.width)
                    }
                }
            }
        }
    }

    /// How far our flaps are from pixman's: unshaded, one card, at a few angles.
    static func agreement(_ scene: BenchScene, pixman: PixmanFrame) -> String {
        var report: [String] = []
        for angle in [30.0, 75, 120, 160] {
            var ours = FaceRenderer(
                layout: scene.layout, values: BenchScene.from, style: scene.configuration.style, glyphs: scene.font,
                lighting: CardLighting(strength: 0), perspective: scene.configuration.perspective,
                vanishing: scene.configuration.vanishing
            )
            _ = try? ours.draw(BenchScene.pictures(at: angle))
            pixman.draw(angle: angle)
            let a = ours.canvas, b = pixman.canvas
            var worst: UInt32 = 0, off = 0
            for i in a.pixels.indices where a.pixels[i] != b.pixels[i] {
                let d = (0..<4).map { k -> UInt32 in
                    let x = (a.pixels[i] >> (8 * k)) & 0xFF, y = (b.pixels[i] >> (8 * k)) & 0xFF
                    return x > y ? x - y : y - x
                }.max()!
                worst = max(worst, d)
                if d > 16 { off += 1 }
            }
            report.append("\(Int(angle))°: max channel difference \(worst), \(off) px differ by more than 16")
        }
        return report.joined(separator: "; ")
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
