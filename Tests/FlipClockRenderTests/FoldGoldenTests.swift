import FlipClockCore
import FlipClockFont
import Testing

/// Pixel goldens of a real row of cards, 12:59 in the FreeType font, folding away in each of
/// the seed's states: nearly open, half closed, nearly gone.
@Suite struct FoldGoldenTests {
    /// The face at rest, drawn the way the flip's goldens draw it.
    static func face() throws -> FaceRenderer {
        let configuration = ClockConfiguration()
        var renderer = FaceRenderer(
            layout: configuration.layout(width: 480, height: 200),
            values: configuration.time.values(at: WallTime(hour: 12, minute: 59, second: 0)),
            style: configuration.style, glyphs: try FlipGoldenTests.font.get(), perspective: configuration.perspective
        )
        _ = try renderer.draw(renderer.cards.map { CardPicture.resting($0.value) })
        return renderer
    }

    /// The face's row of cards across its whole width, and the row image cut from it.
    static func row(of face: FaceRenderer) -> (rect: DamageRect, image: Canvas) {
        let card = face.layout.slots[0].rect
        let rect = DamageRect(x: 0, y: card.y, width: face.canvas.width, height: card.height)
        return (rect, face.canvas.cropped(to: rect))
    }

    /// The row folded at `openness` as the loop would: its top kept, on the face's background.
    static func folded(_ openness: Double, _ state: PaperFold.State) throws -> Canvas {
        let face = try face()
        let (rect, image) = row(of: face)
        var canvas = Canvas(width: face.canvas.width, height: face.canvas.height, fill: face.canvas[0, 0])
        let fold = PaperFold(
            x: Double(rect.x), top: Double(rect.y), width: Double(rect.width), height: Double(rect.height),
            vanishingX: face.layout.vanishingX, eyeDistance: face.perspective * Double(rect.height),
            openness: openness, state: state
        )
        var renderer = FoldRenderer(lighting: face.lighting)
        renderer.draw(image, fold: fold, into: &canvas, clip: canvas.bounds)
        return canvas
    }

    static let names: [PaperFold.State: String] = [.foldBack: "back", .pinch: "pinch", .foldUp: "up"]

    @Test(arguments: [PaperFold.State.foldBack, .pinch, .foldUp], [0.85, 0.5, 0.15])
    func foldAtOpenness(_ state: PaperFold.State, _ openness: Double) throws {
        try Golden.check(try Self.folded(openness, state), named: "fold-\(Self.names[state]!)-\(Int(openness * 100))")
    }

    @Test(arguments: [PaperFold.State.foldBack, .pinch, .foldUp])
    func anOpenFoldLooksExactlyLikeTheFace(_ state: PaperFold.State) throws {
        let face = try Self.face()
        #expect(Golden.difference(face.canvas, try Self.folded(1, state)) == nil)
    }
}
