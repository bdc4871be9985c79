import Testing

@testable import FlipClockCore

/// The pairing code over a face: where it lies, what each pixel is, and what a frame copies.
@Suite struct PairingOverlayTests {
    /// A 21-module grid with dark modules where x·y is odd or on the diagonal: no two rows alike.
    static let code = ModuleGrid(size: 21, dark: (0..<441).map { k in (k % 21) * (k / 21) % 2 == 1 || k % 21 == k / 21 })
    static let white: UInt32 = 0xFFFF_FFFF, black: UInt32 = 0xFF00_0000

    /// A face whose pixels all differ, so a pixel copied from the wrong place shows.
    static func face(_ width: Int, _ height: Int, seed: UInt32 = 0) -> Canvas {
        Canvas(width: width, height: height, pixels: (0..<width * height).map { 0xFF00_0000 | (UInt32($0) &* 2_654_435_761 &+ seed) & 0x7F_7F7F })
    }

    @Test(arguments: [(320, 240), (1920, 1080), (1080, 1920), (480, 320), (37, 37)])
    func theCodeIsAsLargeAsFitsCentredInWholePixels(_ width: Int, _ height: Int) throws {
        let overlay = try #require(PairingOverlay(code: Self.code, width: width, height: height))
        let side = Self.code.size + 2 * PairingOverlay.quietZone
        let room = Double(min(width, height)) * 0.8
        #expect(overlay.area.width == overlay.scale * side && overlay.area.height == overlay.area.width)
        #expect(Double(overlay.area.width) <= room && Double((overlay.scale + 1) * side) > room, "as large as fits")
        #expect(abs(overlay.area.x - (width - overlay.area.maxX)) <= 1 && abs(overlay.area.y - (height - overlay.area.maxY)) <= 1)
    }

    /// Every pixel, on screens small enough to look at each in a debug build in milliseconds.
    @Test(arguments: [(320, 240), (240, 320), (37, 37)])
    func eachModuleIsItsPixelsAndTheRestIsTheFace(_ width: Int, _ height: Int) throws {
        let overlay = try #require(PairingOverlay(code: Self.code, width: width, height: height))
        let face = Self.face(width, height)
        let shown = overlay.drawn(over: face)
        for y in 0..<height {
            for x in 0..<width {
                let inside = overlay.area.x <= x && x < overlay.area.maxX && overlay.area.y <= y && y < overlay.area.maxY
                guard inside else {
                    #expect(shown[x, y] == face[x, y], "outside the code at (\(x), \(y))")
                    continue
                }
                let mx = (x - overlay.area.x) / overlay.scale - PairingOverlay.quietZone
                let my = (y - overlay.area.y) / overlay.scale - PairingOverlay.quietZone
                let dark = (0..<Self.code.size).contains(mx) && (0..<Self.code.size).contains(my) && Self.code[mx, my]
                if shown[x, y] != (dark ? Self.black : Self.white) {
                    Issue.record("module (\(mx), \(my)) at pixel (\(x), \(y)) is \(shown[x, y])")
                    return
                }
            }
        }
    }

    @Test func aScreenTooSmallForAModuleAPixelHasNoCode() {
        // 29 modules with the quiet zone need 29 pixels in four fifths of the shorter side.
        #expect(PairingOverlay(code: Self.code, width: 320, height: 36) == nil)
        #expect(PairingOverlay(code: Self.code, width: 320, height: 37) != nil)
    }

    @Test func aFrameCopiesWhatTheFaceChangedOutsideTheCodeOnly() throws {
        var overlay = try #require(PairingOverlay(code: Self.code, width: 320, height: 240))
        let face = Self.face(320, 240)
        let first = overlay.frame(face: face, damage: [])
        #expect(first.damage == [face.bounds], "the code appears whole")
        #expect(first.canvas == overlay.drawn(over: face))

        // The face changes in a rectangle under the code and in one across its edge.
        let changed = Self.face(320, 240, seed: 99)
        let under = DamageRect(x: overlay.area.x + 10, y: overlay.area.y + 10, width: 20, height: 20)
        let across = DamageRect(x: 0, y: 0, width: overlay.area.x + 30, height: 50)
        var next = face
        for rect in [under, across] {
            for y in rect.y..<rect.maxY { for x in rect.x..<rect.maxX { next[x, y] = changed[x, y] } }
        }
        let second = overlay.frame(face: next, damage: [under, across])
        #expect(second.damage == [across], "what lies under the code shows no change")
        #expect(second.canvas == overlay.drawn(over: next))
        #expect(overlay.shownOver(face: face) == second.canvas)

        let still = overlay.frame(face: next, damage: [])
        #expect(still.damage.isEmpty && still.canvas == second.canvas, "a face at rest under the code draws nothing")
    }
}
