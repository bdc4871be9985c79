import FlipClockCore
import Glibc

extension Bench {
    /// `--callgrind METHOD FRAMES`: FRAMES frames of one method only, untimed, for valgrind to
    /// count (`scripts/bench-callgrind` subtracts a run of none, so set-up is not counted).
    static func callgrind(_ scene: BenchScene, method: String, frames: Int) throws {
        let angles = BenchScene.angles(60)
        switch method {
        case "ours":
            var renderer = scene.renderer()
            _ = try renderer.draw(BenchScene.from.map(CardPicture.resting))
            for k in 0..<frames { _ = try renderer.draw(BenchScene.pictures(at: angles[k % angles.count])) }
            print("checksum \(checksum(renderer.canvas))")
        case "fold":
            let folding = try FoldScene(scene)
            var canvas = folding.canvas()
            var renderer = FoldRenderer(lighting: folding.lighting)
            for k in 0..<frames {
                renderer.draw(folding.row, fold: folding.folds[k % folding.folds.count], into: &canvas, clip: canvas.bounds, alike: folding.alike)
            }
            print("checksum \(checksum(canvas))")
        case "rows":
            // A reload's row change, its frames at 60 Hz over and over.
            guard var (change, instants) = try rowChange(scene) else { exit(1) }
            for k in 0..<frames { change.frame(at: instants[k % instants.count]) }
            print("checksum \(checksum(change.canvas))")
        case "pixman":
            let pixman = try PixmanFrame(scene: scene)
            for k in 0..<frames { pixman.draw(angle: angles[k % angles.count]) }
            print("checksum \(checksum(pixman.canvas))")
        case "copy0", "copy90", "copy270":
            // The whole frame into scan-out-like memory, turned or not.
            let rotation = ScreenRotation(rawValue: Int(method.dropFirst(4))!)!
            var canvas = Canvas(width: BenchScene.width, height: BenchScene.height)
            for i in canvas.pixels.indices { canvas.pixels[i] = 0xFF00_0000 | UInt32(truncatingIfNeeded: i &* 2_654_435_761) & 0xFF_FFFF }
            let pitch = (max(BenchScene.width, BenchScene.height) * 4 + 63) / 64 * 64
            let memory = UnsafeMutableRawPointer.allocate(byteCount: pitch * max(BenchScene.width, BenchScene.height), alignment: 64)
            defer { memory.deallocate() }
            for _ in 0..<frames { rotation.copy(canvas.bounds, of: canvas, to: memory, pitch: pitch) }
            print("checksum \(memory.load(fromByteOffset: pitch * 7 + 20, as: UInt32.self))")
        default:
            print("--callgrind takes ours, fold, rows, pixman, copy0, copy90 or copy270")
            exit(64)
        }
    }
}
