import FlipClockCore
import Testing

/// A face of one clock on a portrait screen: the hours over the minutes, twice the size.
@Suite struct PortraitStackTests {
    static func layout(_ format: TimeFormat.Format, label: String = "", width: Int, height: Int) -> FaceLayout {
        var time = TimeFormat()
        time.format = format
        return Face(rows: [[.clock(ClockItem(label: label, time: time))]]).arrangement(width: width, height: height).layout
    }

    /// The distinct top edges of the cards: one per line.
    static func lines(_ layout: FaceLayout) -> [Int] { Set(layout.slots.map(\.rect.y)).sorted() }

    @Test func hoursOverMinutesOnAPortraitScreen() {
        let stacked = Self.layout(.hoursMinutes, width: 480, height: 800)
        let tops = Self.lines(stacked)
        #expect(tops.count == 2)
        #expect(stacked.slots.map(\.rect.y) == [tops[0], tops[0], tops[1], tops[1]])
        // Each line centred, the face centred; the cards about twice as tall as in one row.
        let rect = stacked.slots.map(\.rect)
        #expect(abs((rect[0].x + rect[1].maxX) - 480) <= 1 && abs((rect[2].x + rect[3].maxX) - 480) <= 1)
        #expect(abs((rect[0].y + rect[3].maxY) - 800) <= 2)
        let oneRow = FaceLayout.fit(rows: [Face.layoutRow([.clock(ClockItem())])], width: 480, height: 800)
        #expect(rect[0].height >= 2 * oneRow.slots[0].rect.height - 2, "\(rect[0].height) against \(oneRow.slots[0].rect.height)")
        // One row of the face, one band, however many lines.
        #expect(stacked.rowBands.count == 1 && stacked.rowBands[0].maxY >= rect[3].maxY)
        // Even heights: each card still splits into two equal halves.
        #expect(rect.allSatisfy { $0.height % 2 == 0 })
    }

    @Test func aLandscapeClockStaysInOneRow() {
        #expect(Self.lines(Self.layout(.hoursMinutes, width: 1280, height: 400)).count == 1)
        #expect(Self.lines(Self.layout(.hoursMinutes, width: 1920, height: 1080)).count == 1)
    }

    @Test func secondsStackInThreeLinesAndTheLabelIsUnderTheLast() {
        let layout = Self.layout(.hoursMinutesSeconds, label: "HERE", width: 480, height: 800)
        let tops = Self.lines(layout)
        #expect(tops.count == 3)
        #expect(layout.labels.count == 1)
        let last = layout.slots[4].rect.union(layout.slots[5].rect)
        #expect(layout.labels[0].rect.y > last.maxY && layout.labels[0].rect.x >= last.x - 1 && layout.labels[0].rect.maxX <= last.maxX + 1)
    }

    @Test func aFaceOfSeveralRowsIsNotStacked() {
        let face = Face(rows: [[.clock(ClockItem())], [.clock(ClockItem(name: "b", label: "B"))]])
        let layout = face.arrangement(width: 480, height: 800).layout
        #expect(Self.lines(layout).count == 2 && layout.slots.count == 8)
    }
}
