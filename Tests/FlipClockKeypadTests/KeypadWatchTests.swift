import FlipClockKeypad
import Testing

/// When the keypad is looked for, and what is said about it.
@Suite struct KeypadWatchTests {
    @Test func aMissingKeypadIsSaidOnceAndLookedForAfterEachDeviceAdded() {
        var watch = KeypadWatch()
        #expect(!watch.isDue(at: .zero))
        watch.added(at: .seconds(10))
        #expect(watch.isDue(at: .seconds(10)))
        #expect(watch.missed(.notFound, at: .seconds(10)) == .notFound)
        // Again while udev sets the device up: 0.25, 0.5, 1, 2 and 4 s after each look, then no more.
        var looks: [Duration] = []
        var now = Duration.seconds(10)
        while let next = watch.next {
            looks.append(next - now)
            now = next
            #expect(watch.missed(.notFound, at: now) == nil)
        }
        #expect(looks == [.milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2), .seconds(4)])
        // A new problem is said, the same one not again.
        watch.added(at: .seconds(60))
        #expect(
            watch.missed(.cannotTake("/dev/input/event3: open: Permission denied"), at: .seconds(60))
                == .cannotTake("/dev/input/event3: open: Permission denied"))
        #expect(watch.missed(.cannotTake("/dev/input/event3: open: Permission denied"), at: .seconds(61)) == nil)
    }

    @Test func takenThenUnpluggedWaitsWithoutSayingItAgain() {
        var watch = KeypadWatch()
        watch.added(at: .zero)
        #expect(watch.missed(.notFound, at: .zero) == .notFound)
        watch.took()
        #expect(watch.next == nil)
        watch.lost()
        #expect(watch.next == nil)
        watch.added(at: .seconds(5))
        #expect(watch.missed(.notFound, at: .seconds(5)) == nil)
        // Taken and lost again: a new problem is said.
        watch.took()
        #expect(watch.missed(.cannotTake("busy"), at: .seconds(6)) == .cannotTake("busy"))
    }
}
