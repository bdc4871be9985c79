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
/// A set the timerfd cannot see, because it came before the timer was armed (between the
/// loop reading the wall clock and sleeping, or while the timer was spent), shows as the wall
/// clock having moved against the monotonic one since the last wait ended (``ClockOffset``).
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
    private var offset: ClockOffset
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
        offset = ClockOffset(reference: ClockOffset.now())
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
        // After arming: a set from here on cancels the timer; one before it shows in the offset.
        if start == nil, offset.moved(to: ClockOffset.now()) {
            armed = nil
            return LoopWake(clockSet: true)
        }
        defer { if start == nil { offset.reference = ClockOffset.now() } }
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

/// The wall clock less the monotonic one, taken when a wait ends and again when the next one
/// begins: if it moved by more than slewing can (chrony slews at most 83 ms a second, and a
/// loop's turn between two waits is milliseconds), the wall clock was set in between.
struct ClockOffset: Equatable {
    /// The most slewing can move the clock within one turn of the loop.
    static let slewing = Duration.milliseconds(250)
    var reference: Duration

    /// Whether `offset` differs from the reference by more than slewing; it becomes the reference.
    mutating func moved(to offset: Duration) -> Bool {
        defer { reference = offset }
        let change = offset - reference
        return change > Self.slewing || change < .zero - Self.slewing
    }

    /// `CLOCK_REALTIME` less `CLOCK_MONOTONIC`, now.
    static func now() -> Duration {
        var wall = Glibc.timespec()
        var monotonic = Glibc.timespec()
        clock_gettime(CLOCK_MONOTONIC, &monotonic)
        clock_gettime(CLOCK_REALTIME, &wall)
        return .seconds(wall.tv_sec - monotonic.tv_sec) + .nanoseconds(wall.tv_nsec - monotonic.tv_nsec)
    }
}

/// A failed system call of the daemon's own: the function and its code.
public struct DaemonError: Error, CustomStringConvertible, Equatable {
    public var function: String
    public var errno: Errno

    public var description: String { "\(function): \(errno)" }
}
