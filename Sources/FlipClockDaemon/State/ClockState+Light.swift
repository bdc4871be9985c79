import FlipClockControl
import FlipClockCore

extension ClockState {
    /// What `status` says of the light sensor, with `[light]`.
    var lightReading: LightReading? {
        room.map { LightReading(lux: $0.lux, percent: $0.percent, problem: lightProblem) }
    }
}
