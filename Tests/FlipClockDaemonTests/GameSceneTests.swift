import FlipClockCore
import FlipClockCoreTestKit
import Testing

/// A clock in tenths on the face: each tenth is shown, its cards flipping in 90 ms.
@Suite struct GameSceneTests {
    @Test func eachTenthIsShownNotTheNewestAfterAWholeFlip() throws {
        var c = ClockConfiguration()
        c.game = GameSettings()
        c.rowNames = [["game"]]
        var scene = ClockScene(
            configuration: c, width: 320, height: 120, showing: ClockReading(WallInstant(unixSeconds: 0)), glyphs: GreyBoxGlyphs())
        _ = try scene.frame(at: .zero)
        var shown: [String] = []
        for k in 0..<10 {
            let now = Duration.milliseconds(100 * k)
            scene.setGame(["game": "9.\(9 - k)"], at: now)
            _ = try scene.frame(at: now + .milliseconds(95))
            // Resting on it 95 ms after it was asked for: no flap left turning.
            let pictures = scene.renderer.pictures(at: now + .milliseconds(95))
            shown.append(pictures.allSatisfy { $0.flap == nil } ? pictures.map(\.top).joined() : "turning")
        }
        #expect(shown == (0..<10).map { "9.\(9 - $0)" })
    }
}
