extension SetMatch.Standing {
    /// The standing of a match not begun under `rules`: a match tie-break alone (best of 1)
    /// starts in its tie-break.
    init(rules: SetRules, firstServer: SetMatch.Side) {
        self.init(firstServer: firstServer)
        inTieBreak = Self.startsInTieBreak(set: 1, rules)
    }

    /// One step of the fold: the standing after `action`, or why the rules refuse it (and
    /// then nothing has changed).
    mutating func apply(_ action: SetMatch.Action, under rules: SetRules) throws(SetError) {
        guard !isOver else { throw .over }
        switch action {
        case .timeout(let side):
            guard rules.timeouts > 0 else { throw .noTimeouts }
            guard timeouts[side] < rules.timeouts else { throw .noTimeoutLeft(side, rules.timeouts, rules.timeoutsPer) }
            timeouts[side] += 1
            events = [.timeout(side)]
        case .serve(let side):
            events = []
            guard server != side else { return }
            server = side
            if case .rally(let rally) = rules.scoring, rally.serve == .winner, points != PerSide(0, 0) { return }
            setServer = setServer.other
        case .point(let side):
            events = []
            points[side] += 1
            switch rules.scoring {
            case .rally(let rally): rallyPoint(side, rally, rules)
            case .tennis(let tennis): tennisPoint(side, tennis, rules)
            }
        }
    }

    /// A point in a set won by points alone.
    private mutating func rallyPoint(_ side: SetMatch.Side, _ rally: SetRules.Rally, _ rules: SetRules) {
        let (p, o) = (points[side], points[side.other])
        let deciding = rules.isDeciding(set)
        let target = deciding ? rally.decidingPoints : rally.points
        if p >= target, p > o, p - o >= rally.winBy || rally.cap.map({ p >= $0 }) == true {
            let next = rally.nextSetServer == .setWinner ? side : setServer.other
            finishSet(won: side, SetMatch.SetScore(points.home, points.away), rules)
            guard !isOver else { return }
            setServer = next
            server = next
            if rally.endsAfterSet, !(rally.tossBeforeDecidingSet && rules.isDeciding(set)) { events.append(.changeEnds) }
            return
        }
        let played = p + o
        switch rally.serve {
        case .winner:
            server = side
        case .turns(let each):
            // Each serves `each` in turn until one point short of the set all, then one
            // (the bounds: rules not checked by `problem` play on, never trap).
            let each = max(1, each)
            let deuce = 2 * (min(max(target, 1), SetRules.most) - 1)
            let turn = played < deuce ? played / each : deuce / each + played - deuce
            server = turn % 2 == 0 ? setServer : setServer.other
        }
        let every = deciding ? rally.decidingEndsEvery : rally.endsEvery
        let reached = deciding && rally.decidingEndsAt > 0 && p == rally.decidingEndsAt && o < p
        if every > 0 && played % every == 0 || reached { events.append(.changeEnds) }
    }

    /// A point in a tennis game or tie-break.
    private mutating func tennisPoint(_ side: SetMatch.Side, _ tennis: SetRules.Tennis, _ rules: SetRules) {
        let (p, o) = (points[side], points[side.other])
        guard inTieBreak else {
            // Four points by two; without advantage, four (at deuce the next point wins).
            if p >= 4, p - o >= 2 || tennis.noAd { tennisGame(side, tennis, rules) }
            return
        }
        let target = rules.isDeciding(set) ? tennis.matchTieBreak ?? tennis.tieBreakPoints : tennis.tieBreakPoints
        if p >= target, p - o >= 2 {
            tennisGame(side, tennis, rules)
            return
        }
        // The game's server serves its first point, then each side two in turn.
        let played = p + o
        let gameServer = (games.home + games.away) % 2 == 0 ? setServer : setServer.other
        server = (played + 1) / 2 % 2 == 0 ? gameServer : gameServer.other
        if tennis.tieBreakEndsEvery > 0, played % tennis.tieBreakEndsEvery == 0 { events.append(.changeEnds) }
    }

    /// A tennis game (a tie-break) won: the set's too if it was its last.
    private mutating func tennisGame(_ side: SetMatch.Side, _ tennis: SetRules.Tennis, _ rules: SetRules) {
        let tieBreak = inTieBreak ? points : nil
        games[side] += 1
        points = PerSide(0, 0)
        let played = games.home + games.away
        // Serves alternate by game over a set's end; ends change at each odd game total of a set.
        let next = played % 2 == 0 ? setServer : setServer.other
        let (g, o) = (games[side], games[side.other])
        if tieBreak != nil || g >= tennis.games && g - o >= 2 {
            finishSet(won: side, SetMatch.SetScore(games.home, games.away, tieBreak: tieBreak), rules)
            guard !isOver else { return }
            setServer = next
            inTieBreak = Self.startsInTieBreak(set: set, rules)
        } else {
            events = [.gameWon(side)]
            inTieBreak = tennis.tieBreakAt.map { games.home == $0 && games.away == $0 } == true
        }
        server = next
        if played % 2 == 1 { events.append(.changeEnds) }
    }

    /// A set won: the match too when it is the side's last.
    private mutating func finishSet(won side: SetMatch.Side, _ score: SetMatch.SetScore, _ rules: SetRules) {
        finishedSets.append(score)
        sets[side] += 1
        points = PerSide(0, 0)
        games = PerSide(0, 0)
        inTieBreak = false
        if rules.timeoutsPer == .set { timeouts = PerSide(0, 0) }
        if sets[side] >= rules.setsToWin {
            winner = side
            events = [.matchWon(side)]
        } else {
            events = [.setWon(side)]
        }
    }

    /// Whether set `n` is a match tie-break from its first point.
    private static func startsInTieBreak(set n: Int, _ rules: SetRules) -> Bool {
        guard case .tennis(let tennis) = rules.scoring else { return false }
        return tennis.matchTieBreak != nil && rules.isDeciding(n)
    }
}
