import Testing

@testable import FlipClockCore

/// Rows that are the same pixels (``AlikeRows``) filtered once, a filtered row reused by the
/// next screen row, and a row's runs of one colour filled, against the row resampled row by
/// row: the same picture, bit for bit.
@Suite struct AlikeRowsTests {
    /// A row of three cards as a fold or a reload's row change cuts it out: each card half
    /// of ``PlainRunsTests/cardHalf(width:height:gapAtBottom:)`` (paper rows that repeat,
    /// a digit's rows that do not), on a background that is `background` or transparent.
    static func row(background: UInt32) -> Canvas {
        let cardWidth = 60, half = 40
        var image = Canvas(width: 220, height: 2 * half, fill: background)
        let top = PlainRunsTests.cardHalf(width: cardWidth, height: half, gapAtBottom: true)
        let bottom = PlainRunsTests.cardHalf(width: cardWidth, height: half, gapAtBottom: false)
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
}
