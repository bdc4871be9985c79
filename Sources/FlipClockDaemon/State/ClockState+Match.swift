import FlipClockControl
import FlipClockCore

extension ClockState {
    /// Where this clock stands in the `[match]`: whether it leads it now and whether it has lost
    /// its leader (the MQTT side says), and the last state it took from the leader.
    struct MatchStanding: Equatable {
        /// Set by the MQTT side while its lead connection holds the match; a follower never leads.
        var leading = false
        /// Whether it has lost its leader (its connection down, nobody leads, no state yet), as
        /// the MQTT side says; lost from the start until it says otherwise.
        var lost = true
        /// The last state applied, by its leader and count: the same one again is not applied twice.
        var applied: (leader: String, seq: Int)?
        /// The count of the match's changes made here while leading: a reply to one is held
        /// until the broker has a `T/state` of this version (``HeldReplies``).
        var version = 0

        static func == (a: MatchStanding, b: MatchStanding) -> Bool {
            a.leading == b.leading && a.lost == b.lost && a.applied?.leader == b.applied?.leader && a.applied?.seq == b.applied?.seq
        }
    }

    /// Whether the screens show the lost-leader mark: with `[match]`, while this clock does not
    /// lead it and has lost its leader.
    var lostLeader: Bool { configuration.match != nil && !standing.leading && standing.lost }

    /// Where this clock stands in the `[match]` as `status` reports it; `nil` without `[match]`.
    var matchStatus: ControlReply.Status.Match? {
        guard configuration.match != nil else { return nil }
        return standing.leading ? .leading : standing.lost ? .lost : .led
    }

    /// Whether the match is led elsewhere: with `[match]`, while this clock does not lead it,
    /// the requests that change it are refused (``matchRefusal(_:)``).
    var follows: Bool {
        guard let match = configuration.match else { return false }
        return match.role == .follower || !standing.leading
    }

    /// Whether this clock leads its `[match]` now: its changes' replies wait for the broker.
    var leads: Bool { configuration.match != nil && !follows }

    /// What of the state the match is made of (``matchState``), to tell whether a request changed it.
    struct MatchParts: Equatable {
        var scores: [String: Int]
        var texts: [String: String]
        var game: Game?
    }

    var matchParts: MatchParts { MatchParts(scores: board.values, texts: texts, game: game) }

    /// Why `request` is refused while the match is led elsewhere: it changes the match (a score,
    /// a text, the game); `nil` if it is not refused.
    func matchRefusal(_ request: ControlRequest) -> ControlError? {
        guard follows, let match = configuration.match else { return nil }
        switch request {
        case .score, .text, .texts, .game:
            return ControlError(.ledElsewhere, "this clock follows the match \(match.topic): change it where it is led")
        default:
            return nil
        }
    }

    /// The match as this clock holds it, as the leader publishes it (``MatchState/encoded``).
    var matchState: MatchState {
        MatchState(scores: board.values, texts: texts, game: game.map(SavedGame.init))
    }

    /// What taking a leader's state changed: the scores and texts whose cards flip, and
    /// whether the game changed.
    struct MatchChange: Equatable {
        var scores: [String: Int] = [:]
        var texts: [String: String] = [:]
        var game = false
        /// Whether anything changed that the state file keeps.
        var saves: Bool { !scores.isEmpty || !texts.isEmpty || game }
    }

    /// Takes `state`, checked by ``MatchState/followed(_:by:now:)``, at `now`: its scores,
    /// texts and game replace this clock's. The game is run on to `now` silently: a horn it
    /// passes on the way was the leader's to sound (its instant before the leader's change),
    /// or this clock's own game has sounded it already (the loop advances it to `now` first).
    /// A state already applied (the same leader's, not a later count) changes nothing.
    mutating func follow(_ state: MatchState.Followed, at now: WallInstant) -> MatchChange {
        if let last = standing.applied, last.leader == state.leader, state.seq <= last.seq { return MatchChange() }
        standing.applied = (state.leader, state.seq)
        var followed = MatchChange()
        followed.scores = state.scores.filter { board.values[$0.key] != $0.value }
        followed.texts = state.texts.filter { texts[$0.key] != $0.value }
        take(scores: followed.scores, texts: followed.texts)
        var game = state.game
        _ = game.advance(to: now)
        if game != self.game {
            self.game = game
            followed.game = true
        }
        // What undo would put back is this clock's, not the match's.
        if followed.saves { undoable = [] }
        return followed
    }
}
