import FlipClockCore
import Testing

/// The turned copy against a per-pixel oracle: ``ScreenRotation/outputPoint(x:y:logical:)``
/// for every pixel, on a canvas whose sides are not multiples of the copy's tile.
@Suite struct ScreenRotationTests {
    /// 75×41 with every pixel different; the output memory has 5 pixels of padding per row.
    static let canvas: Canvas = {
        var c = Canvas(width: 75, height: 41)
        for i in c.pixels.indices { c.pixels[i] = 0xFF00_0000 | UInt32(i &* 2_654_435_761 & 0xFF_FFFF) }
        return c
    }()
    static let padding = 5
    static let unwritten: UInt32 = 0xDEAD_BEEF

    /// Copies `rect` through `rotation` into padded output memory, returned as rows of `stride` pixels.
    static func copied(_ rotation: ScreenRotation, _ rects: [DamageRect]) -> (pixels: [UInt32], stride: Int, size: PixelSize) {
        let size = rotation.outputSize(of: PixelSize(width: canvas.width, height: canvas.height))
        let stride = size.width + padding
        var memory = [UInt32](repeating: unwritten, count: stride * size.height)
        memory.withUnsafeMutableBytes { m in
            for rect in rects { rotation.copy(rect, of: canvas, to: m.baseAddress!, pitch: stride * 4) }
        }
        return (memory, stride, size)
    }

    @Test(arguments: ScreenRotation.allCases)
    func aWholeCanvasLandsWhereTheOracleSays(_ rotation: ScreenRotation) {
        let (memory, stride, size) = Self.copied(rotation, [Self.canvas.bounds])
        let logical = PixelSize(width: Self.canvas.width, height: Self.canvas.height)
        var expected = [UInt32](repeating: Self.unwritten, count: memory.count)
        for y in 0..<logical.height {
            for x in 0..<logical.width {
                let p = rotation.outputPoint(x: x, y: y, logical: logical)
                #expect(p.x >= 0 && p.x < size.width && p.y >= 0 && p.y < size.height)
                expected[p.y * stride + p.x] = Self.canvas[x, y]
            }
        }
        #expect(memory == expected, "\(rotation)")
        #expect(rotation.turned(Self.canvas).pixels == (0..<size.height).flatMap { memory[$0 * stride..<$0 * stride + size.width] })
    }

    /// A damaged rectangle writes exactly the output rectangle ``ScreenRotation/outputRect(_:logical:)``
    /// names, with the oracle's pixels, and nothing else.
    @Test(arguments: ScreenRotation.allCases)
    func aDamagedRectWritesOnlyItsOutputRect(_ rotation: ScreenRotation) {
        let logical = PixelSize(width: Self.canvas.width, height: Self.canvas.height)
        for rect in [
            DamageRect(x: 3, y: 5, width: 40, height: 33), DamageRect(x: 70, y: 0, width: 20, height: 1),
            DamageRect(x: 0, y: 40, width: 1, height: 9),
        ] {
            let (memory, stride, _) = Self.copied(rotation, [rect])
            let clipped = rect.clipped(to: Self.canvas.bounds)
            let area = rotation.outputRect(clipped, logical: logical)
            var expected = [UInt32](repeating: Self.unwritten, count: memory.count)
            for y in clipped.y..<clipped.maxY {
                for x in clipped.x..<clipped.maxX {
                    let p = rotation.outputPoint(x: x, y: y, logical: logical)
                    #expect(p.x >= area.x && p.x < area.maxX && p.y >= area.y && p.y < area.maxY, "\(rotation) \(rect) (\(x), \(y))")
                    expected[p.y * stride + p.x] = Self.canvas[x, y]
                }
            }
            #expect(area.area == clipped.area)
            #expect(memory == expected, "\(rotation) \(rect)")
        }
    }

    /// The converting copy (RGB565 and swizzled framebuffers) puts the same pixels in the same places.
    @Test(arguments: ScreenRotation.allCases)
    func aConvertingCopyMatchesThePlainOne(_ rotation: ScreenRotation) {
        let (plain, stride, size) = Self.copied(rotation, [Self.canvas.bounds])
        var narrow = [UInt16](repeating: 0, count: stride * size.height)
        narrow.withUnsafeMutableBytes { m in
            rotation.copy(Self.canvas.bounds, of: Self.canvas, to: m.baseAddress!, pitch: stride * 2) { UInt16(truncatingIfNeeded: $0 >> 4) }
        }
        for y in 0..<size.height {
            for x in 0..<size.width {
                #expect(narrow[y * stride + x] == UInt16(truncatingIfNeeded: plain[y * stride + x] >> 4))
            }
        }
    }

    /// A canvas taller than the quarter turn's tiles (256 rows) and a rectangle that starts and
    /// ends off their edges: every pixel where the oracle says, nothing outside the rectangle.
    @Test(arguments: [ScreenRotation.quarter, .threeQuarters])
    func aQuarterTurnAcrossTilesLandsWhereTheOracleSays(_ rotation: ScreenRotation) {
        var canvas = Canvas(width: 45, height: 601)
        for i in canvas.pixels.indices { canvas.pixels[i] = 0xFF00_0000 | UInt32(i &* 2_654_435_761 & 0xFF_FFFF) }
        let logical = PixelSize(width: canvas.width, height: canvas.height)
        let size = rotation.outputSize(of: logical)
        let rect = DamageRect(x: 2, y: 3, width: 41, height: 590)
        var memory = [UInt32](repeating: Self.unwritten, count: size.width * size.height)
        memory.withUnsafeMutableBytes { rotation.copy(rect, of: canvas, to: $0.baseAddress!, pitch: size.width * 4) }
        var expected = [UInt32](repeating: Self.unwritten, count: memory.count)
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                let p = rotation.outputPoint(x: x, y: y, logical: logical)
                expected[p.y * size.width + p.x] = canvas[x, y]
            }
        }
        #expect(memory == expected, "\(rotation)")
    }

    @Test func quarterTurnsSwapTheSidesAndTurnClockwise() {
        let landscape = PixelSize(width: 1920, height: 1080)
        #expect(ScreenRotation.quarter.logicalSize(of: landscape) == PixelSize(width: 1080, height: 1920))
        #expect(ScreenRotation.half.logicalSize(of: landscape) == landscape)
        // The canvas's top-left corner: top-right at 90, bottom-right at 180, bottom-left at 270.
        let portrait = PixelSize(width: 1080, height: 1920)
        #expect(ScreenRotation.quarter.outputPoint(x: 0, y: 0, logical: portrait) == (1919, 0))
        #expect(ScreenRotation.half.outputPoint(x: 0, y: 0, logical: landscape) == (1919, 1079))
        #expect(ScreenRotation.threeQuarters.outputPoint(x: 0, y: 0, logical: portrait) == (0, 1079))
    }
}
