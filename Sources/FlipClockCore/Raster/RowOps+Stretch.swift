/// The stretch in x: a filtered row resampled across a screen row with bilinear sampling.
extension RowOps {
    /// Stretches a row across `count` destination pixels with bilinear sampling, composited
    /// over: destination pixel `x` samples the source at `u + x·step` (16.16 fixed point,
    /// source pixel centres at integers), `lerp(src[i], src[i + 1], fraction)`.
    ///
    /// `opaque` is a run of source pixels the caller knows are opaque (the inside of a card):
    /// the columns whose pairs both lie in it are stored with no test; the others are tested
    /// eight at a time, stored where all eight come out opaque and blended otherwise.
    @inline(never) public static func stretch(
        _ src: UnsafePointer<UInt32>, from u: Int, step: Int, over dst: UnsafeMutablePointer<UInt32>, count: Int,
        opaque: Range<Int> = 0..<0
    ) {
        // A few columns (a card's edge beside a plain run) are tested: storing the opaque
        // ones untested gives the same pixels and costs more to set up than it saves.
        let inside = count < 8 ? 0..<0 : opaqueColumns(from: u, step: step, count: count, opaque: opaque)
        if inside.isEmpty {
            composited(src, from: u, step: step, over: dst, count: count)
            return
        }
        if inside.lowerBound > 0 { composited(src, from: u, step: step, over: dst, count: inside.lowerBound) }
        stored(src, from: u &+ inside.lowerBound &* step, step: step, over: dst + inside.lowerBound, count: inside.count)
        let end = inside.upperBound
        if count > end { composited(src, from: u &+ end &* step, step: step, over: dst + end, count: count - end) }
    }

    /// The stretch with every sample tested (eight at a time) and composited.
    @inline(never) static func composited(
        _ src: UnsafePointer<UInt32>, from u: Int, step: Int, over dst: UnsafeMutablePointer<UInt32>, count: Int
    ) {
        stretch(src, from: u, step: step, over: dst, count: count, stored: false)
    }

    /// The stretch with every sample stored: the caller knows they are all opaque.
    @inline(never) static func stored(
        _ src: UnsafePointer<UInt32>, from u: Int, step: Int, over dst: UnsafeMutablePointer<UInt32>, count: Int
    ) {
        stretch(src, from: u, step: step, over: dst, count: count, stored: true)
    }

    /// The columns `0..<count` whose samples (from `u`, `step` apart) blend two pixels of
    /// `opaque`: as the positions only grow, a run of them.
    static func opaqueColumns(from u: Int, step: Int, count: Int, opaque: Range<Int>) -> Range<Int> {
        // A sample at i blends i and i + 1: both inside when lower ≤ i ≤ upper − 2.
        guard step > 0, opaque.count >= 2, count > 0 else { return 0..<0 }
        let low = opaque.lowerBound << 16, high = (opaque.upperBound - 1) << 16  // positions in low..<high
        func first(atLeast p: Int) -> Int { p <= u ? 0 : min(count, (p - u + step - 1) / step) }
        let a = first(atLeast: low), b = first(atLeast: high)
        return a < b ? a..<b : 0..<0
    }

    /// The stretch's loops: every sample `stored` (the caller knows they are opaque), or each
    /// eight tested and composited; inlined into the two above, where `stored` is a constant.
    @inline(__always) static func stretch(
        _ src: UnsafePointer<UInt32>, from u: Int, step: Int, over dst: UnsafeMutablePointer<UInt32>, count: Int, stored: Bool
    ) {
        var x = 0
        var u = u
        if count >= 4 {
            let f0 = UInt16(truncatingIfNeeded: u), f1 = UInt16(truncatingIfNeeded: u &+ step)
            let f2 = UInt16(truncatingIfNeeded: u &+ 2 &* step), f3 = UInt16(truncatingIfNeeded: u &+ 3 &* step)
            var fraction = Lanes16(f0, f0, f1, f1, f2, f2, f3, f3)
            let advance = Lanes16(repeating: UInt16(truncatingIfNeeded: 4 &* step))
            while x &+ 8 <= count {
                let low = sample(src, u, step, fraction)
                let high = sample(src, u &+ 4 &* step, step, fraction &+ advance)
                if stored || opaque(low & high) {
                    UnsafeMutableRawPointer(dst + x).storeBytes(of: low, as: SIMD4<UInt32>.self)
                    UnsafeMutableRawPointer(dst + x + 4).storeBytes(of: high, as: SIMD4<UInt32>.self)
                } else {
                    composite(low, over: dst + x)
                    composite(high, over: dst + x + 4)
                }
                fraction &+= advance &+ advance
                u &+= 8 &* step
                x &+= 8
            }
            if x &+ 4 <= count {
                let four = sample(src, u, step, fraction)
                if stored {
                    UnsafeMutableRawPointer(dst + x).storeBytes(of: four, as: SIMD4<UInt32>.self)
                } else {
                    composite(four, over: dst + x)
                }
                u &+= 4 &* step
                x &+= 4
            }
        }
        while x < count {
            let i = u >> 16
            let sample = PixelMath.lerp(src[i], src[i + 1], UInt32((u >> 8) & 0xFF))
            if stored || sample >> 24 == 255 {
                dst[x] = sample
            } else if sample != 0 {
                dst[x] = PixelMath.over(sample, dst[x])
            }
            u += step
            x += 1
        }
    }

    /// The four samples at `u`, `u + step`, `u + 2·step`, `u + 3·step` (16.16), whose
    /// fractions are `fraction` (each in both lanes of its pixel).
    @inline(__always) static func sample(_ src: UnsafePointer<UInt32>, _ u: Int, _ step: Int, _ fraction: Lanes16) -> SIMD4<UInt32> {
        let u1 = u &+ step, u2 = u1 &+ step, u3 = u2 &+ step
        let p01 = SIMD4<UInt32>(lowHalf: pair(src, u), highHalf: pair(src, u1))
        let p23 = SIMD4<UInt32>(lowHalf: pair(src, u2), highHalf: pair(src, u3))
        let a = unsafeBitCast(SIMD4<UInt32>(lowHalf: p01.evenHalf, highHalf: p23.evenHalf), to: Lanes16.self)
        let b = unsafeBitCast(SIMD4<UInt32>(lowHalf: p01.oddHalf, highHalf: p23.oddHalf), to: Lanes16.self)
        return lerp(a, b, fraction &>> 8)
    }

    /// Four samples over `dst`: stored if all are opaque, otherwise ``PixelMath/over(_:_:)``
    /// of each, the four at once in 16-bit lanes (a transparent sample leaves its pixel as it is).
    @inline(__always) static func composite(_ samples: SIMD4<UInt32>, over dst: UnsafeMutablePointer<UInt32>) {
        if opaque(samples) {
            UnsafeMutableRawPointer(dst).storeBytes(of: samples, as: SIMD4<UInt32>.self)
        } else {
            // 255 − alpha in both lanes of each pixel.
            let inverse = SIMD4<UInt32>(repeating: 255) &- (samples &>> 24)
            let k = unsafeBitCast(inverse | (inverse &<< 16), to: Lanes16.self)
            store16(unsafeBitCast(samples, to: Lanes16.self) &+ scale(load16(dst), low: k, high: k), dst)
        }
    }

    /// The pixels `src[i], src[i + 1]` that position `u` (16.16) lies between, as one load.
    @inline(__always) static func pair(_ src: UnsafePointer<UInt32>, _ u: Int) -> SIMD2<UInt32> {
        UnsafeRawPointer(src + (u &>> 16)).loadUnaligned(as: SIMD2<UInt32>.self)
    }

    /// ``PixelMath/lerp(_:_:_:)`` of four pixel pairs, `w` the weight of `b` in each pixel's
    /// two lanes: `a·(256 − w) + b·w` as `a·256 + (b − a)·w`, equal in wrapping 16-bit lanes
    /// and one multiply fewer.
    @inline(__always) static func lerp(_ a: Lanes16, _ b: Lanes16, _ w: Lanes16) -> SIMD4<UInt32> {
        let ae = a & 0xFF, ao = a &>> 8
        let low = ((ae &<< 8) &+ ((b & 0xFF) &- ae) &* w) &>> 8
        let high = ((a & 0xFF00) &+ ((b &>> 8) &- ao) &* w) & 0xFF00
        return unsafeBitCast(low | high, to: SIMD4<UInt32>.self)
    }

    /// Whether all four pixels are opaque (compiled to an AND of the lanes and one compare).
    @inline(__always) static func opaque(_ p: SIMD4<UInt32>) -> Bool {
        all(p .>= SIMD4(repeating: 0xFF00_0000))
    }
}
