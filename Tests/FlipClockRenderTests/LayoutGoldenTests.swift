import FlipClockCore
import FlipClockFont
import Testing

@testable import FlipClockOutput

/// Whole faces laid out from rows: a world clock with the date and a text row, and a
/// scoreboard with the time between the scores, each fitted to a landscape and a portrait screen.
@Suite struct LayoutGoldenTests {
    /// 2026-11-23 21:59:30 UTC.
    static let reading = ClockReading(
        WallInstant(unixSeconds: CalendarDay(year: 2026, month: 11, day: 23).daysSinceEpoch * 86400 + 21 * 3600 + 59 * 60 + 30),
        offsets: ["": 0, "Asia/Tokyo": 9 * 3600, "Europe/London": 0, "America/New_York": -5 * 3600]
    )

    static var world: ClockConfiguration {
        var c = ClockConfiguration()
        c.places = [
            ClockItem(name: "tokyo", label: "TOKYO", zone: "Asia/Tokyo"), ClockItem(name: "london", label: "LONDON", zone: "Europe/London"),
            ClockItem(name: "new-york", label: "NEW YORK", zone: "America/New_York"),
        ]
        c.date = try! DateItem(format: "%a %d %b")
        c.texts = [TextItem(name: "board", cards: 10, text: "ON TIME", alignment: .centre)]
        c.rowNames = [["tokyo", "london", "new-york"], ["date"], ["board"]]
        return c
    }

    static var scoreboard: ClockConfiguration {
        var c = ClockConfiguration()
        c.clockLabel = "TIME"
        c.scores = [ScoreItem(name: "home", label: "HOME"), ScoreItem(name: "away", label: "GUESTS")]
        c.timers = [TimerItem(name: "shot", label: "SHOT CLOCK", duration: 24)]
        c.style = Theme.highContrast.style
        c.rowNames = [["home", "time", "away"], ["shot"]]
        return c
    }

    @Test(arguments: [("world", 640, 400), ("world", 300, 480), ("scoreboard", 640, 400), ("scoreboard", 300, 480)])
    func aLayoutFitsItsRowsToTheScreen(_ name: String, _ width: Int, _ height: Int) throws {
        var scene = ClockScene(
            configuration: name == "world" ? Self.world : Self.scoreboard, width: width, height: height, showing: Self.reading,
            scores: ["home": 87, "away": 79], glyphs: try FlipGoldenTests.font.get()
        )
        _ = try scene.frame(at: .zero)
        try Golden.check(scene.canvas, named: "layout-\(name)-\(width)x\(height)")
    }

    /// A clock alone on a portrait screen: the hours over the minutes, the cards twice as tall
    /// as in one line.
    @Test func aClockAloneIsStackedOnAPortraitScreen() throws {
        var scene = ClockScene(
            configuration: ClockConfiguration(), width: 480, height: 800, showing: Self.reading, glyphs: try FlipGoldenTests.font.get())
        _ = try scene.frame(at: .zero)
        try Golden.check(scene.canvas, named: "layout-clock-480x800")
    }

    /// The world clock as a 16 bpp panel shows it: dithered as fbdev draws it, cut to 5-6-5
    /// and each channel's top bits repeated into its low ones.
    @Test func aSixteenBitPanelShowsTheWorldClockDithered() throws {
        var scene = ClockScene(
            configuration: Self.world, width: 640, height: 400, showing: Self.reading, glyphs: try FlipGoldenTests.font.get())
        _ = try scene.frame(at: .zero)
        var shown = Canvas(width: 640, height: 400)
        RGB565.dither(scene.canvas, scene.canvas.bounds, into: &shown)
        shown.pixels = shown.pixels.map { RGB565.shown(FBDevOutput.rgb565($0)) }
        try Golden.check(shown, named: "rgb565-world-640x400")
    }
}
