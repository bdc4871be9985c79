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
        // Again while udev sets the device up: 0.25 s, 0.25 s, then every 0.5 s to 10 s, then no more.
        var looks: [Duration] = []
        var now = Duration.seconds(10)
        while let next = watch.next {
            looks.append(next - now)
            now = next
            #expect(watch.missed(.notFound, at: now) == nil)
        }
        #expect(looks == [.milliseconds(250), .milliseconds(250)] + Array(repeating: .milliseconds(500), count: 19))
        #expect(now == .seconds(20))
        // A device that cannot be taken (udev has not given it its group yet) is said only after the last look.
        let denied = KeypadWatch.Problem.cannotTake("/dev/input/event3: open: Permission denied")
        watch.added(at: .seconds(60))
        var said: [KeypadWatch.Problem?] = []
        now = .seconds(60)
        repeat {
            said.append(watch.missed(denied, at: now))
            now = watch.next ?? now
        } while watch.next != nil
        #expect(said == Array(repeating: nil, count: 21) + [denied])
        // The same problem after the next device is added: not said again.
        watch.added(at: .seconds(90))
        while watch.next != nil { #expect(watch.missed(denied, at: watch.next!) == nil) }
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
        watch.added(at: .seconds(6))
        #expect(watch.missed(.notFound, at: .seconds(6)) == .notFound)
    }
}
