import FlipClockCore

/// One check per field of a request, whichever grammar it came in (the socket's text and JSON
/// forms, the HTTP API's paths and bodies, MQTT's plain payloads): a field's form and bounds
/// are checked here, once, and refused in the same words. What a value means to the clock (a
/// name it has, a score in its item's range, a message that fits a screen) is `ClockState`'s.
///
/// A value is taken as it was written (a JSON number or string as its text), so an error names
/// it the same way: at most 64 characters of it.
public enum RequestField {
    /// A message's text: at most ``PanelMessage/longest`` characters (counted no further), and
    /// not only blanks and line breaks.
    public static func messageText(_ text: String) throws(ControlError) -> String {
        do throws(MessageError) {
            try PanelMessage.checkLength(text)
            guard text.contains(where: { !$0.isWhitespace }) else { throw .empty }
        } catch {
            throw ControlError(error)
        }
        return text
    }

    /// How long a message shows, written `30s`, `5m`, `1h30m`, `MM:SS` or in seconds: 1 s to 24 h.
    public static func messageSeconds(_ written: String) throws(ControlError) -> Int {
        guard let seconds = TimerItem.parseDuration(written) else {
            throw ControlError(.syntax, "\"\(written.prefix(64))\" is not a duration (30s, 5m, 1h30m, MM:SS)")
        }
        return try messageSeconds(seconds)
    }

    /// `seconds` if a message may show that long: 1 s to 24 h.
    public static func messageSeconds(_ seconds: Int) throws(ControlError) -> Int {
        guard PanelMessage.holds.contains(.seconds(seconds)) else { throw ControlError(MessageError.holdOutOfRange) }
        return seconds
    }

    /// A message's name (what a later message of the name replaces, and a retraction names): 1
    /// to 32 letters, digits, `-` and `_`, so it may stand in an MQTT topic and a URL path.
    public static func messageName(_ written: String) throws(ControlError) -> String {
        guard Name.isValid(written)
        else { throw ControlError(.syntax, "\"\(written.prefix(64))\" is not a message's name; write \(Name.rule)") }
        return written
    }

    /// The row of cards a message opens under: a whole number from 1 (whether the face has it
    /// is the state's to say).
    public static func row(_ written: String) throws(ControlError) -> Int {
        guard let row = Int(written), row >= 1 else { throw ControlError(.syntax, "\"\(written.prefix(64))\" is not a row; rows count from 1") }
        return row
    }

    /// A screen's brightness, a percentage 1...100 (off is a word of its own in each grammar):
    /// the level it is set to, 0.01...1.
    public static func brightness(_ written: String) throws(ControlError) -> Double {
        let reason = "\"\(written.prefix(64))\" is not a brightness: a percentage 1...100, or off"
        guard let percent = Int(written) else { throw ControlError(.syntax, reason) }
        guard (1...100).contains(percent) else { throw ControlError(.range, reason) }
        return Double(percent) / 100
    }

    /// A timer's duration, written as a message's is: up to 99:59.
    public static func timerDuration(_ written: String) throws(ControlError) -> Int {
        guard let seconds = TimerItem.parseDuration(written), seconds <= TimerItem.longest else {
            throw ControlError(.syntax, "\"\(written.prefix(64))\" is not a duration up to 99:59 (25m, 1h30m, 90s, MM:SS)")
        }
        return seconds
    }
}

extension JSONValue {
    /// The value as a request writes it: a string as it is, anything else as its JSON text.
    var written: String { string ?? ControlJSON.line(self) }
}
