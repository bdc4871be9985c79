import FlipClockControl
import FlipClockCore
import Logging

extension ClockLoop {
    /// The record's entry for a request answered so (`nil` if it is not recorded): a change of
    /// the scores, the texts or the game that was made, with the game clock as it reads now
    /// and the scores after it. Timers, messages, the screen, the sound and pairing are not
    /// the match's. A match in sets' point is recorded with the set as its period and each
    /// side's points, games and sets among the scores. `game new` and `point new` start a new
    /// match's record.
    func entry(for request: ControlRequest, _ answer: Answer, from source: String?) -> (entry: RecordEntry, startsMatch: Bool)? {
        guard record != nil, answer.saves else { return nil }
        if case .refused = answer.reply { return nil }
        switch request {
        case .score, .text, .texts, .game, .point: break
        default: return nil
        }
        let now = wall
        let entry = RecordEntry(
            sequence: 0, at: now, clock: state.game?.clockText(at: now), clockMilliseconds: state.game?.clock.milliseconds(at: now),
            period: state.game?.period ?? state.sets?.standing.set, source: source.flatMap(ChangeSource.init) ?? .local, change: request.line,
            scores: state.board.values.merging(setScores) { $1 })
        let startsMatch =
            switch request {
            case .game(.act(.newGame)), .point(.new): true
            default: false
            }
        return (entry, startsMatch)
    }

    /// A match in sets as the record counts it: each side's points (as counted, not as a
    /// tennis game calls them), games and sets.
    var setScores: [String: Int] {
        guard let standing = state.sets?.standing else { return [:] }
        var scores: [String: Int] = [:]
        for side in GameTeams.Team.allCases {
            scores["\(side.rawValue)_points"] = standing.points[side]
            scores["\(side.rawValue)_games"] = standing.games[side]
            scores["\(side.rawValue)_sets"] = standing.sets[side]
        }
        return scores
    }

    /// Records what the game did by itself (`period 1 ended`), each with the game clock as it
    /// read just before, under the source `clock`.
    func recordClock(_ happened: [(event: GameEvent, before: Game)]) {
        guard record != nil, !happened.isEmpty else { return }
        write(
            happened.map { event, before in
                let at = RecordEntry.instant(of: event)
                return (
                    RecordEntry(
                        sequence: 0, at: at, clock: before.clockText(at: at), clockMilliseconds: before.clock.milliseconds(at: at),
                        period: before.period, source: .clock, change: RecordEntry.change(event, before: before),
                        scores: state.board.values), false
                )
            })
    }

    /// At a start, once the state is read: scores that differ from the record's last entry's
    /// (a change in flight at a kill, saved and never acknowledged) are recorded as they are,
    /// so the record ends where the board stands.
    func recordSavedScores() {
        let scores = state.board.values.merging(setScores) { $1 }
        guard let last = record?.lastScores, last != scores else { return }
        let now = wall
        write([
            (
                RecordEntry(
                    sequence: 0, at: now, clock: state.game?.clockText(at: now), clockMilliseconds: state.game?.clock.milliseconds(at: now),
                    period: state.game?.period ?? state.sets?.standing.set, source: .clock,
                    change: "scores at the start differ from the record's last; as saved", scores: scores), false
            )
        ])
    }

    /// `game record`'s page: a record read back from the folder.
    func recordPage(match: Int?, from: Int) -> ControlReply {
        guard var folder = record else { return .refused(ControlError(.state, "this clock keeps no match record")) }
        defer { record = folder }
        switch folder.page(match: match, from: from) {
        case .success(let page): return .record(page)
        case .failure(let error): return .refused(ControlError(.state, error.description))
        }
    }

    /// Appends `entries` to the record. A record that cannot be written does not refuse the
    /// change: the state is what the board shows and keeps; the problem is logged once (until
    /// a write succeeds again).
    func write(_ entries: [(entry: RecordEntry, startsMatch: Bool)]) {
        guard !entries.isEmpty, var folder = record else { return }
        do throws(RecordError) {
            for note in try folder.append(entries, at: wall) { logger.error("\(note)") }
            if folder.problem != nil { logger.notice("the match record is written again", metadata: ["folder": "\(folder.path)"]) }
            folder.problem = nil
        } catch {
            if folder.problem != error.description {
                logger.error("cannot write the match record; the changes are kept, not recorded", metadata: ["error": "\(error)"])
            }
            folder.problem = error.description
        }
        record = folder
    }
}
