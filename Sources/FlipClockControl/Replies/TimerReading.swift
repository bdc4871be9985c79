import FlipClockCore

/// A timer as a reply reports it: its name, the seconds its cards show and what it is doing,
/// written `pomodoro=24:59 running`.
public struct TimerReading: Equatable, Sendable, CustomStringConvertible {
    public enum State: String, Sendable, CaseIterable {
        case idle, running, paused, finished
    }

    public var name: String
    public var seconds: Int
    public var state: State

    public init(name: String, seconds: Int, state: State) {
        self.name = name
        self.seconds = seconds
        self.state = state
    }

    /// `timer` as it reads at `now`: a countdown run down to
    /// zero is finished, though it still counts as running.
    public init(name: String, timer: FlipTimer, at now: WallInstant) {
        self.name = name
        seconds = timer.shown(at: now)
        state =
            switch timer.state {
            case .running: timer.isFinished(at: now) ? .finished : .running
            case .paused: .paused
            case .idle: .idle
            }
    }

    public var description: String {
        let (minutes, seconds) = (seconds / 60, seconds % 60)
        return "\(name)=\(minutes < 10 ? "0" : "")\(minutes):\(seconds < 10 ? "0" : "")\(seconds) \(state.rawValue)"
    }

    /// The readings one after another, `egg=04:00 idle pomodoro=24:59 running`: a reply's
    /// words for the timers, and the log's.
    public static func summary(_ readings: [TimerReading]) -> String {
        readings.map(\.description).joined(separator: " ")
    }
}
