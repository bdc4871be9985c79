import FlipClockCore
import Testing

@testable import FlipClockOutput

/// The 16 bpp path as fbdev draws it: the canvas dithered (``RGB565``), then cut to 5-6-5.
@Suite struct FramebufferDitherTests {
    /// What a 16 bpp screen holds for `canvas`, row after row.
    static func screen(_ canvas: Canvas) -> [UInt16] {
        var dithered = Canvas(width: canvas.width, height: canvas.height)
        RGB565.dither(canvas, canvas.bounds, into: &dithered)
        return dithered.pixels.map(FBDevOutput.rgb565)
    }

    /// Each channel's mean over a 4×4 block of `pixel`, as the panel shows it.
    static func shownMean(_ pixel: UInt32) -> (red: Double, green: Double, blue: Double) {
        let shown = screen(Canvas(width: 4, height: 4, fill: pixel)).map(RGB565.shown)
        let mean = { (shift: UInt32) in Double(shown.map { ($0 >> shift) & 0xFF }.reduce(0, +)) / 16 }
        return (mean(16), mean(8), mean(0))
    }

    @Test func theClassicBackgroundIsExactlyThis() {
        // #0e0e10 cut to 5-6-5 is 0x0862 everywhere (#080c10, blue); dithered, a 4×4 pattern.
        #expect(
            Self.screen(Canvas(width: 4, height: 4, fill: 0xFF0E_0E10)) == [
                0x0861, 0x1062, 0x0862, 0x1082,
                0x1082, 0x0862, 0x1082, 0x1062,
                0x0862, 0x1082, 0x0862, 0x1082,
                0x1082, 0x1062, 0x1082, 0x1062,
            ])
        // The pattern repeats every four pixels, across and down.
        let wide = Self.screen(Canvas(width: 8, height: 8, fill: 0xFF0E_0E10))
        #expect(wide[0] == wide[4] && wide[0] == wide[32] && wide[9] == wide[45])
    }

    @Test func everyGreyKeepsItsMeanAndStaysGrey() {
        for v in UInt32(0)...255 {
            let m = Self.shownMean(0xFF00_0000 | v << 16 | v << 8 | v)
            let value = Double(v)
            #expect(abs(m.red - value) <= 0.75 && abs(m.green - value) <= 0.75 && abs(m.blue - value) <= 0.75, "grey \(v): \(m)")
            #expect(abs(m.red - m.green) <= 0.75 && abs(m.green - m.blue) <= 0.75, "grey \(v) tinted: \(m)")
        }
    }

    @Test func theBackgroundIsNotBlueAnyMore() {
        let m = Self.shownMean(0xFF0E_0E10)
        // Cut to 5-6-5 it shows #080c10: red 6 and green 2 below, blue right.
        #expect(abs(m.red - 14) <= 0.75 && abs(m.green - 14) <= 0.75 && abs(m.blue - 16) <= 0.75, "\(m)")
    }

    @Test func aShadowsGradientDoesNotBand() {
        // A gradient a grey level a column: cut, runs of 8 columns share a value; dithered, the
        // mean of each column's 4 rows follows the gradient within a level.
        let width = 64
        var canvas = Canvas(width: width, height: 4)
        for y in 0..<4 { for x in 0..<width { canvas[x, y] = 0xFF00_0000 | UInt32(0x20 + x) * 0x01_0101 } }
        let shown = Self.screen(canvas).map(RGB565.shown)
        for x in 0..<width {
            let red = (0..<4).map { Double((shown[$0 * width + x] >> 16) & 0xFF) }.reduce(0, +) / 4
            #expect(abs(red - Double(0x20 + x)) <= 4.5, "column \(x): \(red)")
        }
        var blocks = Set<Double>()
        for x in stride(from: 0, to: width, by: 4) {
            blocks.insert((0..<16).map { Double((shown[($0 / 4) * width + x + $0 % 4] >> 16) & 0xFF) }.reduce(0, +))
        }
        #expect(blocks.count == width / 4, "every 4×4 block of the gradient has a mean of its own")
    }
}
