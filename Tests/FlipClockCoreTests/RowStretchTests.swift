import Testing

@testable import FlipClockCore

/// The stretch in x (``RowOps/stretch(_:from:step:over:count:opaque:)``) and the columns it
/// is given, checked pixel by pixel against the scalar formula.
@Suite struct RowStretchTests {
    @Test func stretchIsTheScalarLerpOverTheRowBitForBit() {
        // Every alpha between opaque runs and transparent pixels, sampled at steps from a
        // magnified half to a minified one, from several starts, over a row of its own; every
        // width up to nine (the eight-pixel steps, the four left over and the single pixels)
        // and the longest the row allows.
        let source: [UInt32] = [0] + TestPixels.everyAlpha + TestPixels.opaque(40) + [0, 0, 0]
        let destination = TestPixels.scattered(400)
        for step in [65536, 65535, 60000, 58982, 33000, 0, 65537, 80000, 131_072, 200_000] {
            for start in [0, 1, 255, 32768, 65535, 3 * 65536 + 77, 257 * 65536 + 4000] {
                let longest = min(destination.count, ((source.count - 2) * 65536 - start) / max(step, 1))
                for count in Array(0...9) + [longest] where count <= longest {
                    #expect(
                        stretched(source, from: start, step: step, over: destination, count: count)
                            == scalarStretch(source, from: start, step: step, over: destination, count: count),
                        "step \(step), start \(start), count \(count)")
                }
            }
        }
    }

    @Test func stretchOfAnOpaqueRowStoresItsSamplesAndLeavesTheRestAlone() {
        // A card's inside: every sample opaque, so the eight-pixel steps store without blending;
        // the destination past `count` keeps its pixels.
        let source = TestPixels.opaque(64)
        let destination = [UInt32](repeating: 0x8040_2010, count: 70)
        for step in [65536, 50000, 70000] {
            for count in [0, 1, 7, 8, 9, 16, 17, 40] {
                let vector = stretched(source, from: 100, step: step, over: destination, count: count)
                #expect(vector == scalarStretch(source, from: 100, step: step, over: destination, count: count), "step \(step), count \(count)")
                #expect(vector[count...].allSatisfy { $0 == 0x8040_2010 }, "step \(step), count \(count)")
            }
        }
    }

    @Test func stretchOverAKnownOpaqueRunIsTheScalarLerpOverTheRowBitForBit() {
        // A card's row as the resampler has it: transparent ends and an opaque inside, told as
        // `opaque` (whole or in part), the stores between them untested; every width up to
        // nine and the longest, steps above and below one.
        let inside = TestPixels.opaque(45)
        let source: [UInt32] = [0] + inside + [0, 0]
        let destination = TestPixels.scattered(120, base: 0x8000_0000, mask: 0x7F_7F7F)
        for run in [1..<46, 3..<40, 10..<12, 5..<6, 0..<0] {
            for step in [65536, 65535, 50000, 33000, 65537, 80000, 131_072] {
                for start in [0, 1, 32768, 65535, 65536 + 300, 5 * 65536] {
                    let longest = min(destination.count, ((source.count - 2) * 65536 - start) / step)
                    for count in Array(0...9) + [longest] where count <= longest {
                        var vector = destination
                        source.withUnsafeBufferPointer { s in
                            vector.withUnsafeMutableBufferPointer { d in
                                RowOps.stretch(s.baseAddress!, from: start, step: step, over: d.baseAddress!, count: count, opaque: run)
                            }
                        }
                        #expect(
                            vector == scalarStretch(source, from: start, step: step, over: destination, count: count),
                            "run \(run), step \(step), start \(start), count \(count)")
                    }
                }
            }
        }
    }

    @Test func theColumnsOfAnOpaqueRunAreThoseWhosePairsLieInIt() {
        for run in [1..<46, 3..<40, 10..<12, 5..<6, 0..<0] {
            for step in [65536, 50000, 80000, 0] {
                for start in [0, 32768, 65536 + 300] {
                    let columns = RowOps.opaqueColumns(from: start, step: step, count: 60, opaque: run)
                    let inside = (0..<60).filter { x in
                        let i = (start + x * step) >> 16
                        return run.contains(i) && run.contains(i + 1)
                    }
                    #expect(Array(columns) == (step > 0 ? inside : []), "run \(run), step \(step), start \(start)")
                }
            }
        }
    }

    private func stretched(_ source: [UInt32], from start: Int, step: Int, over destination: [UInt32], count: Int) -> [UInt32] {
        var vector = destination
        source.withUnsafeBufferPointer { s in
            vector.withUnsafeMutableBufferPointer { d in
                RowOps.stretch(s.baseAddress!, from: start, step: step, over: d.baseAddress!, count: count)
            }
        }
        return vector
    }

    /// The stretch pixel by pixel: ``PixelMath/lerp(_:_:_:)`` of the pair each position falls between, over.
    private func scalarStretch(_ source: [UInt32], from start: Int, step: Int, over destination: [UInt32], count: Int) -> [UInt32] {
        var scalar = destination
        for x in 0..<count {
            let u = start + x * step
            let sample = PixelMath.lerp(source[u >> 16], source[u >> 16 + 1], UInt32((u >> 8) & 0xFF))
            scalar[x] = PixelMath.over(sample, scalar[x])
        }
        return scalar
    }

    @Test func nearestIsRoundingHalvesAwayFromZero() {
        // Halves either side of zero, the doubles just below a half, large and negative values.
        var values: [Double] = [
            0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.499_999_999_999_999_94, -0.499_999_999_999_999_94, 1e15 + 0.5, -1e15 - 0.5,
        ]
        values += [4_503_599_627_370_495.5, 4_503_599_627_370_497, 65535.999_999, 3 * 65536 + 0.5, -7.25, 12.75]
        values += (0..<1000).map { Double($0) * 65.536_7 - 30_000.25 }
        for x in values {
            #expect(RowResampler.nearest(x) == Int(x.rounded()), "\(x)")
        }
    }

    /// The row bounds taken without libm's `floor` and `ceil` are theirs, on either side of
    /// 2^52, at integers, halves and values a hair either side of one.
    @Test func belowAndAboveAreFloorAndCeil() {
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1, -1, 1e-9, -1e-9, 0.999_999_999_999_999_9, -0.999_999_999_999_999_9, 1e15 + 0.5, -1e15 - 0.5]
        values += [4_503_599_627_370_495.5, 4_503_599_627_370_497, -4_503_599_627_370_495.5, 9e15, -9e15, 359.999_999_9, 360.000_000_1]
        values += (0..<1000).map { Double($0) * 0.731_3 - 365.25 }
        for x in values {
            #expect(RowResampler.below(x) == Int(x.rounded(.down)), "\(x)")
            #expect(RowResampler.above(x) == Int(x.rounded(.up)), "\(x)")
        }
    }
}
