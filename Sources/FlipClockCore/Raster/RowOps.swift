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

    /// Copies `count` pixels from `src` to `dst` (apart): up to eight, as the resampler's pieces
    /// mostly are, with two loads that may overlap and no call; more with `memmove`.
    @inline(__always) static func copy(_ src: UnsafePointer<UInt32>, to dst: UnsafeMutablePointer<UInt32>, count: Int) {
        let from = UnsafeRawPointer(src), to = UnsafeMutableRawPointer(dst)
        if count >= 4, count <= 8 {
            let a = from.loadUnaligned(as: SIMD4<UInt32>.self), b = from.loadUnaligned(fromByteOffset: 4 &* count &- 16, as: SIMD4<UInt32>.self)
            to.storeBytes(of: a, as: SIMD4<UInt32>.self)
            to.storeBytes(of: b, toByteOffset: 4 &* count &- 16, as: SIMD4<UInt32>.self)
        } else if count >= 2, count < 4 {
            let a = from.loadUnaligned(as: UInt64.self), b = from.loadUnaligned(fromByteOffset: 4 &* count &- 8, as: UInt64.self)
            to.storeBytes(of: a, as: UInt64.self)
            to.storeBytes(of: b, toByteOffset: 4 &* count &- 8, as: UInt64.self)
        } else if count == 1 {
            dst.pointee = src.pointee
        } else if count > 8 {
            dst.update(from: src, count: count)
        }
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

    /// Four pixels' channels multiplied by `k / 255`, rounded: the red and blue ones by
    /// `low`, the alpha and green ones by `high` (each in a pixel's two lanes).
    @inline(__always) static func scale(_ v: Lanes16, low: Lanes16, high: Lanes16) -> Lanes16 {
        div255((v & 0xFF) &* low) | (div255((v &>> 8) &* high) &<< 8)
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
            store16(scale(v, low: even, high: odd), dst + i)
            store16(scale(w, low: even, high: odd), dst + i + 4)
            i += 8
        }
        while i + 4 <= count {
            store16(scale(load16(src + i), low: even, high: odd), dst + i)
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
}
