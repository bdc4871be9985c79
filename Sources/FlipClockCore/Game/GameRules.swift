/// How a sport's clocks run: `[game]` in the configuration (the presets in `Config/` set it
/// for basketball, handball and football, ice hockey and water polo).
public struct GameRules: Equatable, Sendable {
    /// Regular periods (quarters, halves, thirds).
    public var periods: Int = 4
    /// A period's length in seconds.
    public var periodSeconds: Int = 600
    /// Whether the game clock counts a period down to zero or up (football: from 0:00 and from
    /// 45:00, past the period's end into stoppage until the period is ended).
    public var direction: RunningClock.Direction = .down
    /// The breaks after each period, in seconds: the first after period 1, and so on; the
    /// last repeats for the periods after it (overtime). Empty: no break clock.
    public var breakSeconds: [Int] = [120]
    /// A period after the regular ones (overtime), in seconds; 0: the game ends after them.
    public var overtimeSeconds: Int = 0
    /// Below this many seconds a countdown shows seconds and tenths (`SS.t`); 0: never.
    public var tenthsBelow: Int = 60
    /// The shot clock, if the sport has one.
    public var shotClock: ShotClockRules?

    public init() {}

    /// The longest period, break or shot clock, in seconds: 99:59.
    public static let longest = 99 * 60 + 59

    /// Milliseconds in period `period` (1-based; after ``periods``, overtime).
    public func length(ofPeriod period: Int) -> Int64 {
        Int64(period <= periods ? periodSeconds : overtimeSeconds) * 1000
    }

    /// What the game clock shows as period `period` starts: its length counting down; counting
    /// up, the time played in the periods before it (football's second half starts at 45:00).
    public func start(ofPeriod period: Int) -> Int64 {
        guard direction == .up else { return length(ofPeriod: period) }
        let regular = Int64(min(period - 1, periods)) * Int64(periodSeconds) * 1000
        return regular + Int64(max(0, period - 1 - periods)) * Int64(overtimeSeconds) * 1000
    }

    /// What an up clock shows when period `period`'s time is up (its horn): 45:00, 90:00.
    public func end(ofPeriod period: Int) -> Int64 { start(ofPeriod: period) + length(ofPeriod: period) }

    /// Milliseconds of the break after period `period`; 0: none.
    public func breakLength(after period: Int) -> Int64 {
        guard let last = breakSeconds.last else { return 0 }
        return Int64(period - 1 < breakSeconds.count ? breakSeconds[period - 1] : last) * 1000
    }

    /// The rules in one line, `4x600s down breaks=120,900,120 overtime=300 tenths<60 shot=24,14 tenths<5 off`:
    /// what the state file keeps with a game, so a game is only taken back under the same rules.
    public var summary: String {
        "\(periods)x\(periodSeconds)s \(direction.rawValue) breaks=\(breakSeconds.map(String.init).joined(separator: ",")) overtime=\(overtimeSeconds) tenths<\(tenthsBelow)"
            + (shotClock.map {
                " shot=\($0.resets.map(String.init).joined(separator: ",")) tenths<\($0.tenthsBelow)\($0.offBelowGameClock ? " off" : "")"
            } ?? "")
    }

    /// Whether a game over `period` is over (no overtime follows the regular periods).
    public func isLast(_ period: Int) -> Bool { period >= periods && overtimeSeconds == 0 }
}

/// A shot clock's rules: `[game.shot_clock]`.
public struct ShotClockRules: Equatable, Sendable {
    /// The values it resets to, the first the full one (basketball: 24 and 14).
    public var resets: [Int] = [24, 14]
    /// Below this many seconds it shows tenths; 0: never.
    public var tenthsBelow: Int = 5
    /// Whether it goes dark when the game clock has less time left than it (FIBA, NBA).
    public var offBelowGameClock = true

    public init() {}

    /// The shot clock at its first value, stopped.
    var full: RunningClock { RunningClock(.down, milliseconds: Int64(resets.first ?? 24) * 1000) }
}
