/// 16 bpp RGB565 as small panels show it: 5 bits of red, 6 of green, 5 of blue.
///
/// Cutting each channel to its top bits darkens it by up to one step, and by different
/// amounts per channel: the classic background `#0e0e10` becomes `#080c10`, blue-tinted,
/// and a shadow's gradient turns into bands. Ordered dithering (a 4×4 Bayer matrix) instead
/// rounds each pixel up or down by its place on the screen, so an area keeps its mean
/// colour (within a step's sixteenth) and a grey stays grey.
public enum RGB565 {
    /// The 4×4 Bayer matrix: the order, 0–15, in which a pixel of each 4×4 block rounds up.
    static let bayer: [UInt32] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]

    /// An XRGB pixel at (`x`, `y`) dithered to RGB565 and put back as XRGB whose top 5, 6 and 5
    /// bits are the 16 bpp value (so cutting it to 16 bpp gives the dithered value).
    @inline(__always) public static func dithered(_ p: UInt32, x: Int, y: Int) -> UInt32 {
        // A threshold in 32nds of a level: (k + ½) / 16.
        let t = 2 * bayer[(y & 3) << 2 | (x & 3)] + 1
        let red = level((p >> 16) & 0xFF, levels: 31, threshold: t)
        let green = level((p >> 8) & 0xFF, levels: 63, threshold: t)
        let blue = level(p & 0xFF, levels: 31, threshold: t)
        return 0xFF00_0000 | red << 19 | green << 10 | blue << 3
    }

    /// The level of `v` (0–255) among `levels` + 1 evenly spaced ones, rounded up when its
    /// remainder exceeds `threshold` / 32 of a step.
    @inline(__always) static func level(_ v: UInt32, levels: UInt32, threshold: UInt32) -> UInt32 {
        (v * levels * 32 + threshold * 255) / (255 * 32)
    }

    /// `rect` of `canvas` dithered into the same place in `target` (the canvas's size).
    public static func dither(_ canvas: Canvas, _ rect: DamageRect, into target: inout Canvas) {
        precondition(target.width == canvas.width && target.height == canvas.height, "the dithered copy is the canvas's size")
        let r = rect.clipped(to: canvas.bounds)
        guard !r.isEmpty else { return }
        let w = canvas.width
        canvas.pixels.withUnsafeBufferPointer { src in
            target.pixels.withUnsafeMutableBufferPointer { dst in
                for y in r.y..<r.maxY {
                    for x in r.x..<r.maxX { dst[y * w + x] = dithered(src[y * w + x], x: x, y: y) }
                }
            }
        }
    }

    /// An RGB565 value shown as 24-bit colour, each channel's top bits repeated into its low
    /// ones, as panels and the kernel's console expand it.
    public static func shown(_ v: UInt16) -> UInt32 {
        let r = UInt32(v >> 11) & 0x1F, g = UInt32(v >> 5) & 0x3F, b = UInt32(v) & 0x1F
        return 0xFF00_0000 | (r << 3 | r >> 2) << 16 | (g << 2 | g >> 4) << 8 | (b << 3 | b >> 2)
    }
}
