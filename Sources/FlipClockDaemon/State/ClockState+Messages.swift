import FlipClockControl
import FlipClockCore
import FlipClockQR

extension ClockState {
    /// One screen as a request sees it: its name and size (for a pairing code) and its message
    /// panel's layout (for a message).
    struct ScreenShape {
        var name: String
        var width: Int
        var height: Int
        var panel: MessagePanel
    }

    /// Posts `text` under `row` for `hold` from `moment.now` on, if every screen has room to
    /// show it: laid out on each first (its row, its lines, its glyphs), so it goes on all or none.
    /// Named, it takes the place of the message of its name; urgent, it goes ahead of the rest
    /// (``PanelReveal/post(_:name:urgent:at:)``). What it drops from a full queue is noted.
    mutating func post(_ text: String, hold: Duration, row: Int, name: String? = nil, urgent: Bool = false, at moment: Moment) throws(ControlError)
        -> Outcome
    {
        guard !moment.screens.isEmpty else { throw ControlError(.state, "no screen is connected to show it on") }
        do throws(MessageError) {
            try messages.checkRoom(name: name, urgent: urgent, at: moment.now)
            for screen in moment.screens { _ = try screen.panel.laidOut(text, for: hold, row: row) }
            // The state's own copy needs no size: each screen lays it out again to draw it.
            let posting = try messages.post(PanelMessage(text: text, hold: hold, row: row, height: 0), name: name, urgent: urgent, at: moment.now)
            var metadata = ["number": "\(posting.number)", "seconds": "\(hold.components.seconds)", "text": text]
            if let name { metadata["name"] = name }
            if urgent { metadata["urgent"] = "true" }
            if !posting.dropped.isEmpty { metadata["dropped"] = posting.dropped.map { "\($0.number)" }.joined(separator: " ") }
            let note = Note(message: "message", metadata: metadata)
            return Outcome(reply: .message(number: posting.number, waiting: messages.waiting.count), change: .redraw, saves: false, note: note)
        } catch {
            throw ControlError(error)
        }
    }

    /// Takes the message named `name` away at `now` (``PanelReveal/retract(_:at:)``); replies
    /// with the messages left.
    mutating func retract(_ name: String, at now: Duration) throws(ControlError) -> Outcome {
        guard messages.retract(name, at: now) else {
            let names = messageReadings(at: now).compactMap(\.name)
            let known = names.isEmpty ? "no message has a name" : "named messages are \(names.joined(separator: ", "))"
            throw ControlError(.unknownMessage, "no message named \"\(name)\" is shown or waiting; \(known)")
        }
        return Outcome(
            reply: .messages(messageReadings(at: now)), change: .redraw, saves: false,
            note: Note(message: "message retracted", metadata: ["name": name]))
    }

    /// The message shown at `now` and those waiting, oldest first.
    func messageReadings(at now: Duration) -> [MessageReading] {
        var reveal = messages
        _ = reveal.advance(to: now)
        return ([reveal.shown].compactMap { $0 } + reveal.waiting).map {
            MessageReading(
                number: $0.number, text: $0.message.text, seconds: Int($0.message.hold.components.seconds), row: $0.message.row,
                shown: $0 == reveal.shown, name: $0.name, urgent: $0.urgent)
        }
    }

    /// Moves the messages on to `now`: those closed are gone.
    mutating func advanceMessages(to now: Duration) { _ = messages.advance(to: now) }

    /// Whether no message shows or waits at `now`.
    func messagesQuiet(at now: Duration) -> Bool { messages.nextChange(after: now) == nil }

    /// Shows the control page's pairing code on every screen for `seconds`: the address a
    /// phone reaches (`given`, or as ``PairingLink/host(listen:given:interfaces:)`` finds it)
    /// with the token. Replies with the address without the token, which is all the log says too.
    /// Not saved: a code on the screen is for the minute someone holds a phone to it.
    mutating func pair(for seconds: Int, host given: String?, at moment: Moment) throws(ControlError) -> Outcome {
        guard let http = configuration.http else {
            throw ControlError(
                .state, "pairing opens the control page, which needs the HTTP API: add [http] with listen and token_file to the configuration")
        }
        guard let page = moment.page else { throw ControlError(.state, "the HTTP API is not running") }
        guard let port = page.port else { throw ControlError(.state, "the HTTP API is not listening yet; try again in a moment") }
        let host = try PairingLink.host(listen: http, given: given, interfaces: moment.interfaces)
        let link = PairingLink(host: host, port: port, token: page.token)
        let code: ModuleGrid
        do throws(QRCodeError) {
            code = try QRCode.modules(link.withToken)
        } catch {
            if case .tooLong(let bytes) = error {
                throw ControlError(.tooLong, "the page's address with its token is \(bytes) bytes; a pairing code holds at most \(QRCode.longest)")
            }
            throw ControlError(.state, "\(error)")
        }
        guard !moment.screens.isEmpty else { throw ControlError(.state, "no screen is connected to show it on") }
        guard moment.level > 0 else { throw ControlError(.state, "the screen is off; turn it on first (screen on)") }
        // Shown only if every screen has room for it.
        if let small = moment.screens.first(where: { PairingOverlay(code: code, width: $0.width, height: $0.height) == nil }) {
            throw ControlError(.state, "the screen \(small.name) (\(small.width)×\(small.height)) is too small for a code of \(code.size) modules")
        }
        pairing = PairingCode(code: code, until: moment.now + .seconds(seconds))
        let note = Note(message: "pairing code shown", metadata: ["url": link.address, "seconds": "\(seconds)"])
        return Outcome(reply: .pairing(url: link.address, seconds: seconds), change: .redraw, saves: false, note: note)
    }

    /// Takes the pairing code down (noted if one showed at `now`).
    mutating func stopPairing(at now: Duration) -> Outcome {
        let showed = pairing(at: now) != nil
        pairing = nil
        return Outcome(
            reply: .pairingStopped, change: .redraw, saves: false, note: showed ? Note(message: "pairing code taken down", metadata: [:]) : nil)
    }

    /// The pairing code shown at `now`; `nil` once its time is up.
    func pairing(at now: Duration) -> PairingCode? {
        guard let pairing, now < pairing.until else { return nil }
        return pairing
    }
}

/// The control page's QR code on every screen, and until when (the loop's clock).
struct PairingCode: Equatable {
    var code: ModuleGrid
    var until: Duration
}

extension ClockState {
    /// How long a message without its own duration shows: what a request set, else
    /// `[mqtt] message_seconds`, else 30.
    var messageSeconds: Int { messageSecondsSet ?? configuration.mqtt?.messageSeconds ?? 30 }
}
