import FlipClockCore
import Testing

/// The lost-leader mark of a `[match]` over a scoreboard: an amber ring in the top-right
/// margin, over no card.
@Suite struct LostMarkGoldenTests {
    @Test func theMarkShowsInTheTopRightMarginOverNoCard() throws {
        var scene = ClockScene(
            configuration: LayoutGoldenTests.scoreboard, width: 640, height: 400, showing: LayoutGoldenTests.reading,
            scores: ["home": 87, "away": 79], glyphs: try FlipGoldenTests.font.get()
        )
        _ = try scene.frame(at: .zero)
        let mark = LostMark(width: 640, height: 400, margin: FaceLayout.Spacing().margin)
        #expect(mark.area == DamageRect(x: 622, y: 6, width: 12, height: 12))
        #expect(scene.renderer.layout.slots.allSatisfy { $0.rect.clipped(to: mark.area).isEmpty })
        try Golden.check(mark.drawn(over: scene.canvas), named: "lost-mark-scoreboard-640x400")
    }
}
