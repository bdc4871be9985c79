import CLinux
import FlipClockCore
import Glibc

/// The clocks the daemon's loop reads and sleeps on: the system's (``SystemClock``), or a
/// test's (`SimulatedClock`, in FlipClockTestKit) that runs a day in milliseconds.
///
/// Two clocks, as on Linux: a monotonic one that paces frames and never steps, and the wall
/// clock that the face shows, which can be set (NTP, by hand), jump on resume, and whose
/// zone can change.
public protocol TimeSource: AnyObject {
    /// Time since the loop's clock began, on the monotonic clock.
    var now: Duration { get }
    /// The wall clock.
    var wall: WallInstant { get }
    /// The zone shown when the configuration names none: the system's, which can change.
    var systemZone: ZoneRules { get }
    /// Sleeps until `deadline` on the monotonic clock, until the wall clock reaches
    /// `wallDeadline`, or until one of `descriptors` is readable (their `revents` are set
    /// on return), whichever comes first; says what else woke it.
    func sleep(until deadline: Duration, orWall wallDeadline: WallInstant?, watching descriptors: inout [pollfd]) throws -> LoopWake
}

/// What woke the loop besides its own deadline and its descriptors.
public struct LoopWake: Equatable, Sendable {
    /// The wall deadline came, this long after it was due.
    public var lateness: Duration?
    /// The wall clock was set, or the machine resumed: what it shows must be looked at again.
    public var clockSet = false
    /// The system's time zone changed.
    public var zoneChanged = false

    public init(lateness: Duration? = nil, clockSet: Bool = false, zoneChanged: Bool = false) {
        self.lateness = lateness
        self.clockSet = clockSet
        self.zoneChanged = zoneChanged
    }
}

extension WallInstant {
    /// The system's wall clock now (`CLOCK_REALTIME`).
    ///
    /// The corresponding C function is `clock_gettime`.
    static var now: WallInstant {
        var t = Glibc.timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        return WallInstant(nanosecondsSince1970: Int64(t.tv_sec) * 1_000_000_000 + Int64(t.tv_nsec))
    }

    /// This instant as an absolute `CLOCK_REALTIME` time.
    var timespec: timespec {
        let seconds = unixSeconds
        return Glibc.timespec(tv_sec: seconds, tv_nsec: Int((self - WallInstant(unixSeconds: seconds)).components.attoseconds / 1_000_000_000))
    }
}

extension Duration {
    /// This duration as a `timespec`, for `ppoll` (negative durations are zero).
    var timespec: timespec {
        let d = max(.zero, self)
        return Glibc.timespec(tv_sec: Int(d.components.seconds), tv_nsec: Int(d.components.attoseconds / 1_000_000_000))
    }
}
