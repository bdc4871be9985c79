import FlipClockCore

/// A request on the control socket, one line each, as people and scripts type it.
///
///     score set home 3           score set home=3 away=2   (several at once, all or none)
///     score add away 1           score subtract home=1
///     score reset [home ...]     status       reload       ping
///     timer start pomodoro [25m]   timer start kickoff at 15:30   timer pause|resume|reset pomodoro
///     screen off|on|dim 30       (until the night schedule next changes)
///     sound off|on               (the clicks and the horn, with [sound])
///     text board GATE 12         text board "  GATE 12"  (quotes keep blanks)   text board (blank)
///     text top="HELLO" bottom="WORLD"   (several rows as one change, all or none)
///     message "Dinner is ready" for 30s [row 2] [name dinner] [urgent]   message retract dinner
///     message clear   message list
///     message seconds 20         (how long a message sent without its own duration shows: MQTT's)
///     pair [SECONDS] [host NAME]   pair stop   (the control page's QR code on the screens)
///     game start|stop|toggle|end|new|undo   game set 12:00   game add -0.1   game shot [14]   game period 2
///     point home|away|undo   point timeout home   point new [away]   (a match counted in sets, [sets])
///     countdown opening to 2027-06-01T09:00   countdown opening since 2024-03-01   countdown opening reset
///     face morning [for 10m]     face auto   (hold a [[face]] until the schedule next changes)
public enum ControlRequest: Equatable, Sendable {
    public typealias ScoreAction = ScoreBoard.Action

    public enum TimerAction: String, Sendable, CaseIterable {
        case start, pause, resume, reset
    }

    case score(ScoreAction, [(name: String, value: Int)])
    case timer(TimerAction, name: String, duration: Int?)
    /// Start a countdown to a time of day (the next one: today, or tomorrow if it has passed).
    case timerUntil(name: String, time: WallTime)
    /// Show `text` on a text row's cards.
    case text(name: String, text: String)
    /// Show several text rows' texts as one change, all or none (a Vestaboard message's rows).
    case texts([(name: String, text: String)])
    /// Set the screen's brightness (0 off … 1 on) until the night schedule next changes.
    case screen(brightness: Double)
    /// Turn the clicks and the horn on or off (with `[sound]`), until told otherwise.
    case sound(on: Bool)
    /// Show a message on the panel under a row of cards (from 1 at the top; the first if `nil`):
    /// in the place of the one named `name`, if any; ahead of the rest and interrupting the one
    /// shown if `urgent`.
    case message(text: String, seconds: Int, row: Int?, name: String? = nil, urgent: Bool = false)
    /// Take the message named `name` away: from the queue, or off the panel.
    case retractMessage(name: String)
    /// How long a message sent without its own duration shows (MQTT's, whose notify entity
    /// sends none), in seconds 1...86400, until told otherwise.
    case messageSeconds(Int)
    /// Close the panel and drop the messages waiting.
    case clearMessages
    /// The message shown and those waiting.
    case listMessages
    /// Show the control page's address and token as a QR code on every screen for `seconds`
    /// (``pairingSeconds``), naming `host` in it if given (else the address `[http]` listens on).
    case pair(seconds: Int, host: String?)
    /// Take the pairing code down.
    case stopPairing
    /// An operator's action on the match's clocks (`[game]`), or undo.
    case game(GameCommand)
    /// A point, a timeout or undo in a match counted in sets (`[sets]`), or a new match.
    case point(PointCommand)
    /// Count `name` to or since a moment; `nil`: the configuration's again.
    case countdown(name: String, target: CountdownTarget?)
    /// Show the `[[face]]` named `name` (`default`: the `[[row]]` face) for `seconds` or until
    /// the faces in force next change, whichever comes first; `nil`: the schedule's again.
    case face(name: String?, seconds: Int?)
    case status
    case reload
    case ping

    public static func == (a: ControlRequest, b: ControlRequest) -> Bool {
        switch (a, b) {
        case let (.score(x, p), .score(y, q)): x == y && p.count == q.count && zip(p, q).allSatisfy { $0.name == $1.name && $0.value == $1.value }
        case let (.timer(x, n, d), .timer(y, m, e)): x == y && n == m && d == e
        case let (.timerUntil(n, t), .timerUntil(m, u)): n == m && t == u
        case let (.text(n, t), .text(m, u)): n == m && t == u
        case let (.texts(p), .texts(q)): p.count == q.count && zip(p, q).allSatisfy { $0.name == $1.name && $0.text == $1.text }
        case let (.screen(a), .screen(b)): a == b
        case let (.sound(a), .sound(b)): a == b
        case let (.message(t, s, r, n, x), .message(u, v, q, m, y)): t == u && s == v && r == q && n == m && x == y
        case let (.retractMessage(n), .retractMessage(m)): n == m
        case let (.messageSeconds(s), .messageSeconds(t)): s == t
        case let (.pair(s, h), .pair(t, g)): s == t && h == g
        case (.stopPairing, .stopPairing): true
        case let (.game(x), .game(y)): x == y
        case let (.point(x), .point(y)): x == y
        case let (.countdown(n, t), .countdown(m, u)): n == m && t == u
        case let (.face(n, s), .face(m, t)): n == m && s == t
        case (.clearMessages, .clearMessages), (.listMessages, .listMessages), (.status, .status), (.reload, .reload), (.ping, .ping): true
        default: false
        }
    }

    /// The longest request line accepted, in bytes.
    public static let maximumLength = 4096

    /// Parses one line of the text protocol.
    public static func parse(_ line: String) throws(ControlError) -> ControlRequest {
        let words = line.split(whereSeparator: isBlank).map(String.init)
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
                duration = try RequestField.timerDuration(words[3])
            }
            return .timer(action, name: words[2], duration: duration)
        case "screen", "display":
            switch (words.count, words.dropFirst().first) {
            case (2, "off"): return .screen(brightness: 0)
            case (2, "on"): return .screen(brightness: 1)
            case (3, "dim"): return .screen(brightness: try RequestField.brightness(words[2]))
            default: throw ControlError(.syntax, "screen takes off, on, or dim PERCENT")
            }
        case "sound":
            switch (words.count, words.dropFirst().first) {
            case (2, "on"): return .sound(on: true)
            case (2, "off"): return .sound(on: false)
            default: throw ControlError(.syntax, "sound takes on or off")
            }
        case "text":
            guard words.count >= 2 else { throw ControlError(.syntax, "text takes a text row's name and the words to show") }
            if words[1].contains("=") { return .texts(try textPairs(line)) }
            return .text(name: words[1], text: try textArgument(line))
        case "message":
            return try message(line.drop(while: isBlank).dropFirst(command.count))
        case "pair":
            return try pair(Array(words.dropFirst()))
        case "game":
            return .game(try GameCommand.parse(Array(words.dropFirst())))
        case "point":
            return .point(try PointCommand.parse(Array(words.dropFirst())))
        case "countdown":
            return try countdown(Array(words.dropFirst()))
        case "face":
            return try face(Array(words.dropFirst()))
        default:
            throw ControlError(.unknownCommand, "\"\(command)\"; \(commands)")
        }
    }

    /// What separates the words of a request.
    static func isBlank(_ c: Character) -> Bool { c == " " || c == "\t" }

    /// The commands there are, for the reply to one that is not.
    public static let commands = "commands are score, timer, text, screen, sound, message, pair, game, point, countdown, face, status, reload, ping"

    /// What follows `text NAME`: the rest of the line as typed, or a quoted text.
    static func textArgument(_ line: String) throws(ControlError) -> String {
        var rest = Substring(line)
        rest = rest.drop(while: isBlank).dropFirst(4)
        rest = rest.drop(while: isBlank)
        rest = rest.drop(while: { !isBlank($0) })
        rest = rest.drop(while: isBlank)
        guard rest.first == "\"" else { return String(rest) }
        let (text, after) = try quoted(rest, what: "text")
        guard after.allSatisfy(isBlank) else { throw ControlError(.syntax, "nothing may follow the text's closing quote") }
        return text
    }

    /// A text in double quotes at the start of `rest`, and what follows it. Inside the quotes
    /// `\"` is a quote, `\\` a backslash and `\n` a line break (``quoted(_:)`` writes it so).
    static func quoted(_ rest: Substring, what: String) throws(ControlError) -> (text: String, rest: Substring) {
        var text = ""
        var index = rest.index(after: rest.startIndex)
        while index < rest.endIndex {
            let c = rest[index]
            index = rest.index(after: index)
            if c == "\"" { return (text, rest[index...]) }
            guard c == "\\" else {
                text.append(c)
                continue
            }
            guard index < rest.endIndex else { break }
            let escaped = rest[index]
            index = rest.index(after: index)
            switch escaped {
            case "\"", "\\": text.append(escaped)
            case "n": text.append("\n")
            default: throw ControlError(.syntax, "\\\(escaped) is not an escape; write \\\" \\\\ or \\n")
            }
        }
        throw ControlError(.syntax, "the \(what)'s closing quote is missing")
    }

    /// `"TEXT" for DURATION [row N] [name NAME] [urgent]`, `retract NAME`, `clear`, `list` or
    /// `seconds DURATION`, after the word `message`.
    ///
    /// The text is quoted so it may hold spaces and the words `for` and `row`; inside the
    /// quotes `\"` is a quote, `\\` a backslash and `\n` a line break (``quoted(_:)`` writes it so).
    static func message(_ rest: Substring) throws(ControlError) -> ControlRequest {
        let usage = ControlError(
            .syntax, "message takes \"TEXT\" for DURATION [row N] [name NAME] [urgent], retract NAME, clear, list or seconds DURATION")
        let rest = rest.drop(while: isBlank)
        let given = rest.split(whereSeparator: isBlank)
        if given == ["clear"] { return .clearMessages }
        if given == ["list"] { return .listMessages }
        if given.first == "retract" {
            guard given.count == 2 else { throw ControlError(.syntax, "message retract takes a message's name") }
            return .retractMessage(name: try RequestField.messageName(String(given[1])))
        }
        if given.first == "seconds" {
            guard given.count == 2 else { throw ControlError(.syntax, "message seconds takes one duration (20, 30s, 5m)") }
            return .messageSeconds(try RequestField.messageSeconds(String(given[1])))
        }
        guard rest.first == "\"" else { throw usage }
        let (quoted, after) = try quoted(rest, what: "message")
        let text = try RequestField.messageText(quoted)
        let words = after.split(whereSeparator: isBlank).map(String.init)
        var seconds: Int?, row: Int?, name: String?, urgent = false
        var k = 0
        while k < words.count {
            if words[k] == "urgent", !urgent {
                urgent = true
                k += 1
                continue
            }
            guard k + 1 < words.count else { throw usage }
            let value = words[k + 1]
            switch words[k] {
            case "for" where seconds == nil:
                seconds = try RequestField.messageSeconds(value)
            case "row" where row == nil:
                row = try RequestField.row(value)
            case "name" where name == nil:
                name = try RequestField.messageName(value)
            default:
                throw usage
            }
            k += 2
        }
        guard let seconds else { throw usage }
        return .message(text: text, seconds: seconds, row: row, name: name, urgent: urgent)
    }

    /// `text` in quotes as ``parse(_:)`` reads it back: quotes, backslashes and line breaks escaped.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for c in text {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.append(c)
            }
        }
        return out + "\""
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
