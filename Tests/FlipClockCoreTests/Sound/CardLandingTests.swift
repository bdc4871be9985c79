import Testing

@testable import FlipClockCore

/// Which cards land in the coming frames, and which frame first shows each landed.
@Suite struct CardLandingTests {
    @Test func aFlapLandsAtTheEndOfMiddleToBottom() {
        var card = CardFlip(showing: "1")
        #expect(card.landing == nil)
        _ = card.show("2", at: .seconds(3))
        #expect(card.landing == .seconds(3) + .milliseconds(500))
        _ = card.advance(to: .seconds(3) + .milliseconds(300))
        #expect(card.phase == .middleToBottom)
        #expect(card.landing == .seconds(3) + .milliseconds(500))
        _ = card.advance(to: .seconds(4))
        #expect(card.landing == nil)
    }

    @Test func eachLandingIsCuedAtTheFirstFrameThatShowsIt() {
        var cards = [CardFlip(showing: "1"), CardFlip(showing: "5"), CardFlip(showing: "9")]
        _ = cards[0].show("2", at: .zero)
        _ = cards[2].show("0", at: .milliseconds(5))
        let coming = CardLanding.coming(cards, after: .milliseconds(480), frames: [.milliseconds(500), .milliseconds(520)])
        // Both land by the second frame: the first at 500 ms (the first frame, at 500 ms
        // exactly), the other at 505 ms (the second).
        #expect(
            coming == [
                CardLanding(card: 0, landing: .milliseconds(500), frame: .milliseconds(500)),
                CardLanding(card: 2, landing: .milliseconds(505), frame: .milliseconds(520)),
            ])
        // A landing the frame at `now` showed already is not cued again.
        #expect(CardLanding.coming(cards, after: .milliseconds(500), frames: [.milliseconds(510)]).map(\.card) == [2])
        // Nor one beyond the frames looked at.
        #expect(CardLanding.coming(cards, after: .zero, frames: [.milliseconds(17)]).isEmpty)
    }
}

/// The night schedule silences the clock while it dims or darkens the screen.
@Suite struct NightSilenceTests {
    func reading(_ hour: Int, _ minute: Int) -> ClockReading { ClockReading(WallInstant(unixSeconds: (hour * 60 + minute) * 60)) }

    @Test func soundIsSilentWhereTheScreenIsDimmedOrOff() {
        let night = NightSchedule(periods: [
            NightSchedule.Period(start: 22 * 60, end: 7 * 60, brightness: 0.2), NightSchedule.Period(start: 60, end: 6 * 60, brightness: 0),
        ])
        #expect(!night.silences(at: reading(21, 59)))
        #expect(night.silences(at: reading(22, 0)))
        #expect(night.silences(at: reading(3, 0)))
        #expect(night.silences(at: reading(6, 59)))
        #expect(!night.silences(at: reading(7, 0)))
        #expect(!NightSchedule().silences(at: reading(3, 0)))
    }
}
