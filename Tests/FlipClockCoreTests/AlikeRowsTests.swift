import Testing

@testable import FlipClockCore

/// Rows that are the same pixels (``AlikeRows``) filtered once, a filtered row reused by the
/// next screen row, and a row's runs of one colour filled, against the row resampled row by
/// row: the same picture, bit for bit.
@Suite struct AlikeRowsTests {
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

    /// A row of three cards as a fold or a reload's row change cuts it out: each card half
    /// of ``cardHalf(width:height:gapAtBottom:)`` (paper rows that repeat,
    /// a digit's rows that do not), on a background that is `background` or transparent.
    static func row(background: UInt32) -> Canvas {
        let cardWidth = 60, half = 40
        var image = Canvas(width: 220, height: 2 * half, fill: background)
        let top = Self.cardHalf(width: cardWidth, height: half, gapAtBottom: true)
        let bottom = Self.cardHalf(width: cardWidth, height: half, gapAtBottom: false)
        for card in 0..<3 {
            image.copy(top, x: 10 + card * 70, y: 0, clip: image.bounds) { _ in 255 }
            image.copy(bottom, x: 10 + card * 70, y: half, clip: image.bounds) { _ in 255 }
        }
        return image
    }

    @Test func eachRowNamesTheFirstOfItsRunOfIdenticalRows() {
        var image = Canvas(width: 3, height: 6, fill: 0xFF00_0001)
        image[1, 2] = 0xFF00_0002
        image[1, 5] = 0
        #expect(AlikeRows(image).first == [0, 0, 2, 3, 3, 5])
        #expect(AlikeRows(Canvas(width: 0, height: 2)).first == [0, 1])
        #expect(AlikeRows(Canvas(width: 4, height: 0)).first == [])
    }

    @Test func runsAreOpaqueOrTransparentAndSixteenLongOrMore() {
        var image = Canvas(width: 70, height: 3)
        for x in 0..<16 { image[x, 0] = 0xFF00_0001 }  // opaque, 16: a run
        for x in 16..<31 { image[x, 0] = 0xFF00_0002 }  // 15: too short
        for x in 31..<50 { image[x, 0] = 0x8000_0001 }  // neither opaque nor transparent
        // 50..<70 transparent: a run.
        image.pixels.replaceSubrange(70..<140, with: image.pixels[0..<70])
        for x in 0..<70 { image[x, 2] = 0xFF00_0000 | UInt32(x) }
        let alike = AlikeRows(image)
        #expect(alike.first == [0, 0, 2])
        #expect((0..<3).map { Array(alike.runs($0)) } == [[0..<16, 50..<70], [0..<16, 50..<70], []])
    }

    static func intersect(_ a: [Range<Int>], _ b: [Range<Int>]) -> [Range<Int>] {
        var out = Array(repeating: 0..<0, count: 300 / AlikeRows.shortest)
        let n = a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in out.withUnsafeMutableBufferPointer { AlikeRows.intersect(a, b, into: $0.baseAddress!) } }
        }
        return Array(out[..<n])
    }

    @Test func runsIntersectInOrderAndPiecesShorterThanSixteenGo() {
        func intersect(_ a: [Range<Int>], _ b: [Range<Int>]) -> [Range<Int>] { Self.intersect(a, b) }
        #expect(intersect([0..<40, 50..<100, 120..<200], [10..<60, 70..<90, 95..<130, 150..<300]) == [10..<40, 70..<90, 150..<200])
        #expect(intersect([10..<40, 70..<90, 150..<200], []) == [])
    }

    /// Rows picked next to each other take the pieces their runs share, kept with the rows;
    /// rows with one left out between them (a screen row's rows of no weight) do not: either
    /// way, the runs they have in common are those of each intersected with the next's.
    @Test func theRunsSeveralRowsHaveInCommonAreTheirRunsIntersected() {
        // Six rows, the third repeating the second: opaque in these columns, transparent elsewhere.
        let opaque: [[Range<Int>]] = [[0..<100, 120..<200], [10..<90, 100..<190], [10..<90, 100..<190], [30..<160], [0..<50], [40..<200]]
        var image = Canvas(width: 200, height: opaque.count)
        for (y, runs) in opaque.enumerated() {
            for run in runs { for x in run { image[x, y] = 0xFF00_0000 | UInt32(min(y, 5) == 2 ? 1 : y) } }
        }
        let alike = AlikeRows(image)
        #expect(alike.first == [0, 1, 1, 3, 4, 5])
        func common(_ rows: [Int]) -> [Range<Int>] {
            var scratch = Array(repeating: 0..<0, count: 2 * 13)
            return alike.withLists { lists in
                scratch.withUnsafeMutableBufferPointer { Array(lists.common(rows.count, { rows[$0] }, scratch: $0.baseAddress!, most: 13)) }
            }
        }
        func intersected(_ rows: [Int]) -> [Range<Int>] {
            rows.dropFirst().reduce(Array(alike.runs(rows[0]))) { Self.intersect($0, Array(alike.runs($1))) }
        }
        #expect(common([0, 1]) == [10..<90, 100..<120, 120..<190])
        #expect(common([3, 4, 5]) == [0..<30, 50..<160, 160..<200])
        // Row 4 left out: rows 3 and 5 are not next to each other.
        for rows in [[0, 1], [0, 1, 3], [1, 3, 4, 5], [0, 1, 3, 5], [3, 5], [0, 1, 3, 4, 5], [4, 5]] {
            #expect(common(rows) == intersected(rows), "rows \(rows)")
        }
    }

    @Test(arguments: [0xFF10_1112 as UInt32, 0])
    func aFoldWithAlikeRowsIsTheFoldResampledBitForBit(_ background: UInt32) {
        let row = Self.row(background: background)
        let alike = AlikeRows(row)
        #expect(Set(alike.first).count < row.height, "the row has rows that repeat")
        var merged = FoldRenderer(), resampled = FoldRenderer()
        // Every foreshortening, each state, partly clipped.
        for state in PaperFold.State.allCases {
            for open in stride(from: 0.02, through: 1.0, by: 0.02) {
                let fold = PaperFold(
                    x: 7, top: 15, width: Double(row.width), height: Double(row.height), vanishingX: 90, eyeDistance: 300,
                    openness: open, state: state)
                for clip in [DamageRect(x: 0, y: 0, width: 240, height: 110), DamageRect(x: 30, y: 40, width: 150, height: 30)] {
                    var a = Canvas(width: 240, height: 110, fill: 0xFF20_2122), b = a
                    merged.draw(row, fold: fold, into: &a, clip: clip, alike: alike)
                    resampled.draw(row, fold: fold, into: &b, clip: clip)
                    #expect(a == b, "\(state) at \(open), clip \(clip)")
                }
            }
        }
    }

    @Test func aScaledRowWithAlikeRowsIsTheRowResampledBitForBit() {
        let row = Self.row(background: 0)
        let alike = AlikeRows(row)
        var merged = RowResampler(), resampled = RowResampler()
        for factor in stride(from: 0.05, through: 1.6, by: 0.05) {
            let projection = ScaledRow(top: 3.3, factor: factor, centreX: 110)
            let area = DamageRect(x: 0, y: 3, width: 220, height: Int((Double(row.height) * factor).rounded(.up)) + 1)
            var a = Canvas(width: 220, height: 140, fill: 0xFF20_2122), b = a
            merged.draw(row, rows: 0..<row.height, farEdgeFirst: false, projection: projection, shade: 255, into: &a, area: area, alike: alike)
            resampled.draw(row, rows: 0..<row.height, farEdgeFirst: false, projection: projection, shade: 255, into: &b, area: area)
            #expect(a == b, "factor \(factor)")
        }
    }

    @Test(arguments: FlapGeometryTests.geometries) func aFlapWithItsAlikeRowsIsTheFlapResampledBitForBit(_ g: FlapGeometry) {
        var background = Canvas(width: 1920, height: 1080)
        for i in background.pixels.indices { background.pixels[i] = 0xFF00_0000 | UInt32(i &* 2_654_435_761 & 0xFF_FFFF) }
        var alikeRenderer = FlapRenderer(), resampled = FlapRenderer()
        let lighting = CardLighting()
        // Every foreshortening: a source row or two a screen row near flat, five and more near edge-on.
        for angle in stride(from: 0.0, through: 180.0, by: 0.75) {
            let half: CardHalf = angle < 90 ? .top : .bottom
            let image = Self.cardHalf(width: Int(g.cardWidth), height: Int(g.halfHeight), gapAtBottom: half == .top)
            let projection = FlapProjection(geometry: g, angle: angle)
            var filled = background, drawn = background
            let shade = lighting.flap(angle: angle)
            alikeRenderer.draw(image, half: half, projection: projection, shade: shade, into: &filled, clip: filled.bounds, alike: AlikeRows(image))
            resampled.draw(image, half: half, projection: projection, shade: shade, into: &drawn, clip: drawn.bounds)
            #expect(filled == drawn, "angle \(angle)")
        }
    }

    @Test func aStaticHalfWithItsRunsFilledIsTheHalfShadedBitForBit() {
        let image = Self.cardHalf(width: 120, height: 90, gapAtBottom: true)
        let opaque = CardImage.opaqueRuns(image)
        let alike = AlikeRows(image)
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
                    filled.copy(image, over: background, opaque: opaque, alike: alike, x: 30, y: 10, clip: clip, covered: covered, shade: shade)
                    shaded.copy(image, over: background, opaque: opaque, x: 30, y: 10, clip: clip, covered: covered, shade: shade)
                    #expect(filled == shaded, "shade \(s), clip \(clip), cover \(c)")
                }
            }
        }
    }
}
