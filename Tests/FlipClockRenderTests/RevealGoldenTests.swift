import FlipClockCore
import FlipClockFont
import Testing

/// Pixel goldens of the message panel opening under the time on a scoreboard (12:59 over
/// HOME 3, AWAY 12): closed, half open and open, with a short message and a long one that
/// wraps, and one that scrolls; and the frames the daemon would draw, damage only, against
/// each composed from scratch.
@Suite struct RevealGoldenTests {
    static let font = Result { try FontFace(path: ClockConfiguration.defaultFontPath) }
    static let short = "Dinner is ready"
    static let long = "The 18:40 to Edinburgh leaves from platform 4 tonight; change at York"
    static let longer =
        "Rain from four o'clock: bring the washing in, close the skylight, and put the bikes in the shed before you go out for the evening, and leave the porch light on"

    static var configuration: ClockConfiguration {
        var c = ClockConfiguration()
        c.scores = [ScoreItem(name: "home", label: "HOME"), ScoreItem(name: "away", label: "AWAY")]
        return c
    }

    func face() throws -> FaceRenderer {
        let c = Self.configuration
        var face = FaceRenderer(
            layout: c.layout(width: 480, height: 360),
            values: c.time.values(at: WallTime(hour: 12, minute: 59, second: 0)) + [" ", "3", "1", "2"],
            style: c.style, glyphs: try Self.font.get(), perspective: c.perspective
        )
        _ = try face.frame(at: .zero)
        return face
    }

    func panel(_ face: FaceRenderer) throws -> MessagePanel {
        MessagePanel(layout: face.layout, style: Self.configuration.style, glyphs: try Self.font.get())
    }

    func pose(_ text: String, open: Double, scroll: Double = 0) throws -> Canvas {
        let face = try face()
        var panel = try panel(face)
        let message = try panel.laidOut(text, for: .seconds(30))
        let picture = RevealPicture(
            phase: open < 1 ? .opening : .open, message: message, number: 1,
            offset: Int((open * Double(message.height)).rounded()), scroll: scroll
        )
        return try panel.draw(face: face.canvas, damage: [face.canvas.bounds], picture: picture).canvas
    }

    @Test(arguments: ["short", "long"], [50, 100])
    func openBy(_ name: String, _ percent: Int) throws {
        let text = name == "short" ? Self.short : Self.long
        try Golden.check(pose(text, open: Double(percent) / 100), named: "reveal-\(name)-\(percent)")
    }

    @Test func scrolledHalfALine() throws {
        try Golden.check(pose(Self.longer, open: 1, scroll: 0.5), named: "reveal-scroll-50")
    }

    @Test(arguments: [short, long])
    func closedIsTheFaceItself(_ text: String) throws {
        let face = try face()
        #expect(Golden.difference(face.canvas, try pose(text, open: 0)) == nil)
    }

    @Test func aShortMessageIsOneLineALongOneWrapsAndALongerOneScrolls() throws {
        let face = try face()
        let panel = try panel(face)
        let one = try panel.laidOut(Self.short, for: .seconds(30))
        let two = try panel.laidOut(Self.long, for: .seconds(30))
        let many = try panel.laidOut(Self.longer, for: .seconds(30))
        let g = try PanelGeometry(layout: face.layout, row: 1)
        #expect(one.height == g.height(lines: 1) && one.scrollLines == 0)
        #expect(two.height == g.height(lines: 2) && two.scrollLines == 0)
        #expect(many.height == g.height(lines: g.visibleLines) && many.scrollLines > 0)
        // The split is in the gap between the time and the scores.
        #expect(g.split > face.layout.slots[3].rect.maxY && g.split < face.layout.slots[4].rect.y)
    }

    @Test func wrappedLinesFitTheColumnAndKeepEveryWord() throws {
        let font = try Self.font.get()
        let lines = try PanelText.lines(Self.longer, width: 300, pixelSize: 20, glyphs: font)
        #expect(lines.count > 1)
        #expect(try lines.allSatisfy { try font.render($0, pixelSize: 20).advance <= 300 })
        #expect(lines.joined(separator: " ") == Self.longer)
        // A word wider than the column breaks between characters; a line break is kept.
        let broken = try PanelText.lines("x\nSupercalifragilisticexpialidocious", width: 60, pixelSize: 20, glyphs: font)
        #expect(broken.first == "x" && broken.count > 2 && broken.dropFirst().joined() == "Supercalifragilisticexpialidocious")
    }

    /// The frames the daemon draws, each from the face's damage and copied to a "display"
    /// only where the returned damage says, must equal each frame composed from scratch: the
    /// time flipping while the panel opens, holds, scrolls and closes, then the next message.
    @Test func drawingOnlyTheDamageEqualsComposingEverything() throws {
        var face = try face()
        var panel = try panel(face)
        var display = face.canvas
        try panel.post(Self.longer, for: .seconds(3), at: .milliseconds(900))
        try panel.post(Self.short, for: .seconds(1), at: .milliseconds(950))
        face.show(["1", "3", "0", "0", " ", "3", "1", "2"], at: .seconds(1))
        var instant = Duration.milliseconds(850)
        var damaged = 0
        while instant < .seconds(7) {
            let faceDamage = try face.frame(at: instant)
            let (canvas, damage) = try panel.frame(face: face.canvas, damage: faceDamage, at: instant)
            for rect in damage { display.copy(canvas.cropped(to: rect), x: rect.x, y: rect.y, clip: rect) { _ in 255 } }
            damaged += damage.count
            var fresh = try self.panel(face)
            let picture = panel.reveal.picture(at: instant)
            _ = try fresh.draw(face: face.canvas, damage: [face.canvas.bounds], picture: .closed)
            let whole = try fresh.draw(face: face.canvas, damage: [face.canvas.bounds], picture: picture).canvas
            #expect(Golden.difference(whole, display) == nil, "at \(instant), \(picture.phase) offset \(picture.offset)")
            instant += .milliseconds(1000 / 20)
        }
        #expect(damaged > 0)
        #expect(panel.reveal.phase == .closed)
    }
}
