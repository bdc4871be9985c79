import CLinux
import FlipClockCore
import FlipClockSystem
import Glibc
import SystemPackage

/// The system's clocks: `ContinuousClock` for pacing, `CLOCK_REALTIME` for the face.
///
/// A wall deadline is an absolute `CLOCK_REALTIME` timerfd (`TFD_TIMER_ABSTIME`) cancelled
/// when the clock is set (`TFD_TIMER_CANCEL_ON_SET`), so the loop wakes exactly at the
/// second or minute, and at once when NTP or a person sets the clock or the machine resumes.
/// `/etc` is watched for the system's zone changing.
///
/// With a fixed start (`FLIPCLOCK_START`), the wall clock begins at that instant and runs
/// with the monotonic clock, so a run shows the same frames every time.
public final class SystemClock: TimeSource {
    private let monotonic = ContinuousClock()
    private let origin: ContinuousClock.Instant
    private let start: WallInstant?
    private let wallTimer: Int32
    private var armed: WallInstant?
    private let zoneWatch: FolderWatch?
    public private(set) var systemZone: ZoneRules

    /// The system's clocks; from `start` on, if given, instead of the system's wall clock.
    public init(startingAt start: WallInstant? = nil) throws(DaemonError) {
        let timer = timerfd_create(CLOCK_REALTIME, Int32(TFD_CLOEXEC) | Int32(TFD_NONBLOCK))
        guard timer >= 0 else { throw DaemonError(function: "timerfd_create", errno: .current) }
        wallTimer = timer
        self.start = start
        zoneWatch = start == nil ? FolderWatch(folder: "/etc") : nil
        systemZone = SystemZone.current()
        origin = monotonic.now
    }

    deinit { close(wallTimer) }

    public var now: Duration { monotonic.now - origin }

    public var wall: WallInstant {
        if let start { return start + now }
        return .now
    }

    public func sleep(until deadline: Duration, orWall wallDeadline: WallInstant?, watching descriptors: inout [pollfd]) throws -> LoopWake {
        var deadline = deadline
        var realtime = start == nil ? wallDeadline : nil
        if let start, let wallDeadline { deadline = min(deadline, wallDeadline - start) }
        if realtime != armed {
            var setting = itimerspec(it_interval: Glibc.timespec(), it_value: realtime?.timespec ?? Glibc.timespec())
            timerfd_settime(wallTimer, Int32(TFD_TIMER_ABSTIME) | Int32(TFD_TIMER_CANCEL_ON_SET), &setting, nil)
            armed = realtime
        }
        let own = descriptors.count
        descriptors.append(pollfd(fd: wallTimer, events: Int16(POLLIN), revents: 0))
        if let zoneWatch { descriptors.append(pollfd(fd: zoneWatch.descriptor, events: Int16(POLLIN), revents: 0)) }
        defer { descriptors.removeSubrange(own...) }
        var timeout = (deadline - now).timespec
        // A signal ends the wait (EINTR) so the loop sees what it asks at once: no retry.
        if ppoll(&descriptors, nfds_t(descriptors.count), &timeout, nil) < 0, Errno.current != .interrupted {
            throw DaemonError(function: "ppoll", errno: .current)
        }
        var wake = LoopWake()
        if descriptors[own].revents & Int16(POLLIN) != 0 {
            // The deadline came, or the clock was set (the read fails with ECANCELED).
            var expirations: UInt64 = 0
            if read(wallTimer, &expirations, 8) < 0 && errno == ECANCELED {
                wake.clockSet = true
            } else if let due = realtime {
                wake.lateness = WallInstant.now - due
            }
            armed = nil
            realtime = nil
        } else if start != nil, let wallDeadline, wall >= wallDeadline {
            wake.lateness = wall - wallDeadline
        }
        if let zoneWatch, descriptors[own + 1].revents & Int16(POLLIN) != 0, !zoneWatch.changedNames().isDisjoint(with: SystemZone.files) {
            let zone = SystemZone.current()
            if zone != systemZone {
                systemZone = zone
                wake.zoneChanged = true
            }
        }
        return wake
    }
}

/// A failed system call of the daemon's own: the function and its code.
public struct DaemonError: Error, CustomStringConvertible, Equatable {
    public var function: String
    public var errno: Errno

    public var description: String { "\(function): \(errno)" }
}
