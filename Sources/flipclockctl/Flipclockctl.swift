import ArgumentParser
import FlipClockControl
import FlipClockSystem

/// `flipclockctl`: scores, timers, messages, status and reload, through flipclockd's control socket.
@main
struct Flipclockctl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flipclockctl",
        abstract: "Control a running flipclockd.",
        subcommands: [
            Score.self, Timer.self, Text.self, Screen.self, Sound.self, Message.self, Pair.self, Game.self, Point.self, Countdown.self, Face.self,
            Status.self,
            Reload.self,
        ]
    )
}

struct Connection: ParsableArguments {
    @Option(help: "The control socket.")
    var socket = "/run/flipclock/control.sock"

    @Flag(help: "Speak the JSON form and print its reply.")
    var json = false

    /// Reads `words` as one request of the text protocol, sends it in the form asked for and
    /// prints what the reply says. A request refused, here or by the daemon, exits 1; a daemon
    /// that cannot be reached (or answers what no reply says) 69.
    func send(_ words: [String]) throws {
        let request: ControlRequest
        do {
            request = try ControlRequest.parse(words.joined(separator: " "))
        } catch {
            StandardError.write("flipclockctl: \(ControlReply.refused(error).line(json: json))\n")
            throw ExitCode(1)
        }
        let answer: ControlAnswer
        do {
            answer = try ControlClient.send(json ? ControlJSON.line(request) : request.line, to: socket)
        } catch {
            StandardError.write("flipclockctl: \(error)\n")
            throw ExitCode(69)
        }
        switch answer {
        case .accepted(let said):
            print(said)
        case .refused(_, let reply):
            StandardError.write("flipclockctl: \(reply)\n")
            throw ExitCode(1)
        }
    }
}

struct Score: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Set, add to, subtract from or reset scores.",
        discussion: "flipclockctl score set home 3 · score set home=3 away=2 · score add away 1 · score reset"
    )

    @Argument(help: "set, add, subtract or reset.")
    var action: String

    @Argument(help: "NAME VALUE, or NAME=VALUE ... (reset: names, or none for every score).")
    var arguments: [String] = []

    @OptionGroup var connection: Connection

    func run() throws {
        try connection.send(["score", action] + arguments)
    }
}

struct Timer: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Start, pause, resume or reset a timer.",
        discussion: "flipclockctl timer start pomodoro 25m · timer pause pomodoro · timer resume pomodoro · timer reset pomodoro"
    )

    @Argument(help: "start, pause, resume or reset.")
    var action: String

    @Argument(help: "The timer's name.")
    var name: String

    @Argument(help: "For start: how long (25m, 1h30m, 90s, MM:SS); the configured duration if left out.")
    var duration: String?

    @Option(help: "For start: count down to this time of day instead (HH:MM or HH:MM:SS; tomorrow's if it has passed).")
    var at: String?

    @OptionGroup var connection: Connection

    func run() throws {
        try connection.send(["timer", action, name] + (duration.map { [$0] } ?? []) + (at.map { ["at", $0] } ?? []))
    }
}

struct Text: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show words on a text row's cards (A-Z, 0-9 and common signs); nothing blanks them.",
        discussion:
            "flipclockctl text board \"GATE 12\" · flipclockctl text board · several rows as one change: flipclockctl text 'top=\"HELLO\"' 'bottom=\"WORLD\"'"
    )

    @Argument(help: "The text row's name.")
    var name: String

    @Argument(help: "The words (quote them to keep several blanks).")
    var words: [String] = []

    @OptionGroup var connection: Connection

    func run() throws {
        // Several rows as one change: `text 'a="X"' 'b="Y"'`, sent as written.
        if name.contains("=") { return try connection.send(["text", name] + words) }
        try connection.send(["text", name, ControlRequest.quoted(words.joined(separator: " "))])
    }
}

struct Screen: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Turn the screen off or on, or dim it, until the night schedule next changes.",
        discussion: "flipclockctl screen off · screen on · screen dim 30 (display, the old word, is the same command)",
        aliases: ["display"]
    )

    @Argument(help: "off, on or dim.")
    var action: String

    @Argument(help: "For dim: the brightness in percent, 1 to 100.")
    var percent: Int?

    @OptionGroup var connection: Connection

    func run() throws {
        try connection.send(["screen", action] + (percent.map { ["\($0)"] } ?? []))
    }
}

struct Sound: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Turn the clicks and the horn on or off ([sound]), until told otherwise.",
        discussion: "flipclockctl sound off · sound on (the night schedule silences them too while it dims the screen)"
    )

    @Argument(help: "on or off.")
    var action: String

    @OptionGroup var connection: Connection

    func run() throws {
        try connection.send(["sound", action])
    }
}

struct Message: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open a panel under a row of cards with a message on it, for a while; close it; or list the messages.",
        discussion:
            "flipclockctl message \"Dinner is ready\" --for 30s · message \"Score!\" --for 1m --row 2 · message \"DOOR\" --for 1m --urgent --name door · message --retract door · message --clear · message --list · message --seconds 20"
    )

    @Argument(help: "The text; long texts wrap, and scroll when they still do not fit.")
    var text: String?

    @Option(name: .customLong("for"), help: "How long the panel stays open: 30s, 5m, 1h30m or MM:SS, from 1s to 24h.")
    var duration: String?

    @Option(help: "The row of cards the panel opens under, from 1 at the top.")
    var row: Int?

    @Option(help: "The message's name: it takes the place of the message of that name, shown or waiting, and --retract takes it away.")
    var name: String?

    @Flag(help: "Show it before the messages waiting, interrupting one that is not urgent (which comes back afterwards).")
    var urgent = false

    @Option(help: "Take the message of this name away: from the queue, or off the panel.")
    var retract: String?

    @Flag(help: "Close the panel and drop the messages waiting.")
    var clear = false

    @Flag(help: "The message shown, then those waiting.")
    var list = false

    @Option(help: "How long a message sent without its own duration (MQTT's) shows from now on: 30s, 5m, from 1s to 24h.")
    var seconds: String?

    @OptionGroup var connection: Connection

    func validate() throws {
        let posting = text != nil || duration != nil || row != nil || name != nil || urgent
        if seconds != nil {
            guard !clear, !list, retract == nil, !posting else { throw ValidationError("--seconds comes alone") }
        } else if retract != nil {
            guard !clear, !list, !posting else { throw ValidationError("--retract comes alone") }
        } else if clear || list {
            guard !(clear && list), !posting else {
                throw ValidationError(
                    "\(clear ? "--clear" : "--list") takes no text, --for, --row, --name, --urgent\(clear && list ? " or --list" : "")")
            }
        } else {
            guard text != nil, duration != nil else { throw ValidationError("give the message's text and --for DURATION, --clear or --list") }
        }
    }

    func run() throws {
        if let seconds { return try connection.send(["message", "seconds", seconds]) }
        if let retract { return try connection.send(["message", "retract", retract]) }
        guard let text, let duration else { return try connection.send(["message", clear ? "clear" : "list"]) }
        let options = (row.map { ["row", "\($0)"] } ?? []) + (name.map { ["name", $0] } ?? []) + (urgent ? ["urgent"] : [])
        try connection.send(["message", ControlRequest.quoted(text), "for", duration] + options)
    }
}

struct Pair: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a QR code of the control page's address and token on the clock's screens, so a phone's camera opens the page signed in.",
        discussion:
            "flipclockctl pair · pair --seconds 120 · pair --host clock.local · pair --stop. Prints the address (without the token) and how long the code shows."
    )

    @Option(help: "How long the code shows, 1 to 600 seconds.")
    var seconds = ControlRequest.defaultPairingSeconds

    @Option(
        help: "The host name or address a phone reaches the clock at (default: the one [http] listens on, or the machine's first network address).")
    var host: String?

    @Flag(help: "Take the code down now.")
    var stop = false

    @OptionGroup var connection: Connection

    func validate() throws {
        if stop, host != nil { throw ValidationError("--stop takes no --host") }
    }

    func run() throws {
        try connection.send(stop ? ["pair", "stop"] : ["pair", "\(seconds)"] + (host.map { ["host", $0] } ?? []))
    }
}

struct Game: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the game's clocks ([game]): start, stop, set, adjust, the shot clock, the period, undo.",
        discussion:
            "flipclockctl game start · game stop · game toggle · game set 12:00 · game set 4.5 · game add -0.1 · game shot · game shot 14 · game period 2 · game end · game new · game undo · game record [--csv] [--match K]"
    )

    @Argument(help: "start, stop, toggle, set, add, shot, period, end, new, undo or record.")
    var action: String

    @Argument(help: "For set: MM:SS, MM:SS.t or SS.t; add: seconds (1, -0.1); shot: seconds; period: its number.")
    var value: String?

    @Flag(help: "record: print the record as CSV (RFC 4180) rather than JSON.")
    var csv = false

    @Option(help: "record: an earlier match's record (its number); the newest if left out.")
    var match: Int?

    @OptionGroup var connection: Connection

    func run() throws {
        if action == "record", value == nil { return try connection.record(match: match, csv: csv) }
        guard !csv, match == nil else { throw ValidationError("--csv and --match are record's options") }
        try connection.send(["game", action] + (value.map { [$0] } ?? []))
    }
}

struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "What the clock shows: the time, the scores, the output.")
    @OptionGroup var connection: Connection
    func run() throws { try connection.send(["status"]) }
}

struct Reload: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read the configuration again; on an error the running one stays, and the error is printed.")
    @OptionGroup var connection: Connection
    func run() throws { try connection.send(["reload"]) }
}
