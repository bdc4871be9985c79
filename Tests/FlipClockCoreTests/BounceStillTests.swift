import FlipClockCore
import FlipClockTestKit
import Testing

@testable import FlipClockCore

/// A landing's bounce frames whose flap moves less than half a pixel from where it was last
/// drawn are not drawn (FaceRenderer.unmoved): what the frames cost, not what they show.
@Suite struct BounceStillTests {
    static func face() -> FaceRenderer {
        let layout = FaceLayout(
            width: 600, height: 600, slots: [FaceLayout.Slot(rect: DamageRect(x: 150, y: 100, width: 300, height: 400))], vanishingX: 300,
            vanishingY: 300
        )
        return FaceRenderer(layout: layout, values: ["1"], style: .classic, glyphs: SolidBlockGlyphs(), timing: .standard)
    }

    @Test(arguments: FlapGeometryTests.geometries)
    func theMoveBetweenTwoAnglesIsBounded(_ g: FlapGeometry) {
        for a in stride(from: 0.0, through: 10, by: 0.25) {
            for b in stride(from: 0.0, through: 10, by: 0.25) {
                let real = Self.moved(g, from: a, to: b), bound = g.shift(from: a, to: b, half: .bottom)
                #expect(real <= bound + 1e-9, "\(a)° to \(b)°: moved \(real) px, bound \(bound)")
            }
        }
    }

    @Test func aBounceFrameWithinHalfAPixelIsNotDrawnAndTheCardRestsExactly() throws {
        var face = Self.face()
        _ = try face.frame(at: .zero)
        face.show(["2"], at: .zero)
        let landed = FlipTiming.standard.firstHalf + FlipTiming.standard.secondHalf
        var skipped = 0, drawnInBounce = 0
        var now = Duration.zero
        while now <= FlipTiming.standard.total + .milliseconds(20) {
            now += .microseconds(16_667)
            let picture = face.pictures(at: now)[0]
            let damage = try face.frame(at: now)
            guard now > landed, now < FlipTiming.standard.total, let flap = picture.flap, flap.angle < 180 else { continue }
            if damage.isEmpty { skipped += 1 } else { drawnInBounce += 1 }
        }
        // The bounce moves the flap (frames drawn) and stops near its turns (frames not drawn).
        #expect(skipped >= 1)
        #expect(drawnInBounce >= 1)
        // After the flip the card is exactly the card at rest.
        var rest = FaceRenderer(
            layout: face.layout, values: ["2"], style: .classic, glyphs: SolidBlockGlyphs(), timing: .standard)
        _ = try rest.frame(at: .zero)
        #expect(face.canvas.pixels == rest.canvas.pixels)
    }

    /// How far the flap's corners and mid-points move between `from` and `to` degrees out of
    /// lying flat on the bottom half.
    static func moved(_ g: FlapGeometry, from: Double, to: Double) -> Double {
        let p = FlapProjection(geometry: g, angle: 180 - from), q = FlapProjection(geometry: g, angle: 180 - to)
        var most = 0.0
        for x in [g.cardX, g.cardX + g.cardWidth / 2, g.cardX + g.cardWidth] {
            for r in [0, g.halfHeight / 2, g.halfHeight] {
                let a = p.project(x: x, distance: r), b = q.project(x: x, distance: r)
                most = max(most, ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot())
            }
        }
        return most
    }
}
