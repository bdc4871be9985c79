import FlipClockCore

/// The game's clocks as a page counts them on its own between two readings: the
/// milliseconds on each at the instant `at`, which way each runs, and below how many
/// seconds each reads in tenths, so the page shows what the board shows, when it shows it.
///
/// The JSON form's keys, beside the reading's: `clock_ms`, `clock_counts` (`down`, `up` or
/// `stopped`), `tenths_below` (0: never), `at` (seconds since 1970), and with a shot clock
/// `shot_ms`, `shot_counts` (`down` or `stopped`) and `shot_tenths_below`.
public struct GameCount: Equatable, Sendable {
    /// Which way a clock runs now.
    public enum Counting: String, Sendable {
        case down, up, stopped
    }

    public var clockMilliseconds: Int64
    public var clockCounting: Counting
    /// Below how many seconds the game clock reads `SS.t` (0: it does not: an up clock, a break).
    public var tenthsBelow: Int
    public var shotMilliseconds: Int64?
    public var shotCounting: Counting
    public var shotTenthsBelow: Int?
    /// The wall instant of the reading.
    public var at: WallInstant

    public init(
        clockMilliseconds: Int64, clockCounting: Counting, tenthsBelow: Int, shotMilliseconds: Int64? = nil, shotCounting: Counting = .stopped,
        shotTenthsBelow: Int? = nil, at: WallInstant
    ) {
        self.clockMilliseconds = clockMilliseconds
        self.clockCounting = clockCounting
        self.tenthsBelow = tenthsBelow
        self.shotMilliseconds = shotMilliseconds
        self.shotCounting = shotCounting
        self.shotTenthsBelow = shotTenthsBelow
        self.at = at
    }

    /// `at` to the millisecond, as the JSON form writes it.
    var seconds: Double { Double(at.nanosecondsSince1970 / 1_000_000) / 1000 }

    var object: [String: JSONValue] {
        var o: [String: JSONValue] = [
            "clock_ms": .integer(Int(clockMilliseconds)), "clock_counts": .string(clockCounting.rawValue), "tenths_below": .integer(tenthsBelow),
            "at": .number(seconds),
        ]
        if let shotMilliseconds {
            o["shot_ms"] = .integer(Int(shotMilliseconds))
            o["shot_counts"] = .string(shotCounting.rawValue)
        }
        if let shotTenthsBelow { o["shot_tenths_below"] = .integer(shotTenthsBelow) }
        return o
    }
}
