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
        /// The match counted in sets as it was when `[sets]` went, or its rules changed.
        var sets: SetMatch?
    }

    /// The scores as the state file keeps them: those shown, and those set aside as they were
    /// (a score an operator changes since is no longer set aside).
    var savedScores: [String: Int] { board.values.merging(setAside.scores) { $1 } }

    /// The timers as the state file keeps them: those shown and those set aside.
    var savedTimers: [String: FlipTimer] { setAside.timers.merging(timers) { $1 } }

    /// The game as the state file keeps it: the one played, else the one set aside.
    var savedGame: Game? { game ?? setAside.game }

    /// The match counted in sets as the state file keeps it: the one played, else the one set aside.
    var savedSets: SetMatch? { sets ?? setAside.sets }

    /// What a reload to `rules` makes of `old` (a game, a match in sets): the one set aside
    /// under those rules if `old` does not fit them, else what `kept` makes of `old` (itself,
    /// or a new one); `old` set aside once it no longer fits.
    static func reloaded<Match, Rules: Equatable>(
        _ old: Match?, aside: inout Match?, rules: Rules?, of ruled: KeyPath<Match, Rules>, kept: (Match?) -> Match?
    ) -> Match? {
        let now: Match?
        if let rules, let back = aside, back[keyPath: ruled] == rules, old?[keyPath: ruled] != rules {
            now = back
            aside = nil
        } else {
            now = kept(old)
        }
        if let old, now?[keyPath: ruled] != old[keyPath: ruled] { aside = old }
        return now
    }

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
