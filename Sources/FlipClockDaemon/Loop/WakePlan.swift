import FlipClockCore

/// When the loop wakes next by itself: decided from what the screens and the state say,
/// with no clock read and nothing done.
struct WakePlan: Equatable {
    /// The next frame on the monotonic clock (``never`` at rest with no panel moving).
    var frame: Duration
    /// At rest, the wall-clock instant at which something shown next changes.
    var wall: WallInstant?

    /// Later than any wake.
    static let never = Duration.seconds(1 << 40)

    /// After a frame at `now`: the next one a refresh later while cards move, or the state's
    /// next change if it comes first (a game clock's tenth is shown at its instant); at rest, the
    /// panel's next move, and the wall clock's next change of the face (a second or a
    /// minute, `faceChange`) or of the state (`stateChange`: a timer, the schedule); and
    /// the end of a pairing code (`pairingEnds`), when the face is drawn whole again.
    static func afterFrame(
        now: Duration, moving: Bool, frameInterval: Duration, panelChange: Duration?, pairingEnds: Duration? = nil, faceChange: WallInstant,
        stateChange: WallInstant?
    ) -> WakePlan {
        if moving { return WakePlan(frame: now + frameInterval, wall: stateChange) }
        let wall = stateChange.map { min(faceChange, $0) } ?? faceChange
        return WakePlan(frame: [panelChange, pairingEnds].compactMap { $0 }.min() ?? never, wall: wall)
    }

    /// How long the loop may sleep from `awake`: until the next frame; while switched away
    /// from the console, a second (a switch back whose signal was lost is not waited for
    /// forever) or an hour without a console; never past the watchdog, a control client's
    /// deadline, a reload that is due, a look for the keypad, the end of a horn (its relay
    /// released, even while switched away), the light sensor's next reading or a look at the
    /// time's synchronisation while it is not (`sync`, ``TimeSync/wake``: none once it is);
    /// not at all while requests wait beyond the last wake's budget.
    static func sleep(
        from awake: Duration, nextFrame: Duration, suspended: Bool, hasTerminal: Bool, watchdog: Duration?, control: Duration?,
        requestsWaiting: Bool, reload: Duration?, keypad: Duration? = nil, horn: Duration? = nil, light: Duration? = nil, sync: Duration? = nil
    ) -> Duration {
        var until = suspended ? awake + .seconds(hasTerminal ? 1 : 3600) : nextFrame
        for deadline in [watchdog, control, reload, keypad, horn, light, sync].compactMap({ $0 }) { until = min(until, deadline) }
        return requestsWaiting ? min(until, awake) : until
    }
}
