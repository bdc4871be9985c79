import FlipClockCore
import Testing

/// The relay's decisions on a simulated monotonic clock: each horn holds the line for its
/// length, a horn during a horn extends it, a reload or stop releases it.
@Suite struct HornRelayTests {
    /// The changes over a run of `events` (`sound` or `release` at an instant), with the
    /// relay advanced every 10 ms between them, as the loop wakes.
    static func run(_ events: [(Double, String)], until end: Double, length: Duration = .seconds(1)) -> [String] {
        var relay = HornRelay(length: length)
        var log: [String] = []
        var next = events[...]
        for tick in 0...Int(end * 100) {
            let now = Duration.milliseconds(tick * 10)
            if let change = relay.advance(to: now) { log.append("\(change) \(now)") }
            while let (at, what) = next.first, Duration.milliseconds(Int(at * 1000)) == now {
                next = next.dropFirst()
                let change = what == "sound" ? relay.sound(at: now) : relay.release()
                if let change { log.append("\(change) \(now)") }
            }
        }
        return log
    }

    @Test func aHornHoldsTheLineForItsLength() {
        #expect(Self.run([(2, "sound")], until: 5) == ["activate 2.0 seconds", "release 3.0 seconds"])
        #expect(Self.run([(2, "sound")], until: 5, length: .milliseconds(250)) == ["activate 2.0 seconds", "release 2.25 seconds"])
    }

    @Test func aHornDuringAHornExtendsItWithoutASecondActivation() {
        #expect(Self.run([(2, "sound"), (2.5, "sound")], until: 5) == ["activate 2.0 seconds", "release 3.5 seconds"])
        // Two horns at the same instant (the game clock's and the shot clock's) are one.
        #expect(Self.run([(2, "sound"), (2, "sound")], until: 5) == ["activate 2.0 seconds", "release 3.0 seconds"])
    }

    @Test func aHornAfterTheReleaseActivatesAgain() {
        #expect(
            Self.run([(1, "sound"), (2.5, "sound")], until: 5)
                == ["activate 1.0 seconds", "release 2.0 seconds", "activate 2.5 seconds", "release 3.5 seconds"])
    }

    @Test func aReloadOrStopReleasesAtOnceAndOnlyAnActiveLine() {
        #expect(Self.run([(1, "sound"), (1.3, "release")], until: 5) == ["activate 1.0 seconds", "release 1.3 seconds"])
        #expect(Self.run([(1, "release")], until: 2).isEmpty)
    }

    @Test func aNewRelayIsReleasedAndWakesForNothing() {
        let relay = HornRelay(length: .seconds(1))
        #expect(!relay.isActive)
        #expect(relay.releaseAt == nil)
    }

    @Test func theLengthIsTheConfiguredSecondsToTheMillisecond() {
        #expect(HornSettings(seconds: 1.5).length == .milliseconds(1500))
        #expect(HornSettings(seconds: 0.1234).length == .milliseconds(123))
        #expect(HornSettings().length == .seconds(1))
    }
}
