/// A request on the control socket, one line each, as people and scripts type it.
///
///     score set home 3           score set home=3 away=2   (several at once, all or none)
///     score add away 1           score subtract home=1
///     score reset [home ...]     status       reload       ping
///     timer start pomodoro [25m]   timer start kickoff at 15:30   timer pause|resume|reset pomodoro
///     display off|on|dim 30      (until the night schedule next changes)
///     text board GATE 12         text board "  GATE 12"  (quotes keep blanks)   text board (blank)
public enum ControlRequest: Equatable, Sendable {
    public enum ScoreAction: String, Sendable, CaseIterable {
        case set, add, subtract, reset
    }

    public enum TimerAction: String, Sendable, CaseIterable {
        case start, pause, resume, reset
    }

    case score(ScoreAction, [(name: String, value: Int)])
    case timer(TimerAction, name: String, duration: Int?)
    /// Start a countdown to a time of day (the next one: today, or tomorrow if it has passed).
    case timerUntil(name: String, time: WallTime)
    /// Show `text` on a text row's cards.
    case text(name: String, text: String)
    /// Set the screen's brightness (0 off … 1 on) until the night schedule next changes.
    case display(brightness: Double)
    case status
    case reload
    case ping

    public static func == (a: ControlRequest, b: ControlRequest) -> Bool {
        switch (a, b) {
        case let (.score(x, p), .score(y, q)): x == y && p.count == q.count && zip(p, q).allSatisfy { $0.name == $1.name && $0.value == $1.value }
        case let (.timer(x, n, d), .timer(y, m, e)): x == y && n == m && d == e
        case let (.timerUntil(n, t), .timerUntil(m, u)): n == m && t == u
        case let (.text(n, t), .text(m, u)): n == m && t == u
        case let (.display(a), .display(b)): a == b
        case (.status, .status), (.reload, .reload), (.ping, .ping): true
        default: false
        }
    }

    /// The longest request line accepted, in bytes.
    public static let maximumLength = 4096

    /// Parses one line of the text protocol.
    public static func parse(_ line: String) throws(ControlError) -> ControlRequest {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let command = words.first else { throw ControlError(.syntax, "empty request") }
        switch command {
        case "status", "reload", "ping":
            guard words.count == 1 else { throw ControlError(.syntax, "\(command) takes no arguments") }
            return command == "status" ? .status : command == "reload" ? .reload : .ping
        case "score":
            guard words.count >= 2, let action = ScoreAction(rawValue: words[1]) else {
                throw ControlError(.syntax, "score takes set, add, subtract or reset")
            }
            let pairs = try scoreArguments(Array(words.dropFirst(2)), action: action)
            return .score(action, pairs)
        case "timer":
            guard words.count >= 3, let action = TimerAction(rawValue: words[1]) else {
                throw ControlError(.syntax, "timer takes start, pause, resume or reset, and a timer's name")
            }
            if words.count == 5, action == .start, words[3] == "at" {
                guard let time = WallTime(parsing: words[4]) else {
                    throw ControlError(.syntax, "\"\(words[4])\" is not a time of day; write HH:MM or HH:MM:SS")
                }
                return .timerUntil(name: words[2], time: time)
            }
            guard words.count == 3 || (words.count == 4 && action == .start) else {
                throw ControlError(.syntax, "timer \(action.rawValue) takes a name\(action == .start ? " and maybe a duration or at HH:MM" : "")")
            }
            var duration: Int?
            if words.count == 4 {
                guard let d = TimerDisplay.parseDuration(words[3]), d <= TimerDisplay.longest else {
                    throw ControlError(.syntax, "\"\(words[3])\" is not a duration up to 99:59 (25m, 1h30m, 90s, MM:SS)")
                }
                duration = d
            }
            return .timer(action, name: words[2], duration: duration)
        case "display":
            switch (words.count, words.dropFirst().first) {
            case (2, "off"): return .display(brightness: 0)
            case (2, "on"): return .display(brightness: 1)
            case (3, "dim"):
                guard let percent = Int(words[2]), (1...100).contains(percent) else {
                    throw ControlError(.syntax, "\"\(words[2])\" is not a brightness; dim takes a percentage 1...100")
                }
                return .display(brightness: Double(percent) / 100)
            default: throw ControlError(.syntax, "display takes off, on, or dim PERCENT")
            }
        case "text":
            guard words.count >= 2 else { throw ControlError(.syntax, "text takes a text row's name and the words to show") }
            return .text(name: words[1], text: try textArgument(line))
        default:
            throw ControlError(.unknownCommand, "\"\(command)\"; commands are score, timer, text, display, status, reload, ping")
        }
    }

    /// What follows `text NAME`: the rest of the line as typed, or the part inside double quotes.
    static func textArgument(_ line: String) throws(ControlError) -> String {
        var rest = Substring(line).drop { $0 == " " || $0 == "\t" }.dropFirst(4)
        rest = rest.drop { $0 == " " || $0 == "\t" }.drop { $0 != " " && $0 != "\t" }.drop { $0 == " " || $0 == "\t" }
        guard rest.first == "\"" else { return String(rest) }
        guard rest.count >= 2, rest.last == "\"" else { throw ControlError(.syntax, "the text's closing \" is missing") }
        return String(rest.dropFirst().dropLast())
    }

    /// `NAME VALUE`, or `NAME=VALUE ...`; for reset, names only (none resets every score).
    static func scoreArguments(_ words: [String], action: ScoreAction) throws(ControlError) -> [(name: String, value: Int)] {
        if action == .reset {
            return words.map { ($0, 0) }
        }
        if words.count == 2, !words[0].contains("="), let value = Int(words[1]) {
            return [(words[0], value)]
        }
        guard !words.isEmpty else { throw ControlError(.syntax, "score \(action.rawValue) needs NAME VALUE or NAME=VALUE ...") }
        var pairs: [(name: String, value: Int)] = []
        for word in words {
            let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, let value = Int(parts[1]) else {
                throw ControlError(.syntax, "\"\(word)\" is not NAME=VALUE (VALUE a whole number)")
            }
            guard !pairs.contains(where: { $0.name == String(parts[0]) }) else {
                throw ControlError(.syntax, "\(parts[0]) is named twice")
            }
            pairs.append((String(parts[0]), value))
        }
        return pairs
    }
}
