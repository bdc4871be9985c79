import FlipClockCoreTestKit
import Testing

@testable import FlipClockCore

@Suite struct ClockSceneTests {
    func scene(_ change: ScoreItem.Change) -> ClockScene {
        var c = ClockConfiguration()
        c.scores = [
            ScoreItem(name: "home", label: "HOME", digits: 2, change: change), ScoreItem(name: "away", label: "AWAY", digits: 2, change: change),
        ]
        return ClockScene(
            configuration: c, width: 640, height: 400, showing: ClockReading(time: WallTime(hour: 12, minute: 0, second: 0)), scores: ["home": 3],
            glyphs: SolidBlockGlyphs())
    }

    /// The values the home score's cards turn to, in order (a turning card's static top
    /// already shows the value it turns to), sampled every 5 ms; and whether they came to rest.
    func landings(_ s: inout ClockScene, until end: Duration) throws -> [String] {
        var seen: [String] = []
        var t = Duration.zero
        while t <= end {
            _ = try s.frame(at: t)
            let home = s.renderer.pictures(at: t)[4...5].map(\.top).joined()
            if seen.last != home { seen.append(home) }
            t += .milliseconds(5)
        }
        #expect(!s.isMoving(at: end))
        return seen
    }

    @Test func scoresSitInARowUnderTheTimeWithTheirLabels() {
        let s = scene(.step)
        let slots = s.renderer.layout.slots
        #expect(slots.count == 8)
        #expect(slots[4].rect.y > slots[0].rect.maxY)
        #expect(s.renderer.layout.labels.map(\.text) == ["HOME", "AWAY"])
        #expect(s.renderer.layout.labels[0].rect.y > slots[4].rect.maxY)
        #expect(s.renderer.pictures(at: .zero).map(\.top) == ["1", "2", "0", "0", "", "3", "", "0"])
    }

    @Test func aSteppingScoreShowsEveryValueOnTheWay() throws {
        var s = scene(.step)
        #expect(s.renderer.pictures(at: .zero)[4...5].map(\.top).joined() == "3")
        s.setScores(["home": 7], at: .zero)
        let seen = try landings(&s, until: .seconds(5))
        #expect(seen == ["4", "5", "6", "7"])
        #expect(s.shownScores == ["home": 7, "away": 0])
    }

    @Test func aFlippingScoreGoesStraightToTheValue() throws {
        var s = scene(.flip)
        s.setScores(["home": 12, "away": 99], at: .zero)
        let seen = try landings(&s, until: .seconds(5))
        #expect(seen == ["12"])
        #expect(s.shownScores == ["home": 12, "away": 99])
    }

    /// A text row of two cards under the time, showing `text` first.
    func board(_ change: TextItem.Change, showing text: String) -> ClockScene {
        var c = ClockConfiguration()
        var board = TextItem(name: "board", cards: 2, text: text)
        board.change = change
        c.texts = [board]
        return ClockScene(
            configuration: c, width: 640, height: 400, showing: ClockReading(time: WallTime(hour: 12, minute: 0, second: 0)),
            glyphs: SolidBlockGlyphs())
    }

    /// What the text cards show at rest or turn to, every 5 ms until `end`, each change once.
    func boardLandings(_ s: inout ClockScene, until end: Duration) throws -> [String] {
        var seen: [String] = []
        var t = Duration.zero
        while t <= end {
            _ = try s.frame(at: t)
            let cards = s.renderer.pictures(at: t)[4...5].map { $0.top.isEmpty ? "_" : $0.top }.joined()
            if seen.last != cards { seen.append(cards) }
            t += .milliseconds(5)
        }
        #expect(!s.isMoving(at: end))
        return seen
    }

    @Test func aSplitFlapCardStepsThroughItsDrum() throws {
        var s = board(.step, showing: "AY")
        s.setTexts(["board": "D1"], at: .zero)
        // Each card turns on its own: A→B→C→D; Y→Z→0→1, blank-free as the drum holds them.
        #expect(try boardLandings(&s, until: .seconds(3)) == ["BZ", "C0", "D1"])
        // The drum's last card (after the signs and Vestaboard's colour chips) turns to the blank.
        #expect(TextItem.step(from: "*", toward: "A") == "$")
        #expect(TextItem.step(from: "█", toward: "A") == "")
        #expect(TextItem.step(from: "", toward: "A") == "A")
    }

    /// Past the signs a widened drum goes on with the row's own characters, by code point,
    /// then round to the blank: █ (the last colour chip) → Ä → Ö → Ж → blank → A.
    @Test(arguments: [("█Ä", "ЖÖ", ["ÄÖ", "ÖÖ", "ЖÖ"]), ("ЖÖ", "A", ["_Ж", "A_"])])
    func aCardStepsOnThroughTheCharactersItsRowAdds(_ from: String, _ to: String, _ landings: [String]) throws {
        var c = ClockConfiguration()
        var board = TextItem(name: "board", cards: 2, text: from)
        board.widenDrum(with: "Жöä")
        c.texts = [board]
        var s = ClockScene(
            configuration: c, width: 640, height: 400, showing: ClockReading(time: WallTime(hour: 12, minute: 0, second: 0)),
            glyphs: SolidBlockGlyphs())
        s.setTexts(["board": to], at: .zero)
        #expect(try boardLandings(&s, until: .seconds(3)) == landings)
    }

    @Test func aFlippingTextCardGoesStraightToItsCharacter() throws {
        var s = board(.flip, showing: "AY")
        s.setTexts(["board": "D1"], at: .zero)
        #expect(try boardLandings(&s, until: .seconds(3)) == ["D1"])
    }
}
