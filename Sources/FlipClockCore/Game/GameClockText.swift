/// What a game's clocks show: `MM:SS`, or `SS.t` in a countdown's last seconds, as the
/// cards of a scoreboard show them, and when that next changes.
public enum GameClockText {
    /// The text for `ms` on a clock counting `direction`, in tenths below `tenthsBelow`
    /// seconds (0: never); `minutes` false shows whole seconds only (a shot clock: `24`).
    ///
    /// A countdown rounds up, as the clock reads until the tenth or second is over: 10:00
    /// until the first second has passed, 0.1 until zero. An up clock rounds down.
    public static func text(_ ms: Int64, _ direction: RunningClock.Direction, tenthsBelow: Int, minutes: Bool = true) -> String {
        let ms = max(0, ms)
        if direction == .down {
            let tenths = (ms + 99) / 100
            if tenths < Int64(tenthsBelow) * 10 { return "\(tenths / 10).\(tenths % 10)" }
            let s = (ms + 999) / 1000
            return minutes ? clock(s) : "\(s)"
        }
        return minutes ? clock(ms / 1000) : "\(ms / 1000)"
    }

    /// `MM:SS` for whole seconds.
    static func clock(_ s: Int64) -> String {
        let m = s / 60, r = s % 60
        return (m < 10 ? "0\(m)" : "\(m)") + (r < 10 ? ":0\(r)" : ":\(r)")
    }

    /// Milliseconds as an operator writes them (``parse(_:signed:)`` reads it back): `12:00`,
    /// `12:00.5`, `4.5`.
    public static func typed(_ ms: Int64) -> String {
        let tenth = ms / 100 % 10
        if ms < 60_000 { return "\(ms / 1000).\(tenth)" }
        return clock(ms / 1000) + (tenth == 0 ? "" : ".\(tenth)")
    }

    /// The milliseconds at which the text of a clock showing `ms` next changes as it runs:
    /// the next tenth (or, up, second) boundary where the text differs.
    public static func nextChange(_ ms: Int64, _ direction: RunningClock.Direction, tenthsBelow: Int, minutes: Bool = true) -> Int64? {
        let now = text(ms, direction, tenthsBelow: tenthsBelow, minutes: minutes)
        switch direction {
        case .down:
            guard ms > 0 else { return nil }
            // A tenth boundary below: every change of a countdown's text falls on one.
            var m = (ms + 99) / 100 * 100 - 100
            while m > 0, text(m, .down, tenthsBelow: tenthsBelow, minutes: minutes) == now { m -= 100 }
            return max(m, 0)
        case .up:
            let next = (ms / 1000 + 1) * 1000
            return next <= RunningClock.longest ? next : nil
        }
    }
}

extension GameClockText {
    /// Milliseconds from what an operator types: `12:00`, `12:00.5`, `4.5`, `45`; `nil` for
    /// anything else or over 99:59.9. With `signed`, a leading `+` or `-` (`-0.1`, `+1`).
    public static func parse(_ text: String, signed: Bool = false) -> Int64? {
        var rest = Substring(text)
        var sign: Int64 = 1
        if signed, let first = rest.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            rest = rest.dropFirst()
        }
        func digits(_ s: Substring, most: Int) -> Int64? {
            guard !s.isEmpty, s.count <= most, s.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
            return Int64(s)
        }
        var tenths: Int64 = 0
        if let dot = rest.firstIndex(of: ".") {
            guard let t = digits(rest[rest.index(after: dot)...], most: 1) else { return nil }
            tenths = t
            rest = rest[..<dot]
        }
        var seconds: Int64
        if let colon = rest.firstIndex(of: ":") {
            guard let m = digits(rest[..<colon], most: 2), let s = digits(rest[rest.index(after: colon)...], most: 2), s < 60,
                rest[rest.index(after: colon)...].count == 2
            else { return nil }
            seconds = m * 60 + s
        } else {
            guard let s = digits(rest, most: 4) else { return nil }
            seconds = s
        }
        let ms = seconds * 1000 + tenths * 100
        return ms <= RunningClock.longest ? sign * ms : nil
    }
}
