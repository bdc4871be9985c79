extension Game {
    /// Below how many seconds the clock shown now reads in tenths: a period's countdown's
    /// rule; never a break's or an up clock.
    public var clockTenthsBelow: Int { phase == .play && rules.direction == .down ? rules.tenthsBelow : 0 }

    /// The game clock's text at `now` (the break's clock in a break): `MM:SS` or `SS.t`.
    public func clockText(at now: WallInstant) -> String {
        GameClockText.text(clock.milliseconds(at: now), clock.direction, tenthsBelow: clockTenthsBelow)
    }

    /// The shot clock's text at `now`, `nil` when it is dark: no shot clock, not in play, or
    /// (as the rules may say) more time on it than on the game clock.
    public func shotText(at now: WallInstant) -> String? {
        guard let rules = rules.shotClock, let shot, phase == .play else { return nil }
        let ms = shot.milliseconds(at: now)
        if rules.offBelowGameClock, self.rules.direction == .down, clock.milliseconds(at: now) < ms { return nil }
        return GameClockText.text(ms, .down, tenthsBelow: rules.tenthsBelow, minutes: false)
    }

    /// The next instant after `now` when what the clocks show changes or something happens
    /// by itself (a horn); `nil` while nothing runs.
    public func nextChange(after now: WallInstant) -> WallInstant? {
        var next: [WallInstant] = []
        if clock.isRunning, let ms = GameClockText.nextChange(clock.milliseconds(at: now), clock.direction, tenthsBelow: clockTenthsBelow) {
            next += [clock.reaches(ms)].compactMap { $0 }
        }
        if phase == .play, rules.direction == .up, !lengthSounded, let at = clock.reaches(rules.end(ofPeriod: period)) { next.append(at) }
        if phase == .play, let shot, shot.isRunning, let rules = rules.shotClock,
            let ms = GameClockText.nextChange(shot.milliseconds(at: now), .down, tenthsBelow: rules.tenthsBelow, minutes: false)
        {
            next += [shot.reaches(ms)].compactMap { $0 }
        }
        if let penalty = teams.nextChange(after: now) { next.append(penalty) }
        return next.filter { $0 > now }.min()
    }
}
