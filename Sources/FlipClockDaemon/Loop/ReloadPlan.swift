/// When the loop reloads of its own (SIGHUP, `systemctl reload`, the file saved): decided
/// from what was asked and when, with no clock read and nothing done.
///
/// Signals come as fast as anyone sends them; at most one reload begins every ``gap``, and
/// however many signals come meanwhile they are one reload, so the face is drawn and requests
/// answered between reloads. A change to the file reloads once its folder has been quiet for
/// ``settle`` (editors save in bursts). One reload is prepared at a time: what is asked while
/// one is, is the next, a gap after it ends.
struct ReloadPlan: Equatable {
    /// The shortest time from the end of one reload to the beginning of the next.
    static let gap = Duration.milliseconds(250)
    /// How long the file's folder is quiet before its change reloads.
    static let settle = Duration.milliseconds(300)

    /// When the next reload is due; `nil`: none asked.
    private(set) var due: Duration?
    /// When the last reload ended.
    private(set) var last: Duration?
    /// The signals the next reload answers.
    private(set) var signals = 0

    /// A signal at `now`: a reload as soon as one may begin.
    mutating func signalled(at now: Duration) {
        signals += 1
        let earliest = last.map { Swift.max(now, $0 + Self.gap) } ?? now
        due = Swift.min(due ?? earliest, earliest)
    }

    /// The file changed at `now`: a reload once it has been quiet for ``settle``.
    mutating func fileChanged(at now: Duration) {
        due = now + Self.settle
    }

    /// When the loop wakes for a reload: none while one is being prepared (the loop wakes
    /// when it is ready).
    func wake(preparing: Bool) -> Duration? { preparing ? nil : due }

    /// Whether a reload begins at `now`: the signals it answers (0: the file's change), or
    /// `nil` if none is due, or one is being prepared.
    mutating func begin(at now: Duration, preparing: Bool) -> Int? {
        guard let due, now >= due, !preparing else { return nil }
        defer {
            self.due = nil
            signals = 0
        }
        return signals
    }

    /// The reload ended at `now` (taken or not): the next no sooner than ``gap`` after.
    mutating func ended(at now: Duration) {
        last = now
        if let due { self.due = Swift.max(due, now + Self.gap) }
    }
}
