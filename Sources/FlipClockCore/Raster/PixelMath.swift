/// Fixed-point arithmetic on packed premultiplied ARGB pixels.
///
/// A pixel is a `UInt32` laid out `0xAARRGGBB` (XRGB8888 when alpha is 255), with colour
/// premultiplied by alpha. The functions work on two 8-bit channels at once, each in a
/// 16-bit lane (`0x00RR00BB` and `0x00AA00GG`), which holds every product of two channels.
public enum PixelMath {
    /// The red and blue channels, each in a 16-bit lane.
    @inline(__always) public static func rb(_ p: UInt32) -> UInt32 { p & 0x00FF_00FF }
    /// The alpha and green channels, each in a 16-bit lane.
    @inline(__always) public static func ag(_ p: UInt32) -> UInt32 { (p >> 8) & 0x00FF_00FF }

    /// `x / 255` rounded to nearest, exact for every `x` in `0...65025` (255 × 255).
    @inline(__always) public static func div255(_ x: UInt32) -> UInt32 {
        let t = x &+ 128
        return (t &+ (t >> 8)) >> 8
    }

    /// ``div255(_:)`` on both 16-bit lanes of a packed pair.
    @inline(__always) public static func div255Lanes(_ x: UInt32) -> UInt32 {
        let t = x &+ 0x0080_0080
        return ((t &+ ((t >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    }

    /// Every channel of `p` multiplied by `k / 255`, rounded to nearest.
    @inline(__always) public static func scale(_ p: UInt32, by k: UInt32) -> UInt32 {
        div255Lanes(rb(p) &* k) | (div255Lanes(ag(p) &* k) << 8)
    }

    /// The colour channels of `p` multiplied by `k / 255`; alpha is kept.
    ///
    /// This darkens a premultiplied pixel without changing its coverage (shading, shadows).
    @inline(__always) public static func shade(_ p: UInt32, by k: UInt32) -> UInt32 {
        let scaled = scale(p, by: k)
        return (scaled & 0x00FF_FFFF) | (p & 0xFF00_0000)
    }

    /// Premultiplied `src` over `dst` (Porter–Duff), rounded to nearest per channel.
    @inline(__always) public static func over(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        let inverse = 255 &- (src >> 24)
        return src &+ scale(dst, by: inverse)
    }

    /// `a + (b − a) × w / 256` per channel, `w` in `0...256`, truncated.
    @inline(__always) public static func lerp(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        let iw = 256 &- w
        let lo = ((rb(a) &* iw &+ rb(b) &* w) >> 8) & 0x00FF_00FF
        let hi = (ag(a) &* iw &+ ag(b) &* w) & 0xFF00_FF00
        return lo | hi
    }

    /// An opaque pixel from 8-bit channels.
    @inline(__always) public static func opaque(r: UInt8, g: UInt8, b: UInt8) -> UInt32 {
        0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    }

    /// A colour at `coverage / 255` of its opacity, premultiplied.
    @inline(__always) public static func withCoverage(_ color: UInt32, _ coverage: UInt32) -> UInt32 {
        scale(color, by: coverage)
    }
}
