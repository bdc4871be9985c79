import FlipClockCore

extension ControlRequest {
    /// The request as one line of the text protocol, which ``parse(_:)`` reads back as it is:
    /// what `flipclockctl` sends.
    public var line: String {
        switch self {
        case .score(.reset, let pairs):
            (["score", "reset"] + pairs.map(\.name)).joined(separator: " ")
        case .score(let action, let pairs):
            (["score", action.rawValue] + pairs.map { "\($0.name)=\($0.value)" }).joined(separator: " ")
        case .timer(let action, let name, let duration):
            "timer \(action.rawValue) \(name)" + (duration.map { " \($0)s" } ?? "")
        case .timerUntil(let name, let time):
            "timer start \(name) at \(time)"
        case .text(let name, let text):
            "text \(name) \(Self.quoted(text))"
        case .texts(let pairs):
            (["text"] + pairs.map { "\($0.name)=\(Self.quoted($0.text))" }).joined(separator: " ")
        case .screen(let brightness):
            switch ScreenLevel(brightness) {
            case .off: "screen off"
            case .on: "screen on"
            case .dim(let percent): "screen dim \(percent)"
            }
        case .sound(let on): on ? "sound on" : "sound off"
        case let .message(text, seconds, row, name, urgent):
            "message \(Self.quoted(text)) for \(seconds)s" + (row.map { " row \($0)" } ?? "") + (name.map { " name \($0)" } ?? "")
                + (urgent ? " urgent" : "")
        case .retractMessage(let name): "message retract \(name)"
        case .messageSeconds(let seconds): "message seconds \(seconds)"
        case .clearMessages: "message clear"
        case .listMessages: "message list"
        case .pair(let seconds, let host): "pair \(seconds)" + (host.map { " host \($0)" } ?? "")
        case .stopPairing: "pair stop"
        case .game(let command): "game \(command.words)"
        case .point(let command): "point \(command.words)"
        case let .countdown(name, target): "countdown \(name) \(target.map(\.description) ?? "reset")"
        case let .face(name, seconds): "face \(name ?? "auto")" + (seconds.map { " for \($0)s" } ?? "")
        case .status: "status"
        case .reload: "reload"
        case .ping: "ping"
        }
    }

    /// The command's word, the same in both forms.
    public var command: String {
        switch self {
        case .score: "score"
        case .timer, .timerUntil: "timer"
        case .text, .texts: "text"
        case .screen: "screen"
        case .sound: "sound"
        case .message, .retractMessage, .messageSeconds, .clearMessages, .listMessages: "message"
        case .pair, .stopPairing: "pair"
        case .game: "game"
        case .point: "point"
        case .countdown: "countdown"
        case .face: "face"
        case .status: "status"
        case .reload: "reload"
        case .ping: "ping"
        }
    }
}
