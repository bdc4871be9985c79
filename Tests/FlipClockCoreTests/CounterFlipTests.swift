import Testing

@testable import FlipClockCore

@Suite struct CounterFlipTests {
    func steps(from start: Int, to end: Int) -> [(Int, Double)] {
        var c = CounterFlip(showing: start)
        c.set(end)
        var out: [(Int, Double)] = []
        while let s = c.nextStep() { out.append((s.value, s.speedUp)) }
        return out
    }

    @Test func stepsThroughEveryValueOnTheWay() {
        #expect(steps(from: 3, to: 7).map(\.0) == [4, 5, 6, 7])
        #expect(steps(from: 12, to: 9).map(\.0) == [11, 10, 9])
        #expect(steps(from: 5, to: 5).isEmpty)
    }

    @Test func runsFasterWhenFarBehindAndAtNormalSpeedForTheLastStep() {
        #expect(steps(from: 0, to: 10).map(\.1) == [4, 4, 4, 4, 4, 4, 4, 3, 2, 1])
    }

    @Test func aNewTargetIsFollowedFromWhereTheCounterIs() {
        var c = CounterFlip(showing: 3)
        c.set(5)
        #expect(c.nextStep()?.value == 4)
        c.set(2)
        var seen: [Int] = []
        while let s = c.nextStep() { seen.append(s.value) }
        #expect(seen == [3, 2])
    }

    @Test func aJumpGoesStraightThere() {
        var c = CounterFlip(showing: 3)
        c.jump(to: 9)
        #expect(c.shown == 9 && c.nextStep() == nil)
    }
}
