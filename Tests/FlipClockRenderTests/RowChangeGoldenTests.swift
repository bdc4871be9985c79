import FlipClockFont
import Testing

@testable import FlipClockCore

/// A reload that switches seconds on and adds a row of scores: the old time row folds away,
/// the new one and the scores unfold, and the face moves to its new layout.
@Suite struct RowChangeGoldenTests {
    static let reading = ClockReading(time: WallTime(hour: 12, minute: 34, second: 56))

    func face(_ configuration: ClockConfiguration) throws -> ClockScene {
        var scene = ClockScene(
            configuration: configuration, width: 480, height: 300, showing: Self.reading, scores: ["home": 3, "away": 12],
            glyphs: try FlipGoldenTests.font.get()
        )
        _ = try scene.frame(at: .zero)
        return scene
    }

    func change() throws -> (RowChange, before: Canvas, after: Canvas) {
        var old = ClockConfiguration()
        old.scores = [ScoreItem(name: "home", label: "HOME"), ScoreItem(name: "away", label: "AWAY")]
        old.rowNames = [["time"]]
        var new = old
        new.time.format = .hoursMinutesSeconds
        new.rowNames = [["time"], ["home", "away"]]
        let before = try face(old), after = try face(new)
        let change = try #require(
            RowChange(
                from: before.canvas, before.renderer.layout, rows: before.rows, to: after.canvas, after.renderer.layout, rows: after.rows,
                background: old.style.background.pixel, perspective: old.perspective, lighting: CardLighting(), at: .zero
            ))
        return (change, before.canvas, after.canvas)
    }

    @Test(arguments: [25, 50, 75])
    func rowsFoldAndMove(_ percent: Int) throws {
        var (change, _, _) = try change()
        change.frame(at: change.duration * percent / 100)
        try Golden.check(change.canvas, named: "rows-\(percent)")
    }

    @Test func theChangeStartsAtTheOldFaceAndEndsExactlyAtTheNew() throws {
        var (change, before, after) = try change()
        change.frame(at: .zero)
        #expect(Golden.difference(before, change.canvas) == nil)
        change.frame(at: change.duration)
        #expect(Golden.difference(after, change.canvas) == nil)
        #expect(change.isFinished(at: change.duration))
        #expect(!change.isFinished(at: change.duration / 2))
    }

    /// A frame fills the background only where the last frame drew and this one draws: its
    /// frames drawn one after another at 60 Hz are those of a change that draws only that one.
    @Test func framesDrawnInTurnEqualEachDrawnAlone() throws {
        let (start, _, _) = try change()
        var change = start
        for instant in stride(from: 0, through: Int(start.duration / .milliseconds(1)), by: 16).map(Duration.milliseconds) {
            change.frame(at: instant)
            var alone = start
            alone.frame(at: instant)
            #expect(Golden.difference(alone.canvas, change.canvas) == nil, "at \(instant)")
        }
    }

    @Test func rowsThatStayAreMatchedInOrder() {
        #expect(RowChange.commonRows(["a", "b", "c"], ["a", "x", "c", "d"]).map { [$0.0, $0.1] } == [[0, 0], [2, 2]])
        #expect(RowChange.commonRows(["a", "b"], ["b", "a"]).count == 1)
        #expect(RowChange.commonRows([String](), ["a"]).isEmpty)
    }
}
