import FlipClockCore
import Glibc

/// The flip frame: six cards turning, ours against a memcpy of the cards and against pixman.
extension Bench {
    struct Flip {
        let angles: Int, rounds: Int
        let checksum: String
        let ours: [Double], copy: [Double], reference: [Double]
        var vsCopy: Double { median(zip(ours, copy).map { $0 / $1 }) }
        var vsPixman: Double { median(zip(ours, reference).map { $0 / $1 }) }
        var p99: Double { percentile(ours, 0.99) }
    }

    /// Each angle's frame drawn by ours, then the cards copied, then `pixman`'s frame, interleaved
    /// so all three see the same machine, for `rounds` rounds after one to warm up; exits if a
    /// fresh renderer does not give the same last frame.
    static func measureFlip(_ scene: BenchScene, pixman: PixmanFrame, rounds: Int) throws -> Flip {
        let angles = BenchScene.angles(60)
        var renderer = scene.renderer()
        _ = try renderer.draw(BenchScene.from.map(CardPicture.resting))
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
        return Flip(angles: angles.count, rounds: rounds, checksum: sum, ours: ours, copy: copy, reference: reference)
    }

    /// The flip frame's table; `agreement` (``agreement(_:pixman:)``) above it if given.
    static func printFlip(_ flip: Flip, agreement: String?) {
        print("scene 1920x1080, six cards 240x360 all turning, \(flip.angles) angles 0°…180°, \(flip.rounds) rounds interleaved")
        print("checksum of the last frame: \(flip.checksum) (a fresh renderer gives the same)")
        if let agreement {
            print("ours against pixman, unshaded (edges and y filtering differ; pixman does not filter in y):")
            print("  \(agreement)")
        }
        print("")
        print("| method | median ms/frame | ratio |")
        print("|---|---|---|")
        print("| ours (FaceRenderer, as the daemon draws) | \(format(median(flip.ours) * 1000, 3)) | 1 |")
        print("| memcpy of the six cards | \(format(median(flip.copy) * 1000, 3)) | ours = \(format(flip.vsCopy, 2))× |")
        print("| pixman, projective bilinear flaps | \(format(median(flip.reference) * 1000, 3)) | ours = \(format(flip.vsPixman, 2))× |")
        print("")
        print(
            "our frame times over \(flip.ours.count) frames: median \(format(median(flip.ours) * 1000, 3)) ms, p99 \(format(flip.p99 * 1000, 3)) ms, worst \(format((flip.ours.max() ?? 0) * 1000, 3)) ms"
        )
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
}
