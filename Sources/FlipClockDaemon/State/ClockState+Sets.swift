import FlipClockControl
import FlipClockCore

extension ClockState {
    /// The match for `settings`: the saved one while its rules are the configuration's, else
    /// a new one; `nil` without `[sets]`.
    static func setMatch(for settings: SetSettings?, saved: SetMatch?) -> SetMatch? {
        guard let settings else { return nil }
        if let saved, saved.rules == settings.rules { return saved }
        return SetMatch(rules: settings.rules, firstServer: settings.firstServer)
    }

    /// What the match's items show, by name (`nil`: dark cards).
    var setFaces: [String: String?] {
        guard let sets, let settings = configuration.sets else { return [:] }
        return settings.faces(sets.standing)
    }

    /// Answers a `point` request: the rules decide; what the point made happen besides (a
    /// set won, ends to change) is said on the screens as a message.
    mutating func answer(_ command: PointCommand, at moment: Moment) throws(ControlError) -> Outcome {
        guard var match = sets, let settings = configuration.sets else {
            throw ControlError(.state, "this clock counts no sets: add [sets] to the configuration (Config/presets/ has one for each sport)")
        }
        do throws(SetError) {
            switch command {
            case .point(let side): try match.record(.point(side))
            case .timeout(let side): try match.record(.timeout(side))
            case .serve(let side): try match.record(.serve(side))
            case .undo: try match.undo()
            case .new(let server): match = SetMatch(rules: settings.rules, firstServer: server ?? settings.firstServer)
            }
        } catch {
            throw ControlError(.state, error.description)
        }
        sets = match
        // An undo's events are those of the action now last: not said again. What the match
        // said before and is still waiting is old news: the newest takes its place.
        if command != .undo, let text = Self.saying(match.standing.events, of: match) {
            messages.withdraw(said)
            if case .message(let number, _)? = try? post(text, hold: .seconds(messageSeconds), row: 1, at: moment).reply { said = [number] }
        }
        return Outcome(
            reply: .point(SetReading(match)), change: .redraw, saves: true,
            note: Note(message: ControlRequest.point(command).line, metadata: ["match": match.summary]))
    }

    /// What the board says of a point's or a timeout's `events`: `Set home 25-23. Change ends`;
    /// `nil` for none (a tennis game won alone).
    static func saying(_ events: [SetMatch.Event], of match: SetMatch) -> String? {
        let standing = match.standing
        let said = events.compactMap { event -> String? in
            switch event {
            // A tennis game won is on its cards; the panel says what changes more than a card.
            case .gameWon: nil
            case .setWon(let side): "Set \(side.rawValue) " + (standing.finishedSets.last?.text ?? "")
            case .matchWon(let side): "Match \(side.rawValue) \(standing.sets.home)-\(standing.sets.away)"
            case .changeEnds: "Change ends"
            case .timeout(let side): "Timeout \(side.rawValue)"
            }
        }
        return said.isEmpty ? nil : said.joined(separator: ". ")
    }
}
