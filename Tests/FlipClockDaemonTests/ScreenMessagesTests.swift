import FlipClockCore
import FlipClockCoreTestKit
import FlipClockTestKit
import Testing

@testable import FlipClockDaemon

/// A screen draws the state's messages, laid out for its own size: one that comes after they
/// were posted (a monitor plugged in) shows them too.
@Suite struct ScreenMessagesTests {
    /// A new screen's picture at `at` with `messages` given at each frame from 0 on.
    func picture(_ messages: PanelReveal, at: Duration) throws -> Canvas? {
        let output = CountingOutput()
        let showing = Showing(reading: ClockReading(time: WallTime(hour: 12, minute: 1, second: 0)), scores: [:], texts: [:])
        let screen = Screen(output: output, face: ClockConfiguration().face(), showing: showing, glyphs: GreyBoxGlyphs(), level: 1)
        var report = ClockLoop.Report()
        for ms in stride(from: 0, through: Int(at.components.seconds) * 1000, by: 200) {
            _ = try screen.frame(at: .milliseconds(ms), messages: messages, pairing: nil, report: &report)
        }
        return output.last
    }

    @Test func aScreenMadeAfterAMessageWasPostedShowsIt() throws {
        var messages = PanelReveal()
        try messages.post(PanelMessage(text: "Tea", hold: .seconds(30), row: 1, height: 0), at: .zero)
        let face = try picture(PanelReveal(), at: .seconds(2))
        let shown = try picture(messages, at: .seconds(2))
        #expect(shown != nil && shown != face, "the panel is open over the face")
    }

    @Test func aMessageThatDoesNotFitAScreenIsNotDrawnOnIt() throws {
        var messages = PanelReveal()
        // The face has one row: row 9 does not lay out here, so this screen shows its face.
        try messages.post(PanelMessage(text: "Tea", hold: .seconds(30), row: 9, height: 0), at: .zero)
        #expect(try picture(messages, at: .seconds(2)) == (try picture(PanelReveal(), at: .seconds(2))))
    }
}
