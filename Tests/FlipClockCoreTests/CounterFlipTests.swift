import Testing

@testable import FlipClockCore

@Suite struct CounterFlipTests {
    let linear = FlipTiming(firstHalf: .milliseconds(100), secondHalf: .milliseconds(100), firstEasing: .linear, secondEasing: .linear)

    func counter(_ value: Int) -> CounterFlip {
        CounterFlip(showing: value, timing: linear) { n in [String(n / 10), String(n % 10)] }
    }

    /// Follows the counter until it rests: each value a step turns to, and when that step began.
    func landings(_ counter: inout CounterFlip, from start: Duration, restedAt: UnsafeMutablePointer<Duration>? = nil) -> [(Int, Duration)] {
        var seen: [(Int, Duration)] = [(counter.shown, start)]
        var t = start
        while t < start + .seconds(10) {
            let pictures = counter.advance(to: t)
            if counter.shown != seen.last!.0 { seen.append((counter.shown, t)) }
            if counter.shown == counter.target, pictures.allSatisfy({ !$0.isMoving }) {
                #expect(pictures.map(\.top).joined() == counter.format(counter.shown).joined())
                restedAt?.pointee = t
                break
            }
            t += .milliseconds(1)
        }
        return seen
    }

    @Test func stepsThroughEveryValueOnTheWay() {
        var c = counter(3)
        _ = c.set(7, at: .zero)
        #expect(landings(&c, from: .zero).map(\.0) == [4, 5, 6, 7])
    }

    @Test func stepsDownToo() {
        var c = counter(12)
        _ = c.set(9, at: .zero)
        #expect(landings(&c, from: .zero).map(\.0) == [11, 10, 9])
    }

    @Test func runsFasterWhenFarBehindAndAtNormalSpeedForTheLastStep() {
        var c = counter(0)
        _ = c.set(10, at: .zero)
        var rested = Duration.zero
        let steps = landings(&c, from: .zero, restedAt: &rested)
        #expect(steps.map(\.0) == Array(1...10))
        // First step: 10 behind, four times as fast (50 ms); the last, one behind: 200 ms.
        #expect(steps[1].1 == .milliseconds(50))
        #expect(steps[9].1 - steps[8].1 == .milliseconds(100))
        #expect(rested - steps[9].1 == .milliseconds(200))
    }

    @Test func aNewTargetDuringAStepIsFollowedFromWhereTheCardsAre() {
        var c = counter(3)
        _ = c.set(5, at: .zero)
        _ = c.advance(to: .milliseconds(50))
        _ = c.set(2, at: .milliseconds(60))
        #expect(landings(&c, from: .milliseconds(60)).map(\.0) == [4, 3, 2])
        #expect(c.shown == 2)
    }
}
