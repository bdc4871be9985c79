import FlipClockControl
import FlipClockCore
import FlipClockCoreTestKit
import FlipClockTestKit
import Testing

@testable import FlipClockDaemon

/// What a match in sets says on the panel, beside an operator's messages.
@Suite struct SetMessageTests {
    /// A moment with one 640×480 screen to lay messages out on.
    static func moment(_ configuration: ClockConfiguration) -> ClockState.Moment {
        var moment = ClockStateTests.moment
        let glyphs = SolidBlockGlyphs()
        let scene = ClockScene(face: configuration.face(), width: 640, height: 480, showing: moment.reading, glyphs: glyphs)
        moment.screens = [
            ClockState.ScreenShape(
                name: "HDMI-A-1", width: 640, height: 480,
                panel: MessagePanel(layout: scene.renderer.layout, style: configuration.face().style, glyphs: glyphs))
        ]
        return moment
    }

    /// A reload starts the panel's numbers again: what the match said before it is forgotten,
    /// so its next message withdraws none of an operator's (it withdrew "Cake", the operator's
    /// second message, which had the number its own waiting one had before the reload).
    @Test func aReloadForgetsWhatTheMatchSaid() throws {
        var configuration = ClockConfiguration()
        configuration.sets = SetSettings()
        var state = ClockState(configuration: configuration)
        let moment = Self.moment(configuration)
        for _ in 0..<25 { _ = state.handle(.point(.point(.home)), at: moment) }
        _ = state.handle(.point(.timeout(.away)), at: moment)
        #expect(
            state.handle(.listMessages, at: moment).reply.line(json: false)
                == #"OK 1 shown "Set home 25-0. Change ends" for 30s row 1, 2 waiting "Timeout away" for 30s row 1"#)
        state.reconfigure(configuration)
        _ = state.handle(try ControlRequest.parse(#"message "Tea" for 5s"#), at: moment)
        _ = state.handle(try ControlRequest.parse(#"message "Cake" for 5s"#), at: moment)
        _ = state.handle(.point(.timeout(.home)), at: moment)
        #expect(
            state.handle(.listMessages, at: moment).reply.line(json: false)
                == #"OK 1 shown "Tea" for 5s row 1, 2 waiting "Cake" for 5s row 1, 3 waiting "Timeout home" for 30s row 1"#)
    }
}
