import FlipClockCore

/// The daemon's answer to one request, in either of the protocol's forms.
///
/// The text form is `OK …` or `ERR <code> <reason>`; the JSON form one object, its keys sorted,
/// with `"ok"` true or false. ``line(json:)`` writes either; the values are the daemon's, the
/// words are the reply's.
public enum ControlReply: Equatable, Sendable {
    /// `OK pong`, `{"ok":true}`.
    case pong
    /// What the clock shows.
    case status(Status)
    /// The screens' level now, and when the night schedule takes it back (`nil`: it has no change).
    case screen(ScreenLevel, until: WallTime?)
    /// Whether the clock sounds now (`[sound]`, unless the night schedule silences it).
    case sound(on: Bool)
    /// The face shown now (`default`: the `[[row]]` face) and, for a held one, when the
    /// schedule takes over again.
    case face(String, until: WallTime?)
    case reloaded
    /// Every score after a score command, in the configuration's order.
    case scores([Score])
    /// The text row set, what its cards show, and what every text row shows (the JSON form's).
    case text(name: String, shown: String, texts: [String: String])
    /// The text rows set together, what their cards show, and what every text row shows.
    case texts(shown: [String: String], texts: [String: String])
    /// The message's number, and how many messages wait to be shown.
    case message(number: Int, waiting: Int)
    /// How long a message without its own duration shows now, after `message seconds`.
    case messageSeconds(Int)
    case messagesCleared
    /// The message shown first, then those waiting, oldest first.
    case messages([MessageReading])
    /// The control page's address shown in the pairing code, without its token, and for how long.
    case pairing(url: String, seconds: Int)
    case pairingStopped
    /// Every timer after a timer command, in the configuration's order.
    case timers([TimerReading])
    /// The game after a game command.
    case game(GameReading)
    /// The match counted in sets after a point command.
    case point(SetReading)
    /// Every countdown after a countdown command, in the configuration's order.
    case countdowns([CountdownReading])
    /// A page of a match's record.
    case record(RecordPage)
    case refused(ControlError)

    /// One score's name and value.
    public struct Score: Equatable, Sendable {
        public var name: String
        public var value: Int

        public init(name: String, value: Int) {
            self.name = name
            self.value = value
        }
    }

    /// What `status` reports.
    public struct Status: Equatable, Sendable {
        public var time: WallTime
        /// In the configuration's order.
        public var scores: [Score]
        public var texts: [String: String]
        /// In the configuration's order; the JSON form lists them, `{"name":…,"seconds":…,"state":…}`.
        public var timers: [TimerReading]
        public var screen: ScreenLevel
        /// The output's name, as the log gives it.
        public var output: String
        /// The game, with `[game]`.
        public var game: GameReading?
        /// The match counted in sets, with `[sets]`.
        public var sets: SetReading?
        /// How long a message without its own duration shows (`message seconds`), in seconds.
        public var messageSeconds: Int
        /// Where the clock stands in its `[match]`, with one.
        public var match: Match?
        /// In the configuration's order.
        public var countdowns: [CountdownReading] = []
        /// The light sensor, with `[light]`.
        public var light: LightReading?
        /// Whether the kernel says the time is synchronised (`true` when it cannot be asked).
        public var timeSynced: Bool
        /// The face the screens show (`default`: the `[[row]]` face), with `[[face]]` tables.
        public var face: String?

        /// Where a clock stands in its `[match]`: it leads it, it follows its leader, or it has
        /// lost its leader (its screens show the mark).
        public enum Match: String, Equatable, Sendable {
            case leading, led, lost
        }

        public init(
            time: WallTime, scores: [Score], texts: [String: String], timers: [TimerReading], screen: ScreenLevel, output: String,
            game: GameReading? = nil, sets: SetReading? = nil, messageSeconds: Int = 30, match: Match? = nil, countdowns: [CountdownReading] = [],
            light: LightReading? = nil, timeSynced: Bool = true, face: String? = nil
        ) {
            self.face = face
            self.countdowns = countdowns
            self.light = light
            self.timeSynced = timeSynced
            self.sets = sets
            self.match = match
            self.game = game
            self.messageSeconds = messageSeconds
            self.time = time
            self.scores = scores
            self.texts = texts
            self.timers = timers
            self.screen = screen
            self.output = output
        }
    }

    /// The reply as one line of the JSON form (`json`) or the text form, without the newline.
    public func line(json: Bool) -> String {
        json ? ControlJSON.line(.object(object)) : text
    }

    private var text: String {
        switch self {
        case .pong:
            "OK pong"
        case .status(let status):
            "OK time=\(status.time) time_synced=\(status.timeSynced)\(status.face.map { " face=\($0)" } ?? "")"
                + (status.scores.isEmpty ? "" : " scores \(Self.summary(status.scores))")
                + (status.timers.isEmpty ? "" : " timers \(TimerReading.summary(status.timers))")
                + (status.countdowns.isEmpty ? "" : " countdowns \(CountdownReading.summary(status.countdowns))")
                + " message_seconds=\(status.messageSeconds)" + (status.game.map { " game \($0)" } ?? "")
                + (status.sets.map { " sets \($0)" } ?? "") + (status.match.map { " match=\($0.rawValue)" } ?? "")
                + " screen=\(status.screen)" + (status.light.map { " light=\($0)" } ?? "") + " output=\(status.output)"
        case let .screen(level, until):
            "OK screen=\(level)" + (until.map { " until \("\($0)".prefix(5))" } ?? "")
        case .reloaded:
            "OK reloaded"
        case .scores(let scores):
            "OK \(Self.summary(scores))"
        case let .text(name, shown, _):
            "OK \(name)=\"\(shown)\""
        case .texts(let shown, _):
            "OK " + shown.keys.sorted().map { "\($0)=\"\(shown[$0]!)\"" }.joined(separator: " ")
        case .sound(let on):
            "OK sound=\(on ? "on" : "off")"
        case let .face(name, until):
            "OK face=\(name)" + (until.map { " until \($0)" } ?? "")
        case .message(let number, _):
            "OK message \(number)"
        case .messageSeconds(let seconds):
            "OK message_seconds=\(seconds)"
        case .messagesCleared:
            "OK messages cleared"
        case .messages(let messages):
            messages.isEmpty ? "OK no messages" : "OK " + messages.map(\.description).joined(separator: ", ")
        case let .pairing(url, seconds):
            "OK \(url) shown for \(seconds)s"
        case .pairingStopped:
            "OK pairing stopped"
        case .timers(let timers):
            "OK \(TimerReading.summary(timers))"
        case .game(let game):
            "OK \(game)"
        case .point(let match):
            "OK \(match)"
        case .countdowns(let countdowns):
            "OK \(CountdownReading.summary(countdowns))"
        case .record(let page):
            "OK \(page)"
        case .refused(let error):
            error.description
        }
    }

    /// The status as JSON, a key at a time: as one expression Swift 6.2.3 (the arm64 tests'
    /// compiler) could not type-check it in reasonable time.
    private static func object(_ status: Status) -> [String: JSONValue] {
        var object: [String: JSONValue] = ["ok": true, "time": .string("\(status.time)"), "screen": .string("\(status.screen)")]
        object["scores"] = Self.object(status.scores)
        object["texts"] = Self.object(status.texts)
        object["output"] = .string(status.output)
        object["message_seconds"] = .integer(status.messageSeconds)
        object["time_synced"] = .bool(status.timeSynced)
        object["timers"] = .array(
            status.timers.map { .object(["name": .string($0.name), "seconds": .integer($0.seconds), "state": .string($0.state.rawValue)]) })
        object["game"] = status.game?.object
        object["sets"] = status.sets?.object
        object["match"] = status.match.map { .string($0.rawValue) }
        object["countdowns"] = status.countdowns.isEmpty ? nil : CountdownReading.object(status.countdowns)
        object["light"] = status.light?.object
        object["face"] = status.face.map { .string($0) }
        return object
    }

    private var object: [String: JSONValue] {
        switch self {
        case .pong:
            ["ok": true]
        case .status(let status):
            Self.object(status)
        case .screen(let level, _):
            ["ok": true, "screen": .string("\(level)")]
        case .sound(let on):
            ["ok": true, "sound": .string(on ? "on" : "off")]
        case .face(let name, _):
            ["ok": true, "face": .string(name)]
        case .reloaded:
            ["ok": true, "reloaded": true]
        case .scores(let scores):
            ["ok": true, "scores": Self.object(scores)]
        case .text(_, _, let texts), .texts(_, let texts):
            ["ok": true, "texts": Self.object(texts)]
        case let .message(number, waiting):
            ["ok": true, "message": .integer(number), "waiting": .integer(waiting)]
        case .messageSeconds(let seconds):
            ["ok": true, "message_seconds": .integer(seconds)]
        case .messagesCleared:
            ["ok": true, "cleared": true]
        case .messages(let messages):
            [
                "ok": true,
                "messages": .array(
                    messages.map {
                        var object: [String: JSONValue] = [
                            "number": .integer($0.number), "text": .string($0.text), "seconds": .integer($0.seconds), "row": .integer($0.row),
                            "shown": .bool($0.shown), "urgent": .bool($0.urgent),
                        ]
                        if let name = $0.name { object["name"] = .string(name) }
                        return .object(object)
                    }),
            ]
        case let .pairing(url, seconds):
            ["ok": true, "url": .string(url), "seconds": .integer(seconds)]
        case .pairingStopped:
            ["ok": true, "stopped": true]
        case .timers(let timers):
            ["ok": true, "timers": .string(TimerReading.summary(timers))]
        case .game(let game):
            ["ok": true, "game": game.object]
        case .point(let match):
            ["ok": true, "sets": match.object]
        case .countdowns(let countdowns):
            ["ok": true, "countdowns": CountdownReading.object(countdowns)]
        case .record(let page):
            page.object
        case .refused(let error):
            ["ok": false, "code": .string(error.code.rawValue), "error": .string(error.reason)]
        }
    }

    /// `home=3 away=2`.
    private static func summary(_ scores: [Score]) -> String {
        scores.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
    }

    private static func object(_ scores: [Score]) -> JSONValue {
        .object(Dictionary(scores.map { ($0.name, .integer($0.value)) }, uniquingKeysWith: { $1 }))
    }

    private static func object(_ texts: [String: String]) -> JSONValue {
        .object(texts.mapValues(JSONValue.string))
    }
}
