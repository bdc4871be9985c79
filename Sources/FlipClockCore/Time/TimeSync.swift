/// What the kernel says of the wall clock: synchronised, not, or that it cannot be asked.
///
/// The daemon reads it with `adjtimex(2)` in read-only mode (`modes` 0): synchronised is
/// `STA_UNSYNC` clear and `maxerror` under 16 s, as systemd-timedated's `NTPSynchronized`
/// and `timedatectl` decide it. chrony and systemd-timesyncd both set those through
/// `adjtimex`, so it covers either.
public enum SyncReading: Equatable, Sendable {
    /// Synchronised, to within `maxError`.
    case synced(maxError: Duration)
    /// Not synchronised: `STA_UNSYNC` set (`unsyncFlag`), or the kernel's maximum error at
    /// or over ``SyncReading/maxErrorLimit``.
    case unsynced(maxError: Duration, unsyncFlag: Bool)
    /// The kernel could not be asked (`why`: the call and its errno text).
    case unknown(why: String)

    /// `STA_UNSYNC` in `adjtimex`'s `status` (linux/timex.h).
    public static let unsyncBit: Int32 = 0x0040
    /// At or over this maximum error the time is not synchronised (the kernel's
    /// `NTP_PHASE_LIMIT`, which it caps `maxerror` at when nothing steers the clock).
    public static let maxErrorLimit = Duration.seconds(16)

    /// `adjtimex`'s `status` bits and its `maxerror` (microseconds) read as a reading.
    public init(status: Int32, maxErrorMicroseconds: Int) {
        let maxError = Duration.microseconds(max(0, maxErrorMicroseconds))
        let flagged = status & Self.unsyncBit != 0
        self = !flagged && maxError < Self.maxErrorLimit ? .synced(maxError: maxError) : .unsynced(maxError: maxError, unsyncFlag: flagged)
    }
}

/// Whether the time shown is known to be right, as one value: the kernel's last reading,
/// what the face shows until it is (`[clock] unsynced`), the line to log once per change,
/// and when to look again.
///
/// A clock that cannot ask counts as synchronised: a clock is never blanked because the
/// kernel would not say.
public struct TimeSync: Equatable, Sendable {
    /// What the face shows while the time is not synchronised (`[clock] unsynced`).
    public enum Unsynced: String, CaseIterable, Sendable {
        /// The time as it is.
        case show
        /// The time, and a small grey clock face in the face's top-left margin (``SyncMark``).
        case mark
        /// Dashes on the clocks' and the date's cards until the time is synchronised.
        case dashes
    }

    /// How often the kernel is asked while the time is not synchronised: the right time is
    /// shown within this of its arrival.
    public static let unsyncedInterval = Duration.seconds(2)
    /// How often once it is (or cannot be asked): on a wake the loop makes anyway.
    public static let syncedInterval = Duration.seconds(60)
    /// How much sooner than ``syncedInterval`` such a wake may come and still look: the face's
    /// minute wakes come 60 s apart, give or take their lateness, and each looks.
    public static let wakeSlack = Duration.seconds(5)

    /// The last reading; `nil` before the first.
    public private(set) var reading: SyncReading?
    /// When to ask the kernel next, on the loop's monotonic clock.
    public private(set) var nextCheck = Duration.zero

    public init() {}

    /// Whether the time counts as synchronised: not yet read, or unknown, counts as yes.
    public var isSynced: Bool {
        if case .unsynced = reading { return false }
        return true
    }

    /// The wall clock was set (by hand, or stepped by NTP, which leaves the kernel saying it is
    /// not synchronised until its next answer): the kernel is asked at the next wake.
    public mutating func clockSet() { nextCheck = .zero }

    /// Whether the kernel is to be asked at `now`.
    public func isDue(at now: Duration) -> Bool { now >= nextCheck }

    /// A wake of its own the loop is to make: only while the time is not synchronised (once it
    /// is, the next look waits for a wake that comes anyway, the face's next minute at most).
    public var wake: Duration? { isSynced ? nil : nextCheck }

    /// What the face shows under `unsynced`: `.show` while the time is synchronised.
    public func look(_ unsynced: Unsynced) -> Unsynced { isSynced ? .show : unsynced }

    /// Takes `reading`, read at `now`; returns the line to log if what it says changed (from
    /// synchronised to not, or to another reason it cannot be asked), else `nil`. The first
    /// reading is said when it is not synchronised or unknown, not when it is.
    public mutating func take(_ reading: SyncReading, at now: Duration, unsynced: Unsynced) -> String? {
        let before = self.reading
        self.reading = reading
        nextCheck = now + (isSynced ? Self.syncedInterval - Self.wakeSlack : Self.unsyncedInterval)
        switch (before, reading) {
        case (.synced, .synced), (.unsynced, .unsynced), (nil, .synced): return nil
        case (.unknown(let a), .unknown(let b)) where a == b: return nil
        default: return Self.line(reading, unsynced: unsynced)
        }
    }

    /// What the log says of `reading`.
    public static func line(_ reading: SyncReading, unsynced: Unsynced) -> String {
        switch reading {
        case .synced(let maxError):
            return "the time is synchronised (maxerror \(seconds(maxError)) s)"
        case let .unsynced(maxError, flag):
            let shows =
                switch unsynced {
                case .show: "the clock shows it as it is"
                case .mark: "the clock shows a mark until it is"
                case .dashes: "the clock shows dashes until it is"
                }
            return "the time is not synchronised (adjtimex: \(flag ? "STA_UNSYNC, " : "")maxerror \(seconds(maxError)) s): \(shows)"
        case .unknown(let why):
            return "cannot tell whether the time is synchronised (\(why)): the clock shows it as synchronised"
        }
    }

    /// `duration` in seconds with three decimals ("16.000").
    static func seconds(_ duration: Duration) -> String {
        let milliseconds = Int64((duration.seconds * 1000).rounded())
        let fraction = "\(milliseconds % 1000)"
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
