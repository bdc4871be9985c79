import FlipClockCore
import Testing

@testable import FlipClockControl

/// What a page needs to count a game's clocks on its own, in the JSON form beside the
/// reading; the text form stays as it was.
@Suite struct GameCountTests {
    static let count = GameCount(
        clockMilliseconds: 598_750, clockCounting: .down, tenthsBelow: 60, shotMilliseconds: 22_750, shotCounting: .down, shotTenthsBelow: 5,
        at: WallInstant(nanosecondsSince1970: 1_795_000_001_250_400_000))

    @Test func theJSONFormHasTheClocksMillisecondsHowTheyRunAndTheInstantToTheMillisecond() {
        let reading = GameReading(
            period: 1, phase: "play", clock: "09:59", shot: "23", running: true, undoable: 1, resets: [24, 14], count: Self.count)
        #expect(
            ControlReply.game(reading).line(json: true)
                == #"{"game":{"at":1795000001.25,"clock":"09:59","clock_counts":"down","clock_ms":598750,"period":1,"phase":"play","resets":[24,14],"running":true,"shot":"23","shot_counts":"down","shot_ms":22750,"shot_tenths_below":5,"tenths_below":60,"undo":1},"ok":true}"#
        )
        #expect(ControlReply.game(reading).line(json: false) == "OK period=1 play clock=09:59 shot=23 running undo=1")
    }

    @Test func withoutAShotClockTheShotsKeysAreLeftOut() {
        let count = GameCount(clockMilliseconds: 61_000, clockCounting: .up, tenthsBelow: 0, at: WallInstant(unixSeconds: 1_795_000_000))
        let reading = GameReading(period: 2, phase: "play", clock: "01:01", shot: nil, running: true, undoable: 0, count: count)
        #expect(
            ControlReply.game(reading).line(json: true)
                == #"{"game":{"at":1795000000,"clock":"01:01","clock_counts":"up","clock_ms":61000,"period":2,"phase":"play","running":true,"tenths_below":0,"undo":0},"ok":true}"#
        )
    }
}
