import FlipClockCoreTestKit
import Synchronization
import Testing

@testable import FlipClockCore

/// The panel over a face, as the daemon drives it: what it refuses, and what each frame
/// damages (nothing at all while the panel is held open over a still face).
@Suite struct MessagePanelTests {
    func face() throws -> FaceRenderer {
        var c = ClockConfiguration()
        c.scores = [ScoreItem(name: "home", label: "HOME"), ScoreItem(name: "away", label: "AWAY")]
        var face = FaceRenderer(
            layout: c.layout(width: 320, height: 240), values: ["1", "2", "0", "0", " ", "3", " ", "1"],
            style: c.style, glyphs: SolidBlockGlyphs()
        )
        _ = try face.frame(at: .zero)
        return face
    }

    @Test func refusesWhatItCannotShowWithAReason() throws {
        var panel = MessagePanel(layout: try face().layout, style: .classic, glyphs: SolidBlockGlyphs(), capacity: 1)
        #expect(throws: MessageError.noSuchRow(3, rows: 2)) { try panel.post("hi", for: .seconds(5), row: 3, at: .zero) }
        #expect(throws: MessageError.empty) { try panel.post(" \n ", for: .seconds(5), at: .zero) }
        #expect(throws: MessageError.holdOutOfRange) { try panel.post("hi", for: .milliseconds(999), at: .zero) }
        try panel.post("one", for: .seconds(5), row: 2, at: .zero)
        try panel.post("two", for: .seconds(5), at: .zero)
        #expect(throws: MessageError.queueFull(capacity: 1)) {
            try panel.post("three", for: .seconds(5), at: .zero)
        }
    }

    /// Messages that froze the loop for 41 s (8,000 characters) or held gigabytes of panel
    /// image (2,000 line breaks) are refused before any layout.
    @Test func longMessagesAreRefusedBeforeTheirLayout() throws {
        var panel = MessagePanel(layout: try face().layout, style: .classic, glyphs: SolidBlockGlyphs())
        let tooLong = MessageError.tooLong
        #expect(throws: tooLong) { try panel.post(String(repeating: "W", count: 8000), for: .seconds(3), at: .zero) }
        #expect(throws: tooLong) { try panel.post(String(repeating: "\n", count: 2000) + "x", for: .seconds(3), at: .zero) }
        #expect(throws: MessageError.tooManyLines(13)) {
            try panel.post((1...13).map(String.init).joined(separator: "\n"), for: .seconds(3), at: .zero)
        }
        let longest = String(repeating: "x", count: 280)
        #expect(throws: Never.self) { try PanelMessage.checkLength(longest) }
        #expect(throws: tooLong) { try PanelMessage.checkLength(longest + "x") }
        #expect(panel.reveal.phase == .closed)
    }

    @Test(arguments: [
        (MessageError.tooLong, "a message is at most 280 characters"),
        (.tooManyLines(13), "a message is at most 12 lines on this screen; this one takes 13"),
        (.empty, "the message is empty"),
        (.holdOutOfRange, "a message is shown for 1s to 24h"),
        (.noSuchRow(3, rows: 2), "row 3: the face has 2 rows"),
        (.noSuchRow(2, rows: 1), "row 2: the face has 1 row"),
        (.cannotDraw("no glyph for U+1F372"), "the message cannot be drawn: no glyph for U+1F372"),
        (.queueFull(capacity: 1), "1 message is waiting already; try again later, or clear them"),
        (.queueFull(capacity: 2), "2 messages are waiting already; try again later, or clear them"),
    ])
    func eachRefusalSaysWhy(_ error: MessageError, _ reason: String) {
        #expect(error.description == reason)
    }

    /// Whether a message would find room is asked of the panel before it is laid out.
    @Test func roomIsCheckedAtTheInstantOfPosting() throws {
        var panel = MessagePanel(layout: try face().layout, style: .classic, glyphs: SolidBlockGlyphs(), capacity: 1)
        try panel.post("one", for: .seconds(5), at: .zero)
        try panel.post("two", for: .seconds(5), at: .zero)
        #expect(throws: MessageError.queueFull(capacity: 1)) {
            try panel.reveal.checkRoom(at: .seconds(1))
        }
        // Once the first has closed (0.5 s opening, 5 s open, 0.5 s closing) there is room again.
        #expect(throws: Never.self) { try panel.reveal.checkRoom(at: .seconds(7)) }
    }

    /// A font without the character asked for, as FreeType's is for most emoji.
    struct ASCIIGlyphs: GlyphSource {
        struct Missing: Error, CustomStringConvertible { var description: String }
        func render(_ text: String, pixelSize: Int) throws -> GlyphRun {
            if let c = text.unicodeScalars.first(where: { !$0.isASCII }) {
                throw Missing(description: "no glyph for U+\(String(c.value, radix: 16, uppercase: true))")
            }
            return try SolidBlockGlyphs().render(text, pixelSize: pixelSize)
        }
    }

    /// Glyphs that count the runs they draw.
    final class CountingGlyphs: GlyphSource {
        let drawn = Mutex(0)
        func render(_ text: String, pixelSize: Int) throws -> GlyphRun {
            drawn.withLock { $0 += 1 }
            return try SolidBlockGlyphs().render(text, pixelSize: pixelSize)
        }
        func advance(_ text: String, pixelSize: Int) throws -> Int {
            try SolidBlockGlyphs().render(text, pixelSize: pixelSize).advance
        }
    }

    /// Wrapping measures candidate lines and draws none: drawing each to measure it made 280
    /// replacement characters (bytes that are not UTF-8) hold the loop for 0.34 s (the message
    /// fuzzer's timeout); only the lines kept are drawn, once, with the capital that sets the baseline.
    @Test func wrappingDrawsOnlyTheLinesKept() throws {
        let glyphs = CountingGlyphs()
        var panel = MessagePanel(layout: try face().layout, style: .classic, glyphs: glyphs)
        let text = String(repeating: "\u{FFFD}", count: 280)
        let lines = try PanelText.lines(text, width: 100, pixelSize: 10, glyphs: glyphs)
        #expect(lines.count > 1)
        #expect(glyphs.drawn.withLock { $0 } == 0)
        let message = try panel.laidOut("Dinner is ready, and the soup is hot: come down now", for: .seconds(5))
        #expect(glyphs.drawn.withLock { $0 } == 0)
        try panel.post(message, at: .zero)
        let geometry = try PanelGeometry(layout: panel.layout, row: 1)
        let shown = try PanelText.lines(message.text, width: geometry.textWidth, pixelSize: geometry.pixelSize, glyphs: glyphs)
        #expect(shown.count > 1)
        #expect(glyphs.drawn.withLock { $0 } == shown.count + 1)
    }

    /// A clock alone on a portrait screen is one row stacked in two lines, the hours over the
    /// minutes, with no room under it: its panel opens between the lines at the text's own
    /// size, and a second row is refused as on any face of one row.
    @Test func aStackedClocksPanelOpensBetweenItsLines() throws {
        let layout = ClockConfiguration().layout(width: 480, height: 800)
        let lines = layout.lineBounds
        #expect(lines.count == 2 && layout.rowBounds.count == 1)
        let geometry = try PanelGeometry(layout: layout, row: 1)
        #expect(geometry.split > lines[0].maxY && geometry.split < lines[1].y)
        #expect(geometry.pixelSize == Int((Double(layout.slots[0].rect.height) * 0.2).rounded()))
        #expect(throws: MessageError.noSuchRow(2, rows: 1)) { try PanelGeometry(layout: layout, row: 2) }
        // On a landscape screen the row has room under it, and the panel opens there.
        let wide = ClockConfiguration().layout(width: 800, height: 480)
        #expect(try PanelGeometry(layout: wide, row: 1).split > wide.rowBounds[0].maxY)
    }

    @Test func aTextTheFontCannotDrawIsRefused() throws {
        var panel = MessagePanel(layout: try face().layout, style: .classic, glyphs: ASCIIGlyphs())
        #expect(throws: MessageError.cannotDraw("no glyph for U+1F372")) { try panel.post("Soup \u{1F372}", for: .seconds(5), at: .zero) }
        #expect(panel.reveal.phase == .closed)
    }

    @Test func framesDamageOnlyWhatMoves() throws {
        let face = try face()
        var panel = MessagePanel(layout: face.layout, style: .classic, glyphs: SolidBlockGlyphs())
        let split = try PanelGeometry(layout: face.layout, row: 1).split
        let below = DamageRect(x: 0, y: split, width: 320, height: 240 - split)
        let card = face.layout.slots[0].rect
        // Closed: the face's own canvas and damage go straight through.
        let closed = try panel.frame(face: face.canvas, damage: [card], at: .zero)
        #expect(closed.canvas == face.canvas && closed.damage == [card])
        try panel.post("Dinner is ready", for: .seconds(5), at: .seconds(1))
        // Opening: everything under the split changes.
        let opening = try panel.frame(face: face.canvas, damage: [], at: .milliseconds(1200))
        #expect(opening.damage == [below])
        #expect(opening.canvas != face.canvas)
        _ = try panel.frame(face: face.canvas, damage: [], at: .milliseconds(1500))
        // Held open over a still face: nothing to draw, and nothing until it closes.
        #expect(try panel.frame(face: face.canvas, damage: [], at: .seconds(3)).damage == [])
        #expect(!panel.isMoving(at: .seconds(3)))
        #expect(panel.nextChange(after: .seconds(3)) == .milliseconds(6500))
        // A card above the split changes as it is; one below, shifted down by the panel.
        let lower = face.layout.slots[5].rect
        let offset = panel.reveal.offset(at: .seconds(4))
        let held = try panel.frame(face: face.canvas, damage: [card, lower], at: .seconds(4))
        #expect(held.damage.contains(card))
        #expect(
            held.damage.contains(DamageRect(x: lower.x, y: lower.y + offset, width: lower.width, height: min(lower.height, 240 - lower.y - offset))))
        // Closed again: the face's canvas, and its rows under the split to uncover.
        let last = try panel.frame(face: face.canvas, damage: [], at: .seconds(7))
        #expect(last.canvas == face.canvas && last.damage == [below])
        #expect(try panel.frame(face: face.canvas, damage: [], at: .seconds(8)).damage == [])
        #expect(panel.nextChange(after: .seconds(8)) == nil)
    }
}
