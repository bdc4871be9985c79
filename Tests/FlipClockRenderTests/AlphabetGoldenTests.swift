import FlipClockCore
import FlipClockFont
import Testing

/// Zürich, Москва and 東京 as labels of places, on a text row's cards and in a message: Roboto
/// Condensed Bold with Debian's fonts-dejavu-core and fonts-droid-fallback behind it (the
/// CJK glyphs come from Droid Sans Fallback, scaled to Roboto's cap height).
@Suite struct AlphabetGoldenTests {
    static let fonts = Result { try FontChain.open([ClockConfiguration.defaultFontPath, "DejaVu Sans:bold", "Droid Sans Fallback"]) }

    static var world: ClockConfiguration {
        var c = ClockConfiguration()
        c.places = [
            ClockItem(name: "zurich", label: "Zürich", zone: "Europe/Zurich"), ClockItem(name: "moscow", label: "Москва", zone: "Europe/Moscow"),
            ClockItem(name: "tokyo", label: "東京", zone: "Asia/Tokyo"),
        ]
        var board = TextItem(name: "board", cards: 10, text: TextItem.shown("Москва 東京"), alignment: .centre)
        board.widenDrum(with: board.text)
        c.texts = [board]
        c.rowNames = [["zurich", "moscow", "tokyo"], ["board"]]
        return c
    }

    @Test func labelsAndCardsInThreeScripts() throws {
        let reading = ClockReading(
            LayoutGoldenTests.reading.instant, offsets: ["": 0, "Europe/Zurich": 3600, "Europe/Moscow": 3 * 3600, "Asia/Tokyo": 9 * 3600])
        var scene = ClockScene(configuration: Self.world, width: 640, height: 400, showing: reading, glyphs: try Self.fonts.get())
        _ = try scene.frame(at: .zero)
        try Golden.check(scene.canvas, named: "alphabet-world-640x400")
    }

    @Test func aMessageInThreeScripts() throws {
        let c = RevealGoldenTests.configuration
        let glyphs = try Self.fonts.get()
        var face = FaceRenderer(
            layout: c.layout(width: 480, height: 360), values: c.time.values(at: WallTime(hour: 12, minute: 59, second: 0)) + [" ", "3", "1", "2"],
            style: c.style, glyphs: glyphs, perspective: c.perspective
        )
        _ = try face.frame(at: .zero)
        var panel = MessagePanel(layout: face.layout, style: c.style, glyphs: glyphs)
        let message = try panel.laidOut("Zürich, Москва, 東京", for: .seconds(30))
        let picture = RevealPicture(phase: .open, message: message, number: 1, offset: message.height, scroll: 0)
        try Golden.check(try panel.draw(face: face.canvas, damage: [face.canvas.bounds], picture: picture).canvas, named: "alphabet-message")
    }
}
