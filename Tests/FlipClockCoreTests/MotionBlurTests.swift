import FlipClockCore
import FlipClockCoreTestKit
import Testing

@testable import FlipClockCore

/// Motion blur: a turning flap drawn as the average of the flap over its sweep in the frame.
@Suite struct MotionBlurTests {
    static func renderer(blur: Bool = false) -> FaceRenderer {
        let layout = FaceLayout(
            width: 160, height: 200, slots: [FaceLayout.Slot(rect: DamageRect(x: 40, y: 40, width: 80, height: 120))], vanishingX: 80, vanishingY: 100
        )
        var r = FaceRenderer(layout: layout, values: ["1"], style: .classic, glyphs: SolidBlockGlyphs())
        r.motionBlur = blur
        return r
    }

    static func turning(_ angle: Double, from: Double? = nil) -> CardPicture {
        angle < 90
            ? CardPicture(phase: .topToMiddle, top: "2", bottom: "1", flap: Flap(value: "1", half: .top, angle: angle, sweptFrom: from))
            : CardPicture(phase: .middleToBottom, top: "2", bottom: "1", flap: Flap(value: "2", half: .bottom, angle: angle, sweptFrom: from))
    }

    @Test func aFlapIsSweptFromWhereItWasOnItsOwnHalf() {
        #expect(FaceRenderer.swept(Self.turning(40), from: Self.turning(25)).flap?.sweptFrom == 25)
        // Over the edge in the exposure: swept from edge-on; started in it: from lying flat.
        #expect(FaceRenderer.swept(Self.turning(100), from: Self.turning(80)).flap?.sweptFrom == 90)
        #expect(FaceRenderer.swept(Self.turning(10), from: .resting("1")).flap?.sweptFrom == 0)
        // Hardly turned: drawn at its angle.
        #expect(FaceRenderer.swept(Self.turning(40), from: Self.turning(39.8)).flap?.sweptFrom == nil)
        let middles: [Double] = (0..<8).map { (k: Int) -> Double in 25 + 15 * (Double(k) + 0.5) / 8 }
        #expect(FaceRenderer.blurAngles(from: 25, to: 40) == middles)
        #expect(FaceRenderer.blurAngles(from: 100, to: 101).count == 2)
        #expect(FaceRenderer.blurAngles(from: 10, to: 80).count == 8)
    }

    /// The blurred frame is exactly the average of the frames at each of its angles.
    @Test(arguments: [(25.0, 40.0), (90.0, 112.0), (160.0, 176.0)])
    func aBlurredFlapIsTheAverageOfItsAngles(_ from: Double, _ to: Double) throws {
        var blurred = Self.renderer()
        _ = try blurred.draw([.resting("1")])
        _ = try blurred.draw([Self.turning(to, from: from)])
        let angles = FaceRenderer.blurAngles(from: from, to: to)
        var frames: [Canvas] = []
        for angle in angles {
            var posed = Self.renderer()
            _ = try posed.draw([Self.turning(angle)])
            frames.append(posed.canvas)
        }
        let n = UInt32(angles.count)
        var mismatches = 0
        for k in blurred.canvas.pixels.indices {
            var expected: UInt32 = 0xFF00_0000
            for shift: UInt32 in [16, 8, 0] {
                let sum = frames.reduce(UInt32(0)) { $0 + (($1.pixels[k] >> shift) & 0xFF) }
                expected |= ((sum + n / 2) / n) << shift
            }
            if blurred.canvas.pixels[k] != expected {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
        // And it is not the frame at the flap's angle alone.
        var sharp = Self.renderer()
        _ = try sharp.draw([Self.turning(to)])
        #expect(sharp.canvas != blurred.canvas)
    }

    @Test func aFaceAtRestIsTheSameBlurredOrNot() throws {
        var blurred = Self.renderer(blur: true), sharp = Self.renderer()
        let step = Duration.nanoseconds(16_666_667)
        var differed = 0
        for r in [0, 1] {
            var renderer = r == 0 ? blurred : sharp
            _ = try renderer.frame(at: .zero)
            renderer.show(["2"], at: step)
            if r == 0 { blurred = renderer } else { sharp = renderer }
        }
        for frame in 1...45 {
            _ = try blurred.frame(at: step * frame)
            _ = try sharp.frame(at: step * frame)
            if blurred.canvas != sharp.canvas { differed += 1 }
        }
        // Every frame of the turn that moved the flap by half a degree or more differs; the
        // card at rest after the landing is the same.
        #expect(differed >= 20)
        #expect(blurred.canvas == sharp.canvas)
    }
}
