import Testing

@testable import FlipClockCore

/// The fixed-point maths checked exhaustively against a floating-point reference.
@Suite struct PixelMathTests {
    @Test func div255IsRoundedDivisionForEveryProductOfTwoChannels() {
        // Counted, and expected once: an expectation a case would record 65 026 of them.
        var wrong = 0
        var first: String?
        for x in UInt32(0)...65025 {
            let exact = (Double(x) / 255).rounded()
            if Double(PixelMath.div255(x)) != exact {
                wrong += 1
                if first == nil { first = "x = \(x): \(PixelMath.div255(x)), not \(exact)" }
            }
        }
        #expect(wrong == 0, "first: \(first ?? "-")")
    }

    @Test func scaleIsRoundedForEveryChannelAndFactor() {
        var wrong = 0
        for c in UInt32(0)...255 {
            for k in UInt32(0)...255 {
                let p = c << 24 | c << 16 | c << 8 | c
                let expected = UInt32((Double(c) * Double(k) / 255).rounded())
                let s = PixelMath.scale(p, by: k)
                if s != expected << 24 | expected << 16 | expected << 8 | expected { wrong += 1 }
            }
        }
        #expect(wrong == 0)
    }

    @Test func overMatchesFloatingPointPorterDuffForEveryAlphaAndChannel() {
        // Premultiplied source channel s ≤ a over destination channel d: 1.7 million cases,
        // counted and expected once (an expectation a case is most of the test's time).
        var worst = 0.0
        var notOpaque = 0
        var first: String?
        for a in UInt32(0)...255 {
            for s in stride(from: UInt32(0), through: a, by: 1) {
                for d in stride(from: UInt32(0), through: 255, by: 5) {
                    let src = a << 24 | s << 16 | s << 8 | s
                    let dst = 0xFF00_0000 | d << 16 | d << 8 | d
                    let out = PixelMath.over(src, dst)
                    let reference = Double(s) + Double(d) * Double(255 - a) / 255
                    worst = max(worst, abs(Double(out & 0xFF) - reference))
                    if out >> 24 != 255 {
                        notOpaque += 1
                        if first == nil { first = "a = \(a), s = \(s), d = \(d): alpha \(out >> 24)" }
                    }
                }
            }
        }
        #expect(notOpaque == 0, "over an opaque destination, not opaque; first: \(first ?? "-")")
        #expect(worst <= 0.5, "worst error \(worst)")
    }

    @Test func lerpStaysWithinOneOfTheExactValueForEveryPairAndWeight() {
        var worst = 0.0
        for a in stride(from: UInt32(0), through: 255, by: 3) {
            for b in stride(from: UInt32(0), through: 255, by: 3) {
                for w in UInt32(0)...256 {
                    let pa = a << 24 | a << 16 | a << 8 | a
                    let pb = b << 24 | b << 16 | b << 8 | b
                    let out = PixelMath.lerp(pa, pb, w)
                    let reference = Double(a) + (Double(b) - Double(a)) * Double(w) / 256
                    for shift in [0, 8, 16, 24] as [UInt32] {
                        worst = max(worst, abs(Double((out >> shift) & 0xFF) - reference))
                    }
                }
            }
        }
        // Truncation: always below one step.
        #expect(worst < 1, "worst error \(worst)")
    }

    @Test func lerpEndpointsAreExact() {
        let a: UInt32 = 0x80FF_1020, b: UInt32 = 0xFF00_FF7F
        #expect(PixelMath.lerp(a, b, 0) == a)
        #expect(PixelMath.lerp(a, b, 256) == b)
    }

    @Test func rowKernelsAgreeWithScalarMathBitForBit() {
        // Every alpha with a spread of colours, over a spread of destinations, at several shades.
        let source = TestPixels.everyAlpha + [0xFF12_3456, 0xFFFF_FFFF, 0, 0x0101_0101, 0xFF00_0000, 0xFFAB_CDEF, 0x7F7F_7F7F]
        let destination = TestPixels.scattered(source.count)
        for shade in [255, 254, 200, 128, 1, 0] as [UInt32] {
            var vector = destination
            source.withUnsafeBufferPointer { s in
                vector.withUnsafeMutableBufferPointer { d in
                    RowOps.over(s.baseAddress!, d.baseAddress!, count: s.count, shade: shade)
                }
            }
            let scalar = zip(source, destination).map { PixelMath.over(PixelMath.shade($0, by: shade), $1) }
            #expect(vector == scalar, "shade \(shade)")
        }
    }

    @Test func staticHalfKernelIsTheHalfOverTheBackgroundShadedBitForBit() {
        // Every alpha, then opaque runs of several lengths between transparent pixels (a card's
        // corners and its middle), each row started at every offset so the runs fall across lanes.
        var source = TestPixels.everyAlpha
        for run in [1, 7, 8, 9, 24, 33] { source += TestPixels.opaque(run) + [0, 0x8040_2010] }
        for background in [0xFF0E_0E10, 0xFFFF_FFFF, 0xFF00_0000] as [UInt32] {
            for shade in [255, 236, 128, 1, 0] as [UInt32] {
                for start in 0..<8 {
                    let row = Array(source[start...])
                    var vector = [UInt32](repeating: 0xDEAD_BEEF, count: row.count)
                    row.withUnsafeBufferPointer { s in
                        vector.withUnsafeMutableBufferPointer { d in
                            RowOps.shade(s.baseAddress!, over: background, d.baseAddress!, count: s.count, by: shade)
                        }
                    }
                    let scalar = row.map { PixelMath.shade(PixelMath.over($0, background), by: shade) }
                    #expect(vector == scalar, "background \(String(background, radix: 16)), shade \(shade), start \(start)")
                }
            }
        }
    }

    @Test func accumulatedRowsWithFullWeightResolveToTheRowItself() {
        let row: [UInt32] = (0..<37).map { UInt32($0) &* 0x0107_0503 | 0xFF00_0000 }
        var rb = [UInt32](repeating: 0, count: row.count), ag = rb, out = rb
        row.withUnsafeBufferPointer { r in
            RowOps.accumulate(r.baseAddress!, weight: 256, rb: &rb, ag: &ag, count: r.count)
        }
        RowOps.resolve(rb: rb, ag: ag, into: &out, count: row.count)
        #expect(out == row)
    }

    @Test func weighingARowIsAccumulatingItOntoZeros() {
        let row: [UInt32] = (0..<37).map { UInt32($0) &* 0x0107_0503 ^ 0x8F00_00FF }
        for weight in [1, 97, 128, 256] as [UInt32] {
            var rb = [UInt32](repeating: 0, count: row.count), ag = rb
            var wrb = [UInt32](repeating: 0xDEAD_BEEF, count: row.count), wag = wrb
            row.withUnsafeBufferPointer { r in
                RowOps.accumulate(r.baseAddress!, weight: weight, rb: &rb, ag: &ag, count: r.count)
                RowOps.weigh(r.baseAddress!, weight: weight, rb: &wrb, ag: &wag, count: r.count)
            }
            #expect(wrb == rb && wag == ag, "weight \(weight)")
        }
    }

    @Test func resolvingWithTheLastRowIsAccumulatingResolvingAndShadingBitForBit() {
        // Every alpha, with the sums of an earlier row or none, at weights and shades that
        // reach the lanes' limits; 259 pixels, so the four-pixel lanes leave a tail.
        let translucentEarlier: [UInt32] = (0..<259).map { UInt32($0) &* 0x0107_0503 ^ 0x8F00_00FF }
        // Then both rows made opaque, where it must say so whenever the weights make 256.
        let translucent: [UInt32] = (0..<259).map { (a: Int) -> UInt32 in
            let alpha = UInt32(a % 256), colour = UInt32(a * 7 % 256)
            return alpha << 24 | min(colour, alpha) << 16 | alpha / 2 << 8 | alpha / 3
        }
        let weightings: [(UInt32, UInt32)] = [(0, 256), (128, 128), (1, 255), (200, 56), (100, 100)]
        for (opaqueRows, (first, last)) in [false, true].flatMap({ o in weightings.map { (o, $0) } }) {
            let row = opaqueRows ? translucent.map { $0 | 0xFF00_0000 } : translucent
            let earlier = opaqueRows ? translucentEarlier.map { $0 | 0xFF00_0000 } : translucentEarlier
            for shade in [255, 254, 200, 1, 0] as [UInt32] {
                var rb = [UInt32](repeating: 0, count: row.count), ag = rb
                var separate = rb, fused = [UInt32](repeating: 0xDEAD_BEEF, count: row.count)
                var opaque = true
                earlier.withUnsafeBufferPointer { e in
                    row.withUnsafeBufferPointer { r in
                        if first > 0 { RowOps.weigh(e.baseAddress!, weight: first, rb: &rb, ag: &ag, count: r.count) }
                        opaque = RowOps.resolve(
                            adding: r.baseAddress!, weight: last, toSums: first > 0, rb: rb, ag: ag, into: &fused, count: r.count,
                            shade: shade)
                        RowOps.accumulate(r.baseAddress!, weight: last, rb: &rb, ag: &ag, count: r.count)
                    }
                }
                RowOps.resolve(rb: rb, ag: ag, into: &separate, count: row.count)
                separate.withUnsafeMutableBufferPointer { RowOps.shade($0.baseAddress!, $0.baseAddress!, count: $0.count, by: shade) }
                #expect(fused == separate, "opaque rows \(opaqueRows), weights \(first), \(last), shade \(shade)")
                #expect(opaque == separate.allSatisfy { $0 >> 24 == 255 }, "opaque rows \(opaqueRows), weights \(first), \(last), shade \(shade)")
            }
        }
    }

    @Test func mixingTwoThreeOrFourRowsIsTheirWeightedSumResolvedAndShadedBitForBit() {
        // Every alpha in each row, weights that reach the lanes' limits (and a row of weight
        // zero), every width up to nine and a long one, so the eight- and four-pixel steps and
        // the single pixels each meet every case.
        let translucent: [[UInt32]] = (0..<4).map { r in
            (0..<259).map { (a: Int) -> UInt32 in
                let alpha = UInt32((a + 61 * r) % 256), colour = UInt32((a * 7 + r * 13) % 256)
                return alpha << 24 | min(colour, alpha) << 16 | alpha / 2 << 8 | alpha / (UInt32(r) + 2)
            }
        }
        let weightings: [[UInt32]] = [
            [128, 128], [1, 255], [200, 56], [0, 256], [100, 100], [85, 85, 86], [1, 1, 254], [100, 0, 156], [64, 64, 64, 64],
            [1, 2, 3, 250], [0, 256, 0, 0], [60, 60, 60, 60],
        ]
        // Then the same rows made opaque, where it must say so whenever the weights make 256.
        let opaqueRows = translucent.map { $0.map { $0 | 0xFF00_0000 } }
        for (rows, weights) in [translucent, opaqueRows].flatMap({ rows in weightings.map { (rows, $0) } }) {
            for shade in [255, 254, 200, 1, 0] as [UInt32] {
                for count in Array(0...9) + [259] {
                    var mixed = [UInt32](repeating: 0xDEAD_BEEF, count: count)
                    var opaque = false
                    rows[0].withUnsafeBufferPointer { a in
                        rows[1].withUnsafeBufferPointer { b in
                            rows[2].withUnsafeBufferPointer { c in
                                rows[3].withUnsafeBufferPointer { d in
                                    let all = [a, b, c, d].enumerated().map {
                                        RowOps.WeightedRow($1.baseAddress!, weight: weights.count > $0 ? weights[$0] : 0)
                                    }
                                    opaque = RowOps.resolve(
                                        mixing: all[0], all[1], weights.count > 2 ? all[2] : nil, weights.count > 3 ? all[3] : nil, into: &mixed,
                                        count: count, shade: shade)
                                }
                            }
                        }
                    }
                    let scalar = (0..<count).map { i in
                        var low: UInt32 = 0, high: UInt32 = 0
                        for (row, weight) in zip(rows, weights) {
                            low += PixelMath.rb(row[i]) * weight
                            high += PixelMath.ag(row[i]) * weight
                        }
                        return PixelMath.shade(((low >> 8) & 0x00FF_00FF) | (high & 0xFF00_FF00), by: shade)
                    }
                    #expect(mixed == scalar, "weights \(weights), shade \(shade), count \(count)")
                    #expect(opaque == scalar.allSatisfy { $0 >> 24 == 255 }, "weights \(weights), shade \(shade), count \(count)")
                }
            }
        }
    }

    @Test func copyingAFewPixelsCopiesThemAndNothingElse() {
        let source = (0..<40).map { UInt32(0xFF00_0000 | $0) }
        for count in 0...20 {
            var row = Array(repeating: UInt32(7), count: 40)
            source.withUnsafeBufferPointer { s in
                row.withUnsafeMutableBufferPointer { RowOps.copy(s.baseAddress! + 3, to: $0.baseAddress! + 10, count: count) }
            }
            #expect(row == Array(repeating: 7, count: 10) + source[3..<3 + count] + Array(repeating: 7, count: 30 - count), "\(count) pixels")
        }
    }

    @Test func colourParsesHexAndPrintsItBack() {
        #expect(RGBColor(hex: "#0e0E10") == RGBColor(red: 14, green: 14, blue: 16))
        #expect(RGBColor(hex: "#0e0E10")?.description == "#0e0e10")
        #expect(RGBColor(hex: "0e0e10") == nil)
        #expect(RGBColor(hex: "#0e0e1g") == nil)
        #expect(RGBColor(hex: "#0e0e1") == nil)
    }
}
