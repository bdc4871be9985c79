import FlipClockCore
import FlipClockCoreTestKit
import Testing

/// The card's two halves: the hinge gap centred on the hinge, so both halves show equally
/// many rows of paper.
@Suite struct CardImageTests {
    /// The rows of a half whose middle column is paper (not the transparent gap).
    static func paperRows(_ half: Canvas) -> [Int] {
        (0..<half.height).filter { half[half.width / 2, $0] >> 24 != 0 }
    }

    @Test(arguments: [(200, 0.008), (360, 0.008), (100, 0.008), (400, 0.012), (80, 0.0), (300, 0.05), (802, 0.0075)])
    func theGapIsCentredAndTheHalvesAreEqual(_ height: Int, _ fraction: Double) throws {
        let style = CardStyle(hingeGap: fraction)
        let card = try CardImage.render(
            "8", width: height * 2 / 3, height: height, pixelSize: height / 2, baseline: height * 3 / 4, style: style, glyphs: SolidBlockGlyphs()
        )
        let top = Self.paperRows(card.top), bottom = Self.paperRows(card.bottom)
        let half = height / 2
        // Paper from the top edge down to the gap, and from the gap down to the bottom edge.
        #expect(top == Array(0..<top.count))
        #expect(bottom == Array(half - bottom.count..<half))
        #expect(top.count == bottom.count, "top \(top.count) rows, bottom \(bottom.count)")
        let gap = 2 * half - top.count - bottom.count
        #expect(gap == CardImage.hingeGap(fraction, height: height))
        #expect(gap >= 2 && gap % 2 == 0)
        #expect(abs(Double(gap) - fraction * Double(height)) <= 1 || gap == 2)
    }

    @Test func theGapRoundsToEvenRows() {
        #expect(CardImage.hingeGap(0.008, height: 400) == 4)  // 3.2 rows
        #expect(CardImage.hingeGap(0.0075, height: 400) == 4)  // 3 rows: 1.5 a side rounds to 2
        #expect(CardImage.hingeGap(0.012, height: 500) == 6)
        #expect(CardImage.hingeGap(0, height: 400) == 2)
    }
}

/// `shading = 0` is flat: both halves' paper alike, at rest and under a turning flap.
@Suite struct FlatShadingTests {
    static func renderer(shading: Double) -> FaceRenderer {
        let layout = FaceLayout(
            width: 100, height: 120, slots: [FaceLayout.Slot(rect: DamageRect(x: 20, y: 20, width: 60, height: 80))], vanishingX: 50, vanishingY: 60)
        return FaceRenderer(layout: layout, values: ["8"], style: .classic, glyphs: SolidBlockGlyphs(), lighting: CardLighting(strength: shading))
    }

    /// Paper pixels of the card: near its top edge and near its bottom edge (no digit there).
    static func paper(_ canvas: Canvas) -> (top: UInt32, bottom: UInt32) {
        (canvas[50, 23], canvas[50, 96])
    }

    @Test func flatShadingPrintsBothHalvesAlike() throws {
        var flat = Self.renderer(shading: 0)
        _ = try flat.draw([.resting("8")])
        let rest = Self.paper(flat.canvas)
        #expect(rest.top == rest.bottom)
        #expect(rest.top == CardStyle.classic.card.pixel)
        // Mid-flip the static halves and the flap are unshaded too.
        _ = try flat.draw([CardPicture(phase: .topToMiddle, top: "9", bottom: "8", flap: Flap(value: "8", half: .top, angle: 60))])
        #expect(Self.paper(flat.canvas).bottom == rest.bottom)
    }

    @Test func fullShadingLightsTheTopHalfMore() throws {
        var lit = Self.renderer(shading: 1)
        _ = try lit.draw([.resting("8")])
        let rest = Self.paper(lit.canvas)
        #expect(rest.top == CardStyle.classic.card.pixel)
        #expect(rest.bottom == PixelMath.shade(CardStyle.classic.card.pixel, by: 236))
        #expect(CardImage.bottomLight(shading: 0.5) == 246)
    }
}
