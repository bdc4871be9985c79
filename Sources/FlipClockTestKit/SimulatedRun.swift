import FlipClockCore
import FlipClockCoreTestKit
import FlipClockDaemon
import FlipClockOutput
import Logging

/// The clock loop on a simulated clock: what the face showed and when, and the loop's counts.
public struct SimulatedRun {
    /// Each time the face started to show, and the wall clock's instant then.
    public let shows: [(time: WallTime, wall: WallInstant)]
    public let report: ClockLoop.Report
    public let output = CountingOutput()

    /// The times shown, in order, as `HH:MM`.
    public var shown: [String] { shows.map { String("\($0.time)".prefix(5)) } }

    /// Runs the loop from `start` (ISO 8601, `2026-06-01T12:00:00Z`) for `length` of the
    /// monotonic clock, on ``output`` with ``GreyBoxGlyphs``, made with `parts`; `schedule`
    /// adds what happens on the way.
    public init(
        from start: String, zone: String, length: Duration, seconds: Bool = false, configuredZone: String? = nil,
        configure: (inout ClockConfiguration) -> Void = { _ in }, parts: ClockLoop.Parts = ClockLoop.Parts(),
        schedule: (SimulatedClock, ClockLoop) -> Void = { _, _ in }
    ) throws {
        let zone = ZoneInfo.system.rules(named: zone)!
        let clock = SimulatedClock(wall: try WallInstant(iso: start), zone: zone)
        var configuration = ClockConfiguration()
        configuration.time.format = seconds ? .hoursMinutesSeconds : .hoursMinutes
        configuration.timeZone = configuredZone
        configuration.backlight = "none"
        configure(&configuration)
        var logger = Logger(label: "test")
        logger.logLevel = .error
        var shows: [(time: WallTime, wall: WallInstant)] = []
        var made = parts
        let show = parts.observers.show
        made.observers.show = {
            shows.append(($0, $1))
            show?($0, $1)
        }
        let loop = ClockLoop(
            configuration: configuration, outputs: OutputSet(output), takesConsole: false, glyphs: GreyBoxGlyphs(), clock: clock, logger: logger,
            parts: made)
        schedule(clock, loop)
        clock.at(length, .run { loop.requests.send(.stop) })
        report = try loop.run()
        self.shows = shows
    }
}
