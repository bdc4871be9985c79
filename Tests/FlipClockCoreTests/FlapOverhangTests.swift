import FlipClockCore
import Testing

/// How far a turning flap leaves its card's column: each card in its own perspective, a flap
/// stays within 6 % of its card's width (and a pixel) of it, wherever the card is on the face.
@Suite struct FlapOverhangTests {
    /// A world clock as `docs/world.toml` lays it out on a 1280×720 screen: three clocks of
    /// two groups of two cards in a row, under each its label.
    static let world: FaceLayout = {
        let card = FaceLayout.CardShape(aspect: 0.68)
        let row = FaceLayout.Row(groups: Array(repeating: [card, card], count: 6), labels: ["TOKYO", "LONDON", "NEW YORK"], spans: [2, 2, 2])
        return FaceLayout.fit(rows: [row], width: 1280, height: 720)
    }()

    /// The most any flap of `layout` reaches past its card's column at any angle, less a
    /// pixel for rounding to whole pixels, over its width.
    static func worstOverhang(_ layout: FaceLayout, _ vanishing: VanishingPoint, perspective: Double = 5) -> Double {
        var worst = 0.0
        for slot in layout.slots {
            let geometry = FlapGeometry(card: slot.rect, in: layout, perspective: perspective, vanishing: vanishing)
            for angle in stride(from: 0.0, through: 180, by: 0.5) {
                let b = FlapProjection(geometry: geometry, angle: angle).bounds
                // The bounds hold a pixel each side for the edges' anti-aliasing.
                let out = max(slot.rect.x - (b.x + 1), b.maxX - 1 - slot.rect.maxX, 0)
                #expect(Double(out) <= geometry.overhang + 1, "card at \(slot.rect.x), \(angle)°: \(out) px")
                // Less the pixel a flap's edge rounds out to.
                worst = max(worst, Double(out - 1) / Double(slot.rect.width))
            }
        }
        return worst
    }

    @Test(arguments: [(1280, 720), (1920, 1080), (480, 800), (640, 200)])
    func aFlapStaysOverItsColumn(_ width: Int, _ height: Int) {
        let card = FaceLayout.CardShape(aspect: 0.68)
        let row = FaceLayout.Row(groups: Array(repeating: [card, card], count: 6), labels: ["A", "B", "C"], spans: [2, 2, 2])
        let layout = FaceLayout.fit(rows: [row], width: width, height: height)
        #expect(Self.worstOverhang(layout, .card) <= 0.06)
    }

    @Test func theFacesVanishingPointSwingsTheOuterFlapsOut() {
        // The old eye, five card heights from the face's centre: the outer clocks' flaps swing
        // out by most of a card gap and more.
        let face = Self.worstOverhang(Self.world, .face), card = Self.worstOverhang(Self.world, .card)
        #expect(face > 0.3, "\(face)")
        #expect(card <= 0.06, "\(card)")
    }

    @Test func theOverhangIsAboutSixPercentAtTheStandardPerspective() {
        let g = FlapGeometry(card: DamageRect(x: 100, y: 50, width: 68, height: 100), in: Self.world, perspective: 5, vanishing: .card)
        // (w/2)·h/(D − h) = 34 · 50 / 450.
        #expect(abs(g.overhang - 34.0 * 50 / 450) < 1e-9)
        #expect(g.vanishingX == 134 && g.vanishingY == 100)
    }
}
