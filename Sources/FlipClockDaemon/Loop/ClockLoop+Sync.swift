import FlipClockCore
import Logging

extension ClockLoop {
    /// Asks the kernel whether the time is synchronised when a look is due (``TimeSync``:
    /// every 2 s while it is not, on a wake of its own; every minute once it is, on a wake
    /// that comes anyway); says each change once, and draws the face again when whether it
    /// is changed (the mark or the dashes come or go at once).
    func checkSync(at now: Duration) {
        guard let readSync, sync.isDue(at: now) else { return }
        let wasSynced = sync.isSynced
        let reading = readSync()
        if let line = sync.take(reading, at: now, unsynced: configuration.unsynced) {
            if case .synced = reading { logger.notice("\(line)") } else { logger.warning("\(line)") }
        }
        if sync.isSynced != wasSynced { plan.frame = min(plan.frame, now) }
    }

    /// What the face shows for the time's synchronisation now: `.show`, `.mark` or `.dashes`.
    var syncLook: TimeSync.Unsynced { sync.look(configuration.unsynced) }
}
