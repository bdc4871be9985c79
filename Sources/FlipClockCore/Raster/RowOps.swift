/// Row kernels over packed premultiplied pixels, eight at a time with SIMD.
///
/// Each is the vector form of one ``PixelMath`` function and gives bit-identical results
/// (the tests compare them); the renderer spends nearly all its time here.
public enum RowOps {
    typealias V = SIMD8<UInt32>
    static let lanes = 8
    static let laneMask = V(repeating: 0x00FF_00FF)
    static let alphaMask = V(repeating: 0xFF00_0000)

    @inline(__always) static func div255Lanes(_ x: V) -> V {
        let t = x &+ V(repeating: 0x0080_0080)
        return ((t &+ ((t &>> 8) & laneMask)) &>> 8) & laneMask
    }

    @inline(__always) static func scale(_ p: V, _ k: V) -> V {
        div255Lanes((p & laneMask) &* k) | (div255Lanes(((p &>> 8) & laneMask) &* k) &<< 8)
    }

    @inline(__always) static func load(_ p: UnsafePointer<UInt32>) -> V {
        UnsafeRawPointer(p).loadUnaligned(as: V.self)
    }

    @inline(__always) static func store(_ v: V, _ p: UnsafeMutablePointer<UInt32>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: V.self)
    }

    /// `dst[i] = shade(src[i], k) over dst[i]` for `count` pixels.
    ///
    /// Runs of opaque, unshaded source pixels are copied: most of a card is opaque.
    public static func over(_ src: UnsafePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, count: Int, shade k: UInt32 = 255) {
        var i = 0
        let kv = V(repeating: k)
        while i + lanes <= count {
            var s = load(src + i)
            let opaque = (s & alphaMask) .== alphaMask
            if k != 255 { s = (scale(s, kv) & V(repeating: 0x00FF_FFFF)) | (s & alphaMask) }
            if all(opaque) {
                store(s, dst + i)
            } else {
                let inverse = V(repeating: 255) &- (s &>> 24)
                store(s &+ scale(load(dst + i), inverse), dst + i)
            }
            i += lanes
        }
        while i < count {
            dst[i] = PixelMath.over(PixelMath.shade(src[i], by: k), dst[i])
            i += 1
        }
    }

    /// Four pixels as eight 16-bit lanes, each holding two 8-bit channels: the even channels
    /// (blue, red) are `lanes & 0xFF`, the odd ones (green, alpha) `lanes >> 8`. Every x86-64
    /// multiplies 16-bit lanes natively (SSE2 `pmullw`), as NEON does; 32-bit lane multiplies
    /// and Swift's generic widening conversions are not.
    typealias Lanes16 = SIMD8<UInt16>

    @inline(__always) static func div255(_ x: Lanes16) -> Lanes16 {
        let t = x &+ 128
        return (t &+ (t &>> 8)) &>> 8
    }

    @inline(__always) static func load16(_ p: UnsafePointer<UInt32>) -> Lanes16 {
        UnsafeRawPointer(p).loadUnaligned(as: Lanes16.self)
    }

    @inline(__always) static func store16(_ v: Lanes16, _ p: UnsafeMutablePointer<UInt32>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: Lanes16.self)
    }

    /// `dst[i] = shade(src[i], k)` for `count` pixels, alpha kept.
    public static func shade(_ src: UnsafePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, count: Int, by k: UInt32) {
        if k == 255 {
            dst.update(from: src, count: count)
            return
        }
        var i = 0
        let even = Lanes16(repeating: UInt16(k))
        // Green takes the shade, alpha (the high channel of every second lane) keeps 255.
        let odd = Lanes16(UInt16(k), 255, UInt16(k), 255, UInt16(k), 255, UInt16(k), 255)
        // Eight pixels an iteration: two independent chains keep the multipliers busy.
        while i + 8 <= count {
            let v = load16(src + i), w = load16(src + i + 4)
            let vl = div255((v & 0xFF) &* even), wl = div255((w & 0xFF) &* even)
            let vh = div255((v &>> 8) &* odd), wh = div255((w &>> 8) &* odd)
            store16(vl | (vh &<< 8), dst + i)
            store16(wl | (wh &<< 8), dst + i + 4)
            i += 8
        }
        while i + 4 <= count {
            let v = load16(src + i)
            let low = div255((v & 0xFF) &* even)
            let high = div255((v &>> 8) &* odd)
            store16(low | (high &<< 8), dst + i)
            i += 4
        }
        while i < count {
            dst[i] = PixelMath.shade(src[i], by: k)
            i += 1
        }
    }

    /// `dst[i] = shade(src[i] over background, k)` for `count` pixels, `background` opaque:
    /// a card's premultiplied half laid on the face and shaded, as a static half is drawn.
    ///
    /// Runs of opaque source pixels (nearly all of a card) are ``shade(_:_:count:by:)``; only
    /// the rounded corners and the hinge gap are blended.
    public static func shade(_ src: UnsafePointer<UInt32>, over background: UInt32, _ dst: UnsafeMutablePointer<UInt32>, count: Int, by k: UInt32) {
        let bg = V(repeating: background), kv = V(repeating: k)
        var i = 0
        while i < count {
            var j = i
            while j + lanes <= count, all((load(src + j) & alphaMask) .== alphaMask) { j += lanes }
            if j > i {
                shade(src + i, dst + i, count: j - i, by: k)
                i = j
            }
            guard i + lanes <= count else { break }
            let s = load(src + i)
            var o = s &+ scale(bg, V(repeating: 255) &- (s &>> 24))
            if k != 255 { o = (scale(o, kv) & V(repeating: 0x00FF_FFFF)) | (o & alphaMask) }
            store(o, dst + i)
            i += lanes
        }
        while i < count {
            dst[i] = PixelMath.shade(PixelMath.over(src[i], background), by: k)
            i += 1
        }
    }

    /// Stretches a row across `count` destination pixels with bilinear sampling, composited
    /// over: destination pixel `x` samples the source at `u + x·step` (16.16 fixed point,
    /// source pixel centres at integers), `lerp(src[i], src[i + 1], fraction)`.
    ///
    /// Eight pixels at a time, as two fours in 16-bit lanes. The positions stay in scalar
    /// registers (each pair `src[i], src[i + 1]` is one 64-bit load) and the fractions in
    /// 16-bit lanes, where adding the step wraps as the fraction does; where all eight come
    /// out opaque (the inside of a card) they are stored, otherwise blended.
    public static func stretch(_ src: UnsafePointer<UInt32>, from u: Int, step: Int, over dst: UnsafeMutablePointer<UInt32>, count: Int) {
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
                if opaque(low & high) {
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
                composite(sample(src, u, step, fraction), over: dst + x)
                u &+= 4 &* step
                x &+= 4
            }
        }
        while x < count {
            let i = u >> 16
            let sample = PixelMath.lerp(src[i], src[i + 1], UInt32((u >> 8) & 0xFF))
            if sample >> 24 == 255 {
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

    /// Four samples over `dst`: stored if all are opaque, otherwise blended one by one.
    @inline(__always) static func composite(_ samples: SIMD4<UInt32>, over dst: UnsafeMutablePointer<UInt32>) {
        if opaque(samples) {
            UnsafeMutableRawPointer(dst).storeBytes(of: samples, as: SIMD4<UInt32>.self)
        } else {
            for k in 0..<4 where samples[k] != 0 { dst[k] = PixelMath.over(samples[k], dst[k]) }
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
