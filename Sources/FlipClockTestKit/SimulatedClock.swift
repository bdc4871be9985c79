import CLinux
import FlipClockCore
import FlipClockCoreTestKit
import FlipClockDaemon
import Glibc

/// A clock for tests and the bench's soak: sleeping takes no time, so the loop runs a day in milliseconds.
///
/// Every sleep jumps straight to its deadline, or to the next thing scheduled with
/// ``at(_:_:)`` if that comes first: the wall clock set, a suspend, the zone changed, or
/// anything a test does at that instant (a control request, a stop). Descriptors are looked
/// at without waiting, so what a test sends (a stop request, a control line) is seen.
public final class SimulatedClock: TimeSource {
    public enum Event {
        /// The wall clock is set to this instant (NTP, a person): the monotonic clock runs on.
        case setWall(WallInstant)
        /// The machine sleeps this long: both clocks move on, and the wall clock is said to be set.
        case suspend(Duration)
        /// The system's zone changes.
        case setZone(ZoneRules)
        /// The test does something at this instant.
        case run(() -> Void)
    }

    public private(set) var now: Duration = .zero
    /// The wall clock's time since 1970 less the monotonic clock's, so that a sleep to a
    /// whole second lands on it exactly.
    private var wallOffset: Duration
    public private(set) var systemZone: ZoneRules
    private var events: [(at: Duration, event: Event)] = []
    /// How many times the loop slept, and how many of those sleeps ended at a wall deadline.
    public private(set) var sleeps = 0
    public private(set) var wallWakes = 0

    public init(wall: WallInstant, zone: ZoneRules) {
        wallOffset = wall.since1970
        systemZone = zone
    }

    public var wall: WallInstant { WallInstant(since1970: wallOffset + now) }

    /// Schedules `event` at `instant` of the monotonic clock.
    public func at(_ instant: Duration, _ event: Event) {
        events.append((instant, event))
        events.sort { $0.at < $1.at }
    }

    public func sleep(until deadline: Duration, orWall wallDeadline: WallInstant?, watching descriptors: inout [pollfd]) throws -> LoopWake {
        sleeps += 1
        defer {
            var none = Glibc.timespec()
            _ = ppoll(&descriptors, nfds_t(descriptors.count), &none, nil)
        }
        var target = deadline
        if let wallDeadline { target = min(target, wallDeadline.since1970 - wallOffset) }
        if let next = events.first, next.at <= target {
            events.removeFirst()
            now = max(now, next.at)
            var wake = LoopWake()
            switch next.event {
            case .setWall(let instant):
                wallOffset = instant.since1970 - now
                wake.clockSet = true
            case .suspend(let length):
                now += length
                wake.clockSet = true
            case .setZone(let zone):
                wake.zoneChanged = zone != systemZone
                systemZone = zone
            case .run(let action):
                action()
            }
            return wake
        }
        now = max(now, target)
        if let wallDeadline, wallOffset + now >= wallDeadline.since1970 {
            wallWakes += 1
            return LoopWake(lateness: .zero)
        }
        return LoopWake()
    }
}
