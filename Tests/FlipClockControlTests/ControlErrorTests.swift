import FlipClockCore
import Testing

@testable import FlipClockControl

/// Core's refusals on the wire: each with its code, the reason as Core words it, and for a
/// full queue the request that empties it.
@Suite struct ControlErrorTests {
    @Test(arguments: [
        (MessageError.tooLong, "ERR too-long a message is at most 280 characters"),
        (.tooManyLines(13), "ERR too-long a message is at most 12 lines on this screen; this one takes 13"),
        (.empty, "ERR syntax the message is empty"),
        (.holdOutOfRange, "ERR range a message is shown for 1s to 24h"),
        (.noSuchRow(3, rows: 2), "ERR range row 3: the face has 2 rows"),
        (.cannotDraw("no glyph for U+1F372"), "ERR syntax the message cannot be drawn: no glyph for U+1F372"),
        (.queueFull(capacity: 1), "ERR queue-full 1 message is waiting already; try again later, or clear them (message clear)"),
        (.queueFull(capacity: 8), "ERR queue-full 8 messages are waiting already; try again later, or clear them (message clear)"),
    ])
    func messageRefusals(_ error: MessageError, _ wire: String) {
        #expect(ControlError(error).description == wire)
    }

    @Test(arguments: [
        (ScoreError.unknown("guests", known: ["home", "away"]), "ERR unknown-score \"guests\"; scores are home, away"),
        (.unknown("home", known: []), "ERR unknown-score \"home\"; scores are none (add [[score]] to the configuration)"),
        (.outOfRange("home", value: 100, allowed: 0...99), "ERR range home would be 100; allowed 0...99"),
        (.outOfRange("home", value: nil, allowed: 0...99), "ERR range home would be out of range; allowed 0...99"),
    ])
    func scoreRefusals(_ error: ScoreError, _ wire: String) {
        #expect(ControlError(error).description == wire)
    }
}
