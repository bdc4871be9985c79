import FlipClockControl
import FlipClockCore
import Logging

extension ClockLoop {
    /// Who waits for a held reply (``HeldReplies``): a client of the socket, or an asker of ``WaitingRequests``.
    enum HeldAsker: Equatable {
        /// A descriptor and which connection it was (``ControlServer/serial(of:)``).
        case socket(Int32, serial: Int?)
        case waiting(Int)
    }

    /// Sends the replies ``held`` lets go.
    func send(_ released: [HeldReplies<HeldAsker>.Release]) {
        for one in released {
            switch one.asker {
            case .socket(let client, let serial): control?.reply(one.reply.line(json: one.json), to: client, serial: serial)
            case .waiting(let id): waiting?.answer(id, with: one.reply)
            }
        }
    }

    /// The held replies whose wait for the broker ended: refused as not shared (every wake).
    func expireHeld() {
        guard held.count > 0 else { return }
        send(held.expire(at: clock.now))
    }

    /// Answers the `[match]`'s questions among those other threads asked (the MQTT session's):
    /// the match as this clock holds it, a leader's state to follow, whether this clock leads.
    func answerMatch(_ taken: [WaitingRequests.Taken], waiting: WaitingRequests) {
        for asked in taken {
            switch asked.question {
            case .match: waiting.answer(asked.id, with: matchState(), version: state.standing.version)
            case .shared(let version):
                send(held.shared(upTo: version))
                waiting.answer(asked.id, with: String?.none)
            case .follow(let payload): waiting.answer(asked.id, with: follow(payload))
            case .lead(let leading, let lost):
                lead(leading, lost: lost)
                waiting.answer(asked.id, with: String?.none)
            case .request, .pictures: continue
            }
        }
    }

    /// Takes what the MQTT side says: whether this clock leads its `[match]` now, and whether
    /// it has lost its leader; the screens show the lost-leader mark, or take it down, at the
    /// next frame.
    func lead(_ leading: Bool, lost: Bool) {
        if state.standing.leading != leading {
            logger.notice(leading ? "match: this clock leads" : "match: this clock follows", metadata: ["topic": "\(matchTopic)"])
        }
        let marked = state.lostLeader
        state.standing.leading = leading
        state.standing.lost = lost
        guard state.lostLeader != marked else { return }
        logger.notice(marked ? "match: leader found, the mark is off" : "match: leader lost, the mark is on", metadata: ["topic": "\(matchTopic)"])
        show(.redraw)
    }

    private var matchTopic: String { configuration.match?.topic ?? "" }

    /// The match's JSON as the leader publishes it, its game run on to now (its horns
    /// sounded); `nil` without `[match]`.
    func matchState() -> String? {
        guard configuration.match != nil else { return nil }
        playGame(at: wall)
        return state.matchState.encoded
    }

    /// Follows a leader's `T/state` `payload`: checked (``MatchState/followed(_:by:now:)``),
    /// then its scores, texts and game replace this clock's, flip as a request's change would
    /// and are saved. `nil` if taken, else why not (this clock keeps what it shows).
    func follow(_ payload: String) -> String? {
        guard configuration.match != nil else { return "match: this clock has no [match]" }
        guard state.follows else { return "match: this clock leads the match" }
        let now = wall
        let followed: MatchState.Followed
        do {
            followed = try MatchState.followed(payload, by: configuration, now: now)
        } catch {
            return error.description
        }
        for note in followed.notes { logger.warning("\(note)", metadata: ["topic": "\(matchTopic)"]) }
        // This clock's own game to now first: a horn of its own at a zero is sounded.
        playGame(at: now)
        let changed = state.follow(followed, at: now)
        guard changed.saves else { return nil }
        // The leader's match is shown even if this clock cannot keep it: the next state saves again.
        do throws(ControlError) {
            try save()
        } catch {
            logger.error("match: cannot save the state", metadata: ["error": "\(error)"])
        }
        logger.info(
            "match followed",
            metadata: [
                "topic": "\(matchTopic)", "leader": "\(followed.leader)", "seq": "\(followed.seq)", "scores": "\(state.board.summary)",
            ])
        if !changed.scores.isEmpty { show(.scores(changed.scores)) }
        if !changed.texts.isEmpty { show(.texts(changed.texts)) }
        show(.redraw)
        return nil
    }
}
