/// A timer the face shows, started and stopped from outside: `[[timer]]` in the configuration.
///
/// It shows minutes and seconds on four cards (`MM:SS`, up to 99:59).
public struct TimerItem: Equatable, Sendable {
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
    ///
    /// A duration too long for an `Int` is `Int.max`, never an overflow: every caller checks
    /// its range next and says it is out of range.
    public static func parseDuration(_ text: String) -> Int? {
        if let seconds = number(text[...]) { return seconds }
        let clock = text.split(separator: ":", omittingEmptySubsequences: false)
        if clock.count == 2, let m = number(clock[0]), let s = number(clock[1]), s < 60, clock[1].count == 2 {
            return saturating(m, times: 60, plus: s)
        }
        var total = 0, digits = "", units: Set<Character> = []
        for c in text {
            if c.isASCII, c.isNumber {
                digits.append(c)
            } else if let scale = ["h": 3600, "m": 60, "s": 1][c], let n = number(digits[...]), !units.contains(c) {
                total = saturating(n, times: scale, plus: total)
                units.insert(c)
                digits = ""
            } else {
                return nil
            }
        }
        return digits.isEmpty && !units.isEmpty ? total : nil
    }

    /// ASCII digits as a number (`Int.max` if longer than an `Int` holds); `nil` if not all digits.
    static func number(_ digits: Substring) -> Int? {
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int(digits) ?? .max
    }

    /// `a × b + c`, or `Int.max` where that overflows.
    static func saturating(_ a: Int, times b: Int, plus c: Int) -> Int {
        let (product, o1) = a.multipliedReportingOverflow(by: b)
        let (sum, o2) = product.addingReportingOverflow(c)
        return o1 || o2 ? .max : sum
    }
}
