import FlipClockCore
import Logging

extension ClockLoop {
    /// Reads the light sensor (with `[light]`) once its interval has passed, and gives the
    /// state the lux. A sensor that gives nothing is said once a problem, with its path and
    /// why; the brightness is then the schedule's alone until it reads again.
    func readLight(at now: Duration) {
        guard let settings = configuration.light else {
            light = (nil, .zero, nil)
            return
        }
        if light.sensor?.setting != settings.sensor { light.sensor = LightSensor(setting: settings.sensor) }
        guard now >= light.next else { return }
        let elapsed = light.last.map { now - $0 } ?? .seconds(settings.intervalSeconds)
        light.last = now
        light.next = now + .seconds(settings.intervalSeconds)
        switch light.sensor!.read() {
        case .success(let lux):
            if let problem = state.lightProblem {
                logger.notice("light sensor reads again", metadata: ["folder": "\(light.sensor?.folder ?? "")", "was": "\(problem)"])
            }
            state.lightProblem = nil
            state.room?.take(lux, after: elapsed)
        case .failure(let problem):
            if state.lightProblem != problem.description { logger.warning("\(problem.description); the brightness is the schedule's") }
            state.lightProblem = problem.description
            state.room?.lost()
        }
    }
}
