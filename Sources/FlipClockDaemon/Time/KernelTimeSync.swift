import CLinux
import FlipClockCore
import Glibc

/// Whether the kernel says the wall clock is synchronised: `adjtimex(2)` read only, the one
/// source. chrony and systemd-timesyncd both steer the clock through it (STA_UNSYNC cleared,
/// `maxerror` kept small), so it covers either, and NTP daemons that do not write files.
///
/// `/run/systemd/timesync/synchronized`, which timesyncd touches once it has synchronised,
/// is not a second source: it says nothing adjtimex does not, only for timesyncd, and it
/// stays after the kernel marks the clock unsynchronised again (it is removed at boot only).
public enum KernelTimeSync {
    /// The kernel's reading now; a refused call (EPERM under a seccomp filter, ENOSYS) is
    /// `unknown`, with the errno text.
    public static func read() -> SyncReading {
        var status: Int32 = 0
        var maxError = 0
        guard flipclock_time_sync(&status, &maxError) != -1 else {
            return .unknown(why: "adjtimex: \(String(cString: strerror(errno)))")
        }
        return SyncReading(status: status, maxErrorMicroseconds: maxError)
    }
}
