import Testing

@testable import FlipClockDaemon

/// A set the timerfd could not see (made before it was armed) is found by the wall clock
/// having moved against the monotonic one between two waits; slewing is not a set.
@Suite struct ClockOffsetTests {
    @Test(arguments: [
        (Duration.seconds(-432_000), true),  // stepped back 5 days, as the display test does
        (.seconds(3600), true),
        (.milliseconds(251), true),
        (.milliseconds(-251), true),
        (.milliseconds(250), false),  // chrony's fastest slew over a 3 s turn of the loop
        (.milliseconds(-40), false),
        (.zero, false),
    ])
    func aChangeBeyondSlewingIsASet(change: Duration, isSet: Bool) {
        var offset = ClockOffset(reference: .seconds(1_795_000_000))
        let moved = offset.moved(to: .seconds(1_795_000_000) + change)
        #expect(moved == isSet)
        #expect(offset.reference == .seconds(1_795_000_000) + change)
    }

    @Test func theNewOffsetIsTheNextReference() {
        var offset = ClockOffset(reference: .zero)
        let first = offset.moved(to: .seconds(10))
        let second = offset.moved(to: .seconds(10) + .milliseconds(1))
        #expect(first && !second)
    }

    @Test func theSystemsOffsetDoesNotMoveBetweenTwoReadings() {
        var offset = ClockOffset(reference: ClockOffset.now())
        let moved = offset.moved(to: ClockOffset.now())
        #expect(!moved)
    }
}
