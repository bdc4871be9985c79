import FlipClockCore
import FlipClockHorn
import Logging

extension ClockLoop {
    /// Takes the relay the configuration names (a start, a reload), inactive, for horns of
    /// the configured length.
    func takeRelay() {
        hornRelay.length = configuration.horn.length
        say(relay.take(configuration.horn.relay))
    }

    /// A horn sounded now: the relay's line active, or kept so longer.
    func soundRelay() {
        if let change = hornRelay.sound(at: clock.now) { drive(change) }
    }

    /// Releases the line once the horn's time is up (every wake; the loop wakes for it).
    func releaseRelayIfDue() {
        if let change = hornRelay.advance(to: clock.now) { drive(change) }
    }

    /// A reload or a stop: the line released at once.
    func releaseRelay() {
        if let change = hornRelay.release() { drive(change) }
    }

    private func drive(_ change: HornRelay.Change) {
        observers.relay?(change, clock.now)
        say(relay.set(active: change == .activate))
    }

    private func say(_ news: Relay.News?) {
        switch news {
        case .taken(let line)?:
            logger.notice("horn relay taken", metadata: ["line": "\(line)", "seconds": "\(configuration.horn.seconds)"])
        case .problem(let why)?:
            logger.warning("cannot drive the horn's relay; trying again at the next horn", metadata: ["error": "\(why)"])
        case nil:
            break
        }
    }
}
