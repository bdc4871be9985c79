import FlipClockControl
import FlipClockCore
import Testing

@testable import FlipClockDaemon

/// `sound on|off`: its two forms, and what the state makes of it with `[sound]` and without.
@Suite struct SoundRequestTests {
    @Test func soundOnAndOffReadInBothFormsAndWriteBack() throws {
        #expect(try ControlRequest.parse("sound off") == .sound(on: false))
        #expect(try ControlRequest.parse("sound on") == .sound(on: true))
        #expect(ControlRequest.sound(on: false).line == "sound off")
        #expect(try ControlJSON.parse(#"{"command":"sound","power":"off"}"#) == .sound(on: false))
        #expect(ControlJSON.line(.sound(on: true)) == #"{"command":"sound","power":"on"}"#)
        #expect(throws: ControlError(.syntax, "sound takes on or off")) { try ControlRequest.parse("sound loud") }
        #expect(throws: ControlError(.syntax, #"sound takes "power": "on" or "off""#)) { try ControlJSON.parse(#"{"command":"sound","power":1}"#) }
        #expect(ControlReply.sound(on: false).line(json: false) == "OK sound=off")
        #expect(ControlReply.sound(on: true).line(json: true) == #"{"ok":true,"sound":"on"}"#)
    }

    @Test func soundOffIsKeptAndSavedWithSoundAndRefusedWithout() {
        var configuration = ClockStateTests.configuration
        var silent = ClockState(configuration: configuration)
        let refused = silent.handle(.sound(on: false), at: ClockStateTests.moment)
        #expect(
            refused.reply.line(json: false)
                == #"ERR state the clock has no sound: add [sound] to the configuration (see the README, "Sound")"#)
        configuration.sound = SoundSettings()
        var state = ClockState(configuration: configuration)
        let off = state.handle(.sound(on: false), at: ClockStateTests.moment)
        #expect(off.reply == .sound(on: false) && off.saves && off.change == .none)
        #expect(!state.soundOn)
        _ = state.handle(.sound(on: true), at: ClockStateTests.moment)
        #expect(state.soundOn)
    }
}
