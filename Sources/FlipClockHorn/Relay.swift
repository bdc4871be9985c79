import FlipClockCore

/// The horn's relay as the daemon drives it: the configured line, taken at the start and at
/// each reload, inactive. A line that cannot be taken or driven is said once (until it
/// works, or its problem changes), never stops the clock, and is tried again at the next horn.
public final class Relay {
    /// What became of the relay, for the journal.
    public enum News: Equatable, Sendable {
        /// The line is taken: where it is.
        case taken(String)
        /// It cannot be taken or driven, and why.
        case problem(String)
    }

    /// The line the configuration names; `nil`: no relay.
    public private(set) var settings: HornSettings.Relay?
    private var line: RelayLine?
    /// The problem said last, not said again.
    private var said: String?

    public init() {}

    /// Takes the line `settings` names (a start or a reload), inactive; the one held before is
    /// let go, inactive, if the settings changed. The same line not taken yet is tried again,
    /// its problem not said again. What to say, if anything.
    public func take(_ settings: HornSettings.Relay?) -> News? {
        if settings != self.settings {
            close()
            self.settings = settings
            said = nil
        }
        return line == nil ? open() : nil
    }

    /// Sets the line active or inactive, taking it first if it is not (a chip plugged in or
    /// allowed since). What to say, if anything.
    public func set(active: Bool) -> News? {
        guard settings != nil else { return nil }
        var news: News?
        if line == nil { news = open() }
        guard let line else { return news }
        do throws(RelayError) {
            try line.set(active: active)
        } catch {
            line.close()
            self.line = nil
            return problem("\(error)")
        }
        return news
    }

    /// Lets the line go, inactive (a stop).
    public func close() {
        guard let line else { return }
        try? line.set(active: false)
        line.close()
        self.line = nil
    }

    private func open() -> News? {
        guard let settings else { return nil }
        do throws(RelayError) {
            let taken = try RelayLine(settings)
            line = taken
            said = nil
            return .taken("\(taken)")
        } catch {
            return problem("\(error)")
        }
    }

    private func problem(_ text: String) -> News? {
        defer { said = text }
        return said == text ? nil : .problem(text)
    }
}
