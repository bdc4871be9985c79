import Testing

@testable import FlipClockCore

/// The three-state flip, with time passed in.
@Suite struct CardFlipTests {
    let linear = FlipTiming(firstHalf: .milliseconds(200), secondHalf: .milliseconds(200), firstEasing: .linear, secondEasing: .linear)

    @Test func aCardAtRestShowsItsValueWithNoFlap() {
        var card = CardFlip(showing: "7")
        #expect(card.advance(to: .seconds(100)) == .resting("7"))
        #expect(card.phase == .resetForNext)
    }

    @Test func showingTheSameValueStartsNoFlip() {
        var card = CardFlip(showing: "7")
        #expect(card.show("7", at: .zero, timing: linear) == .resting("7"))
    }

    @Test func topToMiddleShowsNextTopCurrentBottomAndTheCurrentTopAsTheFlap() {
        var card = CardFlip(showing: "1")
        let start = card.show("2", at: .seconds(10), timing: linear)
        #expect(start == CardPicture(phase: .topToMiddle, top: "2", bottom: "1", flap: Flap(value: "1", half: .top, angle: 0)))
        let quarter = card.advance(to: .seconds(10) + .milliseconds(100))
        #expect(quarter == CardPicture(phase: .topToMiddle, top: "2", bottom: "1", flap: Flap(value: "1", half: .top, angle: 45)))
    }

    @Test func middleToBottomShowsTheNextBottomLanding() {
        var card = CardFlip(showing: "1")
        _ = card.show("2", at: .zero, timing: linear)
        #expect(
            card.advance(to: .milliseconds(200))
                == CardPicture(phase: .middleToBottom, top: "2", bottom: "1", flap: Flap(value: "2", half: .bottom, angle: 90)))
        #expect(
            card.advance(to: .milliseconds(300))
                == CardPicture(phase: .middleToBottom, top: "2", bottom: "1", flap: Flap(value: "2", half: .bottom, angle: 135)))
    }

    @Test func resetForNextRestsOnTheNewValueAtTheExactEnd() {
        var card = CardFlip(showing: "1")
        _ = card.show("2", at: .zero, timing: linear)
        #expect(card.advance(to: .milliseconds(399)).isMoving)
        #expect(card.advance(to: .milliseconds(400)) == .resting("2"))
        #expect(card.phase == .resetForNext)
    }

    @Test func aLateFrameJumpsStraightToRest() {
        var card = CardFlip(showing: "1")
        _ = card.show("2", at: .zero, timing: linear)
        #expect(card.advance(to: .seconds(5)) == .resting("2"))
    }

    @Test func aValueAskedForDuringAFlipFollowsWhenItEnds() {
        var card = CardFlip(showing: "1")
        _ = card.show("2", at: .zero, timing: linear)
        _ = card.show("3", at: .milliseconds(50), timing: linear)
        #expect(card.target == "3")
        #expect(card.value == "2")
        // The first flip finishes untouched…
        #expect(card.advance(to: .milliseconds(300)).flap == Flap(value: "2", half: .bottom, angle: 135))
        // …then the next starts at the instant it ended, from the value it landed on.
        #expect(
            card.advance(to: .milliseconds(500))
                == CardPicture(phase: .topToMiddle, top: "3", bottom: "2", flap: Flap(value: "2", half: .top, angle: 45)))
        #expect(card.advance(to: .milliseconds(800)) == .resting("3"))
    }

    @Test func onlyTheNewestOfSeveralQueuedValuesIsShown() {
        var card = CardFlip(showing: "1")
        _ = card.show("2", at: .zero, timing: linear)
        _ = card.show("3", at: .milliseconds(10), timing: linear)
        _ = card.show("4", at: .milliseconds(20), timing: linear)
        #expect(
            card.advance(to: .milliseconds(400))
                == CardPicture(phase: .topToMiddle, top: "4", bottom: "2", flap: Flap(value: "2", half: .top, angle: 0)))
        #expect(card.advance(to: .milliseconds(800)) == .resting("4"))
    }

    @Test func askingForTheValueBeingFlippedToCancelsTheQueuedOne() {
        var card = CardFlip(showing: "1")
        _ = card.show("2", at: .zero, timing: linear)
        _ = card.show("3", at: .milliseconds(10), timing: linear)
        _ = card.show("2", at: .milliseconds(20), timing: linear)
        #expect(card.advance(to: .milliseconds(400)) == .resting("2"))
    }

    @Test func easingShapesTheAngleButNotTheEnds() {
        var card = CardFlip(showing: "1")
        _ = card.show("2", at: .zero)  // standard: ease-in then ease-out, 250 ms each, then the landing's 120
        let early = card.advance(to: .milliseconds(125))
        #expect(early.flap!.angle < 45)
        let late = card.advance(to: .milliseconds(375))
        #expect(late.flap!.angle > 135)
        #expect(card.advance(to: .milliseconds(500)).flap?.angle == 180)
        #expect(card.advance(to: .milliseconds(620)) == .resting("2"))
    }

    @Test(arguments: Easing.allCases) func easingsRunFromZeroToOne(_ easing: Easing) {
        #expect(easing(0) == 0)
        #expect(easing(1) == 1)
        #expect(easing(-1) == 0 && easing(2) == 1)
        var last = 0.0
        for i in 0...100 {
            let v = easing(Double(i) / 100)
            #expect(v >= last)
            last = v
        }
    }
}
