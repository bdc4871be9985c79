import FlipClockCore
import FlipClockHorn
import Testing

/// The relay as the daemon drives it, on chips this machine does not have: each problem named
/// with the device (or the label looked up) and the errno text, said once, tried again.
@Suite struct RelayTests {
    static let missing = HornSettings.Relay(chip: "/dev/gpiochip-flipclock-none", line: .offset(3))

    @Test func aChipThatCannotBeOpenedIsNamedWithItsDeviceAndErrno() {
        let error = #expect(throws: RelayError.self) { try RelayLine(Self.missing) }
        #expect(error?.description == "/dev/gpiochip-flipclock-none: open: No such file or directory")
        let byLabel = #expect(throws: RelayError.self) { try RelayLine(HornSettings.Relay(chip: "flipclock-none", line: .name("HORN"))) }
        #expect(byLabel?.description == "GPIO chip labelled \"flipclock-none\": look up: No such file or directory")
    }

    @Test func aProblemIsSaidOnceAndEachHornAndReloadTriesAgain() {
        let relay = Relay()
        let problem = Relay.News.problem("/dev/gpiochip-flipclock-none: open: No such file or directory")
        #expect(relay.take(Self.missing) == problem)
        // A horn's start and end, and a reload with the same line: tried, not said again.
        #expect(relay.set(active: true) == nil)
        #expect(relay.set(active: false) == nil)
        #expect(relay.take(Self.missing) == nil)
        // Another line's problem is said.
        let other = HornSettings.Relay(chip: "/dev/gpiochip-flipclock-other", line: .offset(3))
        #expect(relay.take(other) == .problem("/dev/gpiochip-flipclock-other: open: No such file or directory"))
        // No relay: nothing to drive, nothing said.
        #expect(relay.take(nil) == nil)
        #expect(relay.set(active: true) == nil)
        relay.close()
    }
}
