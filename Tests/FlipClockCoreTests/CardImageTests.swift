import FlipClockCore
import FlipClockTestKit
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

