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

    /// `dst[i] = shade(src[i], k)` for `count` pixels, alpha kept.
    public static func shade(_ src: UnsafePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, count: Int, by k: UInt32) {
        if k == 255 {
            dst.update(from: src, count: count)
            return
        }
        var i = 0
        let kv = V(repeating: k)
        while i + lanes <= count {
            let s = load(src + i)
            store((scale(s, kv) & V(repeating: 0x00FF_FFFF)) | (s & alphaMask), dst + i)
            i += lanes
        }
        while i < count {
            dst[i] = PixelMath.shade(src[i], by: k)
            i += 1
        }
    }

    /// `acc += src × w` on the two-lane split of each pixel, for `count` pixels.
    ///
    /// With weights summing to at most 256 the 16-bit lanes cannot overflow (255 × 256 < 65536):
    /// this is the vertical box filter.
    public static func accumulate(
        _ src: UnsafePointer<UInt32>, weight w: UInt32,
        rb: UnsafeMutablePointer<UInt32>, ag: UnsafeMutablePointer<UInt32>, count: Int
    ) {
        var i = 0
        let wv = V(repeating: w)
        while i + lanes <= count {
            let s = load(src + i)
            store(load(rb + i) &+ (s & laneMask) &* wv, rb + i)
            store(load(ag + i) &+ ((s &>> 8) & laneMask) &* wv, ag + i)
            i += lanes
        }
        while i < count {
            rb[i] &+= PixelMath.rb(src[i]) &* w
            ag[i] &+= PixelMath.ag(src[i]) &* w
            i += 1
        }
    }

    /// Packs accumulated lanes (weights summing to 256) back into pixels, truncating.
    public static func resolve(rb: UnsafePointer<UInt32>, ag: UnsafePointer<UInt32>, into dst: UnsafeMutablePointer<UInt32>, count: Int) {
        var i = 0
        while i + lanes <= count {
            store(((load(rb + i) &>> 8) & laneMask) | (load(ag + i) & V(repeating: 0xFF00_FF00)), dst + i)
            i += lanes
        }
        while i < count {
            dst[i] = ((rb[i] >> 8) & 0x00FF_00FF) | (ag[i] & 0xFF00_FF00)
            i += 1
        }
    }
}
