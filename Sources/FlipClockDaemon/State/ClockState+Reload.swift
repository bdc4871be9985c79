import FlipClockCore

extension ClockState {
    /// Acknowledged values whose names a reloaded configuration does not have: a score, a
    /// timer, a game whose `[[score]]`, `[[timer]]` or `[game]` a file being written (or
    /// emptied by mistake) left out. Kept until the process ends, saved with the rest, and
    /// shown again when a reload brings the name back. (Texts are kept by name already.)
    struct SetAside: Equatable {
        var scores: [String: Int] = [:]
        var timers: [String: FlipTimer] = [:]
        /// The game as it was when `[game]` went, or its rules changed.
        var game: Game?
    }

    /// The scores as the state file keeps them: those shown, and those set aside as they were
    /// (a score an operator changes since is no longer set aside).
    var savedScores: [String: Int] { board.values.merging(setAside.scores) { $1 } }

    /// The timers as the state file keeps them: those shown and those set aside.
    var savedTimers: [String: FlipTimer] { setAside.timers.merging(timers) { $1 } }

    /// The game as the state file keeps it: the one played, else the one set aside.
    var savedGame: Game? { game ?? setAside.game }

    /// Timers for the configured items: saved states kept where the names still match.
    static func timers(for items: [TimerItem], saved: [String: FlipTimer]) -> [String: FlipTimer] {
        Dictionary(
            uniqueKeysWithValues: items.map { item in
                var timer = saved[item.name] ?? FlipTimer(item)
                timer.direction = item.direction
                return (item.name, timer)
            })
    }
}
