import Testing

@testable import FlipClockCore

/// A flap's plain runs (``PlainRuns``), filled rather than resampled, against the flap
/// resampled pixel by pixel: the same picture, bit for bit.
@Suite struct PlainRunsTests {
    /// A card half as ``CardImage`` makes one: transparent rounded-off corners, paper of one
    /// colour, a "digit" of many colours across some rows (off centre, so the two runs differ
    /// in length), a transparent hinge gap, and a row of paper in another colour.
    static func cardHalf(width: Int, height: Int, gapAtBottom: Bool) -> Canvas {
        let paper: UInt32 = 0xFF22_2326, other: UInt32 = 0xFF30_3134
        var image = Canvas(width: width, height: height)
        for y in 0..<height {
            let corner = max(0, 6 - y)
            for x in corner..<width - corner { image[x, y] = y == height / 3 ? other : paper }
            image[corner, y] = 0x8011_1213
            if corner > 0 { image[width - corner, y] = 0x4008_0809 }
        }
        for y in height / 4..<height * 5 / 6 {
            for x in width / 3..<width * 3 / 4 where (x + y) % 3 != 0 {
                image[x, y] = 0xFF00_0000 | UInt32((x * 40_503 + y * 977) & 0xFF_FFFF)
            }
        }
        let gapRows = gapAtBottom ? height - 2..<height : 0..<2
        for y in gapRows { for x in 0..<width { image[x, y] = 0 } }
        return image
    }

    @Test func theRunsAreTheColourOfTheOpaqueRunsEnds() {
        let image = Self.cardHalf(width: 60, height: 40, gapAtBottom: true)
        let opaque = CardImage.opaqueRuns(image)
        for (y, runs) in PlainRuns.of(image, opaque: opaque).enumerated() {
            let row = (0..<image.width).map { image[$0, y] }
            guard !opaque[y].isEmpty else {
                #expect(runs == PlainRuns(leading: 0..<0, trailing: 0..<0), "row \(y)")
                continue
            }
            let first = row[opaque[y].lowerBound], last = row[opaque[y].upperBound - 1]
            let leadingEnd = opaque[y].first { row[$0] != first } ?? opaque[y].upperBound
            let trailingStart = (opaque[y].last { row[$0] != last } ?? opaque[y].lowerBound - 1) + 1
            #expect(runs.leading == opaque[y].lowerBound..<leadingEnd, "row \(y)")
            #expect(runs.trailing == trailingStart..<opaque[y].upperBound, "row \(y)")
        }
    }

    @Test(arguments: FlapGeometryTests.geometries) func aFlapWithItsPlainRunsFilledIsTheFlapResampledBitForBit(_ g: FlapGeometry) {
        var background = Canvas(width: 1920, height: 1080)
        for i in background.pixels.indices { background.pixels[i] = 0xFF00_0000 | UInt32(i &* 2_654_435_761 & 0xFF_FFFF) }
        var plainRenderer = FlapRenderer(), resampled = FlapRenderer()
        let lighting = CardLighting()
        // Every foreshortening: a source row or two a screen row near flat, five and more near edge-on.
        for angle in stride(from: 0.0, through: 180.0, by: 0.75) {
            let half: CardHalf = angle < 90 ? .top : .bottom
            let image = Self.cardHalf(width: Int(g.cardWidth), height: Int(g.halfHeight), gapAtBottom: half == .top)
            let plain = PlainRuns.of(image, opaque: CardImage.opaqueRuns(image))
            let projection = FlapProjection(geometry: g, angle: angle)
            var filled = background, drawn = background
            let shade = lighting.flap(angle: angle)
            plainRenderer.draw(image, half: half, projection: projection, shade: shade, into: &filled, clip: filled.bounds, plain: plain)
            resampled.draw(image, half: half, projection: projection, shade: shade, into: &drawn, clip: drawn.bounds)
            #expect(filled == drawn, "angle \(angle)")
        }
    }

    @Test func aStaticHalfWithItsPlainRunsFilledIsTheHalfShadedBitForBit() {
        let image = Self.cardHalf(width: 120, height: 90, gapAtBottom: true)
        let opaque = CardImage.opaqueRuns(image)
        let plain = PlainRuns.of(image, opaque: opaque)
        let background: UInt32 = 0xFF10_1112
        // Shaded by rows (a shadow), evenly, and not at all; whole, clipped, and with a flap's cover.
        let shades: [(Int) -> UInt32] = [{ UInt32(255 - min($0, 90)) }, { _ in 170 }, { _ in 255 }, { _ in 0 }]
        let clips = [DamageRect(x: 0, y: 0, width: 200, height: 120), DamageRect(x: 47, y: 30, width: 61, height: 40)]
        let covers: [(Int) -> Range<Int>] = [{ _ in 0..<0 }, { $0 % 3 == 0 ? 60..<95 : 40..<41 }]
        for (s, shade) in shades.enumerated() {
            for clip in clips {
                for (c, covered) in covers.enumerated() {
                    var filled = Canvas(width: 200, height: 120, fill: 0xFF0A_0B0C)
                    var shaded = filled
                    filled.copy(image, over: background, opaque: opaque, plain: plain, x: 30, y: 10, clip: clip, covered: covered, shade: shade)
                    shaded.copy(image, over: background, opaque: opaque, x: 30, y: 10, clip: clip, covered: covered, shade: shade)
                    #expect(filled == shaded, "shade \(s), clip \(clip), cover \(c)")
                }
            }
        }
    }

    @Test func runsShorterThanSixteenAreResampledAndTheTwoComeInOrder() {
        #expect(RowResampler.plainRuns(0..<10, 30..<40) == (0..<0, 0..<0))
        #expect(RowResampler.plainRuns(0..<20, 30..<40) == (0..<20, 0..<0))
        #expect(RowResampler.plainRuns(0..<2, 30..<60) == (30..<60, 0..<0))
        #expect(RowResampler.plainRuns(0..<20, 30..<60) == (0..<20, 30..<60))
        // Runs that meet are one colour across both.
        #expect(RowResampler.plainRuns(0..<20, 10..<60) == (0..<60, 0..<0))
        #expect(RowResampler.plainRuns(5..<12, 11..<15) == (0..<0, 0..<0))
    }
}
