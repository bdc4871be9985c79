import FlipClockControl
import FlipClockCore

/// What a payload on one of the clock's command topics asks for, read by the socket's rules
/// (its errors are the socket's): a ``ControlRequest``, or what only MQTT has (the screen on at
/// its last brightness).
enum MQTTCommand: Equatable {
    case request(ControlRequest)
    /// `ON`: the screen lit as it last was.
    case screenOn

    /// The command topics below a base (a clock's own, a group's), as subscribed to.
    static let topics = [
        "score/+/set", "text/+/set", "timer/+/set", "screen/set", "screen/brightness/set", "message/set", "message/seconds/set",
        "message/retract", "point/set", "countdown/+/set", "face/set",
    ]

    /// The largest payload taken, in bytes (the broker is told, and sends nothing larger).
    static let maximumPayload = ControlRequest.maximumLength

    /// The command `payload` on `topic` (below the base topic: `score/home/set`) asks for; a
    /// message without its own duration shows for `messageSeconds`.
    static func parse(topic: String, payload: [UInt8], messageSeconds: Int) throws(ControlError) -> MQTTCommand {
        guard payload.count <= maximumPayload else {
            throw ControlError(.tooLong, "the payload is \(payload.count) bytes; at most \(maximumPayload)")
        }
        guard let text = String(validating: payload, as: UTF8.self) else { throw ControlError(.syntax, "the payload is not UTF-8") }
        let parts = topic.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        switch (parts.count, parts.first, parts.last) {
        case (3, "score", "set"): return .request(try score(parts[1], text))
        case (3, "text", "set"): return .request(.text(name: parts[1], text: text))
        case (3, "timer", "set"): return .request(try timer(parts[1], text))
        case (2, "screen", "set"):
            switch text.trimmingWhitespace {
            case "ON": return .screenOn
            case "OFF": return .request(.screen(brightness: 0))
            default: throw ControlError(.syntax, "\"\(text.prefix(64))\" is not ON or OFF")
            }
        case (3, "screen", "set") where parts[1] == "brightness":
            // Home Assistant's slider: 0 is off, and a float may come for a whole number.
            guard let percent = whole(text) else { return .request(.screen(brightness: try RequestField.brightness(text.trimmingWhitespace))) }
            return .request(.screen(brightness: percent == 0 ? 0 : try RequestField.brightness(String(percent))))
        case (2, "message", "set"): return .request(try message(text, seconds: messageSeconds))
        case (2, "message", "retract"): return .request(.retractMessage(name: try RequestField.messageName(text.trimmingWhitespace)))
        case (3, "message", "set") where parts[1] == "seconds":
            // A setting the clock keeps, not a message: HA's number entity, in seconds.
            guard let seconds = whole(text), (try? RequestField.messageSeconds(seconds)) != nil else {
                throw ControlError(.range, "\"\(text.prefix(64))\" is not a number of seconds 1...86400")
            }
            return .request(.messageSeconds(seconds))
        case (2, "point", "set"):
            // The words of flipclockctl point: home, away, undo, timeout away.
            return .request(.point(try PointCommand.parse(text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init))))
        case (3, "countdown", "set"):
            // The words of flipclockctl countdown after the name; a moment alone counts to it.
            var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
            if words.count == 1, words[0] != "reset" { words.insert("to", at: 0) }
            return .request(try ControlRequest.parse((["countdown", parts[1]] + words).joined(separator: " ")))
        case (2, "face", "set"):
            // The words of flipclockctl face: morning, morning for 10m, auto.
            let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
            return .request(try ControlRequest.parse((["face"] + words).joined(separator: " ")))
        default:
            throw ControlError(.unknownCommand, "\(topic.prefix(128)) is not a command topic")
        }
    }

    /// `3` (set), `+1` or `-2` (add, subtract), `reset`.
    private static func score(_ name: String, _ text: String) throws(ControlError) -> ControlRequest {
        let word = text.trimmingWhitespace
        if word == "reset" { return .score(.reset, [(name, 0)]) }
        if let sign = word.first, sign == "+" || sign == "-", let n = whole(String(word.dropFirst())) {
            return .score(sign == "+" ? .add : .subtract, [(name, n)])
        }
        guard let n = whole(word) else {
            throw ControlError(.syntax, "\"\(text.prefix(64))\" is not a score: a whole number, +N, -N or reset")
        }
        return .score(.set, [(name, n)])
    }

    /// `start`, `start 25m`, `start at 15:30`, `pause`, `resume`, `reset`: the socket's
    /// `timer ACTION NAME …` with the name from the topic.
    private static func timer(_ name: String, _ text: String) throws(ControlError) -> ControlRequest {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let action = words.first, ControlRequest.TimerAction(rawValue: String(action)) != nil, !text.contains("\n") else {
            throw ControlError(.syntax, "\"\(text.prefix(64))\" is not start [DURATION | at HH:MM], pause, resume or reset")
        }
        return try ControlRequest.parse((["timer", String(action), name] + words.dropFirst().map(String.init)).joined(separator: " "))
    }

    /// A text, or a JSON object as the HTTP API takes a message (`text`, and maybe `duration`,
    /// `row`, `name` and `urgent`); `seconds` where it gives no duration.
    private static func message(_ text: String, seconds: Int) throws(ControlError) -> ControlRequest {
        guard text.first == "{" else {
            return .message(text: try RequestField.messageText(text), seconds: seconds, row: nil)
        }
        guard var object = ControlJSON.object(text) else { throw ControlError(.syntax, "the payload is not a JSON object") }
        if object["duration"] == nil { object["duration"] = .integer(seconds) }
        return try ControlJSON.parse(command: "message", fields: [:], body: ControlJSON.line(.object(object)))
    }

    /// A whole number, written `3` or `3.0` (Home Assistant's numbers are floats).
    private static func whole(_ text: String) -> Int? {
        let word = text.trimmingWhitespace
        guard word.count <= 12 else { return nil }
        if let n = Int(word) { return n }
        guard let d = Double(word), d == d.rounded(), abs(d) < 1e9 else { return nil }
        return Int(d)
    }
}
