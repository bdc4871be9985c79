import FlipClockCore
import FoundationEssentials

/// The JSON form of the control protocol, for scripts: a request is one JSON object on a
/// line, `{"command":"score","action":"set","scores":{"home":3,"away":2}}`, and so is the
/// reply, `{"ok":true,"scores":{"home":3,"away":2}}` or `{"ok":false,"code":"range","error":"…"}`.
public enum ControlJSON {
    /// Whether a request or reply line is in the JSON form (a request is answered in its own form).
    public static func isJSON(_ line: String) -> Bool { line.hasPrefix("{") }

    public static func parse(_ line: String) throws(ControlError) -> ControlRequest {
        try parse(JSONValue.object(reading: line))
    }

    /// A request made of `command`, the `fields` an HTTP request's path gives (`"action": "set"`,
    /// `"name": "egg"`) and the fields of `body`, a JSON object or nothing, read as a request line's.
    public static func parse(command: String, fields: [String: String], body: String) throws(ControlError) -> ControlRequest {
        var object: [String: JSONValue] = [:]
        if body.contains(where: { !$0.isWhitespace }) {
            object = try JSONValue.object(reading: body, notAnObject: "the body is not a JSON object")
        }
        for key in ["command"] + fields.keys.sorted() where object[key] != nil {
            throw ControlError(.syntax, "\"\(key)\" comes from the path, not the body")
        }
        object["command"] = .string(command)
        for (key, value) in fields { object[key] = .string(value) }
        return try parse(object)
    }

    static func parse(_ object: [String: JSONValue]) throws(ControlError) -> ControlRequest {
        guard let command = object["command"]?.string else { throw ControlError(.syntax, "\"command\" is missing") }
        switch command {
        case "status": return .status
        case "reload": return .reload
        case "ping": return .ping
        case "score":
            guard let name = object["action"]?.string, let action = ControlRequest.ScoreAction(rawValue: name) else {
                throw ControlError(.syntax, "\"action\" is one of set, add, subtract, reset")
            }
            guard case .object(let scores) = object["scores"] ?? .object([:]) else { throw ControlError(.syntax, "\"scores\" is missing") }
            var pairs: [(name: String, value: Int)] = []
            for key in scores.keys.sorted() {
                guard let value = try scores[key]?.wholeNumber(key) else { throw ControlError(.syntax, "\"\(key)\" is not a whole number") }
                pairs.append((key, value))
            }
            if action != .reset, pairs.isEmpty { throw ControlError(.syntax, "\"scores\" is missing") }
            return .score(action, pairs)
        case "timer":
            guard let name = object["action"]?.string, let action = ControlRequest.TimerAction(rawValue: name),
                let timer = object["name"]?.string
            else { throw ControlError(.syntax, "\"action\" is one of start, pause, resume, reset, with \"name\"") }
            if let at = object["at"] {
                guard action == .start, let text = at.string, let time = WallTime(parsing: text) else {
                    throw ControlError(.syntax, "\"at\" is a time of day \"HH:MM\" or \"HH:MM:SS\", for start")
                }
                return .timerUntil(name: timer, time: time)
            }
            var duration: Int?
            if let d = object["duration"] { duration = try RequestField.timerDuration(d.written) }
            return .timer(action, name: timer, duration: duration)
        case "screen", "display":
            switch (object["power"]?.string, object["brightness"]) {
            case ("off", nil): return .screen(brightness: 0)
            case ("on", nil): return .screen(brightness: 1)
            case (nil, .integer(let percent)?): return .screen(brightness: try RequestField.brightness(String(percent)))
            default: throw ControlError(.syntax, "screen takes \"power\": \"on\" or \"off\", or \"brightness\": 1...100")
            }
        case "sound":
            switch object["power"]?.string {
            case "on": return .sound(on: true)
            case "off": return .sound(on: false)
            default: throw ControlError(.syntax, "sound takes \"power\": \"on\" or \"off\"")
            }
        case "game":
            guard let words = object["do"]?.string else {
                throw ControlError(.syntax, "game needs \"do\": the words of the text form, such as \"start\" or \"add -0.1\"")
            }
            return .game(try GameCommand.parse(words.split(separator: " ").map(String.init)))
        case "point":
            guard let words = object["do"]?.string else {
                throw ControlError(.syntax, "point needs \"do\": the words of the text form, such as \"home\" or \"timeout away\"")
            }
            return .point(try PointCommand.parse(words.split(separator: " ").map(String.init)))
        case "countdown":
            return try ControlRequest.countdown(object)
        case "text":
            if let texts = object["texts"] { return .texts(try textPairs(texts)) }
            guard let name = object["name"]?.string, let text = object["text"]?.string else {
                throw ControlError(.syntax, "text needs \"name\" and \"text\" strings")
            }
            return .text(name: name, text: text)
        case "message":
            return try message(object)
        case "pair":
            return try pair(object)
        case "face":
            return try ControlRequest.face(json: object)
        default:
            throw ControlError(.unknownCommand, "\"\(command)\"; \(ControlRequest.commands)")
        }
    }

    /// `{"command":"message","text":"…","duration":"30s"|30,"row":2,"name":"bins","urgent":true}`,
    /// `{"command":"message","retract":"bins"}`, `{"command":"message","clear":true}`,
    /// `{"command":"message","list":true}` or `{"command":"message","seconds":20}` (the message
    /// seconds, without a text).
    static func message(_ object: [String: JSONValue]) throws(ControlError) -> ControlRequest {
        // Without a text: a message's other keys are not read either.
        if object["text"] == nil, let given = object["seconds"] {
            if let n = given.integer { return .messageSeconds(try RequestField.messageSeconds(n)) }
            return .messageSeconds(try RequestField.messageSeconds(given.written))
        }
        for (key, request) in [("clear", ControlRequest.clearMessages), ("list", .listMessages)] where object[key] != nil {
            guard object[key]?.bool == true, object.keys.filter({ $0 != "command" }).count == 1 else {
                throw ControlError(.syntax, "\"\(key)\" is true, and comes alone")
            }
            return request
        }
        if let given = object["retract"] {
            guard let name = given.string, object.keys.filter({ $0 != "command" }).count == 1 else {
                throw ControlError(.syntax, "\"retract\" is a message's name, and comes alone")
            }
            return .retractMessage(name: try RequestField.messageName(name))
        }
        guard let given = object["text"]?.string else { throw ControlError(.syntax, "\"text\" is missing") }
        let text = try RequestField.messageText(given)
        guard let given = object["duration"] else { throw ControlError(.syntax, "\"duration\" is missing") }
        // A number of seconds, or a duration as the text form writes it.
        let seconds: Int
        if let n = given.integer { seconds = try RequestField.messageSeconds(n) } else { seconds = try RequestField.messageSeconds(given.written) }
        var row: Int?
        if let given = object["row"] { row = try RequestField.row(given.written) }
        var name: String?
        if let given = object["name"] { name = try RequestField.messageName(given.string ?? given.written) }
        var urgent = false
        if let given = object["urgent"] {
            guard let flag = given.bool else { throw ControlError(.syntax, "\"urgent\" is true or false") }
            urgent = flag
        }
        return .message(text: text, seconds: seconds, row: row, name: name, urgent: urgent)
    }

    /// `{"command":"pair","seconds":60,"host":"clock.local"}` (both may be left out) or
    /// `{"command":"pair","stop":true}`.
    static func pair(_ object: [String: JSONValue]) throws(ControlError) -> ControlRequest {
        if object["stop"] != nil {
            guard object["stop"]?.bool == true, object.count == 2 else { throw ControlError(.syntax, "\"stop\" is true, and comes alone") }
            return .stopPairing
        }
        for key in object.keys.sorted() where !["command", "seconds", "host"].contains(key) {
            throw ControlError(.syntax, "pair takes \"seconds\" and \"host\", or \"stop\"; not \"\(key.prefix(64))\"")
        }
        var seconds = ControlRequest.defaultPairingSeconds
        if let given = object["seconds"] {
            guard let n = try given.wholeNumber("seconds") else { throw ControlError(.syntax, "\"seconds\" is a whole number") }
            seconds = try ControlRequest.pairingSeconds(n)
        }
        var host: String?
        if let given = object["host"] {
            guard let name = given.string else { throw ControlError(.syntax, "\"host\" is a string") }
            host = try ControlRequest.pairingHost(name)
        }
        return .pair(seconds: seconds, host: host)
    }

    /// The JSON object on `line` (a request, or a reply the client reads back); `nil` if it is
    /// not one, or nests deeper than ``JSONValue/deepest``.
    public static func object(_ line: String) -> [String: JSONValue]? {
        try? JSONValue.object(reading: line)
    }

    /// The request as one line of the JSON form, which ``parse(_:)`` reads back as it is:
    /// what `flipclockctl --json` sends.
    public static func line(_ request: ControlRequest) -> String {
        var object: [String: JSONValue] = ["command": .string(request.command)]
        switch request {
        case .score(let action, let pairs):
            object["action"] = .string(action.rawValue)
            object["scores"] = .object(Dictionary(pairs.map { ($0.name, .integer($0.value)) }, uniquingKeysWith: { $1 }))
        case .timer(let action, let name, let duration):
            object["action"] = .string(action.rawValue)
            object["name"] = .string(name)
            if let duration { object["duration"] = .integer(duration) }
        case .timerUntil(let name, let time):
            object["action"] = .string("start")
            object["name"] = .string(name)
            object["at"] = .string("\(time)")
        case .text(let name, let text):
            object["name"] = .string(name)
            object["text"] = .string(text)
        case .texts(let pairs):
            object["texts"] = .object(Dictionary(pairs.map { ($0.name, .string($0.text)) }, uniquingKeysWith: { $1 }))
        case .screen(let brightness):
            switch ScreenLevel(brightness) {
            case .off: object["power"] = .string("off")
            case .on: object["power"] = .string("on")
            case .dim(let percent): object["brightness"] = .integer(percent)
            }
        case .sound(let on):
            object["power"] = .string(on ? "on" : "off")
        case let .message(text, seconds, row, name, urgent):
            object["text"] = .string(text)
            object["duration"] = .integer(seconds)
            if let row { object["row"] = .integer(row) }
            if let name { object["name"] = .string(name) }
            if urgent { object["urgent"] = true }
        case .retractMessage(let name):
            object["retract"] = .string(name)
        case .messageSeconds(let seconds):
            object["seconds"] = .integer(seconds)
        case .clearMessages:
            object["clear"] = true
        case .listMessages:
            object["list"] = true
        case .pair(let seconds, let host):
            object["seconds"] = .integer(seconds)
            if let host { object["host"] = .string(host) }
        case .stopPairing:
            object["stop"] = true
        case .game(let command):
            // The JSON form carries the text form's words: {"command":"game","do":"add -0.1"}.
            object["do"] = .string(command.words)
        case .point(let command):
            object["do"] = .string(command.words)
        case let .countdown(name, target):
            object["name"] = .string(name)
            if let target { object[target.direction.rawValue] = .string(target.moment) } else { object["reset"] = true }
        case let .face(name, seconds):
            object["face"] = .string(name ?? "auto")
            if let seconds { object["duration"] = .integer(seconds) }
        case .status, .reload, .ping:
            break
        }
        return line(.object(object))
    }

    /// `value` as one line of JSON, its keys sorted: the replies, the requests above, the API's document.
    public static func line(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{\"ok\":false}" }
        return String(decoding: data, as: UTF8.self)
    }
}
