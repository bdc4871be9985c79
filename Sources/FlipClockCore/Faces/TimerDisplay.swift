/// A timer the face shows, started and stopped from outside: `[[timer]]` in the configuration.
///
/// It shows minutes and seconds on four cards (`MM:SS`, up to 99:59).
public struct TimerDisplay: Equatable, Sendable {
    public enum Direction: String, CaseIterable, Sendable {
        /// From the duration down to zero.
        case down
        /// From zero up.
        case up
    }

    /// What the cards show once a countdown reaches zero.
    public enum AtZero: String, CaseIterable, Sendable {
        case zeros
        case blank
    }

    public var name: String
    public var label: String
    public var direction: Direction
    /// Seconds a countdown starts from unless `timer start NAME DURATION` says otherwise.
    public var duration: Int
    public var atZero: AtZero
    /// `hide_when_idle`: the timer is shown only while it runs or is paused, and for
    /// ``lingers`` seconds after a countdown ends; its row folds away and back with it.
    public var hideWhenIdle = false

    /// How long a finished countdown that hides when idle stays on the screen, in seconds.
    public static let lingers = 10.0

    public static let longest = 99 * 60 + 59

    public init(name: String, label: String = "", direction: Direction = .down, duration: Int = 300, atZero: AtZero = .zeros) {
        self.name = name
        self.label = label
        self.direction = direction
        self.duration = duration
        self.atZero = atZero
    }

    /// The four cards for `seconds` (`nil`: blank cards).
    public func values(_ seconds: Int?) -> [String] {
        guard let seconds else { return ["", "", "", ""] }
        let s = min(max(seconds, 0), Self.longest)
        return [String(s / 600), String(s / 60 % 10), String(s % 60 / 10), String(s % 10)]
    }

    /// Parses `25m`, `90s`, `1h30m`, `1500` (seconds) or `MM:SS`; `nil` for anything else.
    public static func parseDuration(_ text: String) -> Int? {
        if let seconds = Int(text), seconds >= 0 { return seconds }
        let clock = text.split(separator: ":", omittingEmptySubsequences: false)
        if clock.count == 2, let m = Int(clock[0]), let s = Int(clock[1]), m >= 0, (0..<60).contains(s), clock[1].count == 2 {
            return m * 60 + s
        }
        var total = 0, number = "", units: Set<Character> = []
        for c in text {
            if c.isASCII, c.isNumber {
                number.append(c)
            } else if let scale = ["h": 3600, "m": 60, "s": 1][c], let n = Int(number), !units.contains(c) {
                total += n * scale
                units.insert(c)
                number = ""
            } else {
                return nil
            }
        }
        return number.isEmpty && !units.isEmpty ? total : nil
    }
}
