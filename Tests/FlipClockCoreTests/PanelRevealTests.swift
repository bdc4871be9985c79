import Testing

@testable import FlipClockCore

/// The panel's state machine: when it opens, holds, scrolls and closes, how far the lower
/// part has slid at each instant, and the order and bounds of the queue.
@Suite struct PanelRevealTests {
    func message(_ text: String, hold: Duration = .seconds(30), height: Int = 100, scrollLines: Int = 0) -> PanelMessage {
        PanelMessage(text: text, hold: hold, height: height, scrollLines: scrollLines)
    }

    func ms(_ n: Int) -> Duration { .milliseconds(n) }

    @Test func opensHoldsStillAndClosesOnTime() throws {
        var reveal = PanelReveal()
        #expect(reveal.nextChange(after: .zero) == nil)
        try reveal.post(message("Dinner is ready"), at: .seconds(1))
        // Opening: 0.5 s eased out, so halfway in time is 87.5 % of the way.
        #expect(reveal.picture(at: ms(1000)) == RevealPicture(phase: .opening, message: message("Dinner is ready"), number: 1, offset: 0, scroll: 0))
        #expect(reveal.offset(at: ms(1250)) == 88)
        #expect(reveal.isMoving(at: ms(1499)))
        #expect(reveal.picture(at: ms(1500)).phase == .open)
        #expect(reveal.offset(at: ms(1500)) == 100)
        // Held open and still: nothing to draw until it starts to close 30 s later.
        #expect(!reveal.isMoving(at: ms(1500)))
        #expect(reveal.nextChange(after: ms(1500)) == ms(31500))
        #expect(reveal.nextChange(after: ms(20000)) == ms(31500))
        #expect(reveal.isMoving(at: ms(31500)))
        #expect(reveal.picture(at: ms(31500)).phase == .closing)
        #expect(reveal.offset(at: ms(31750)) == 13)
        #expect(reveal.picture(at: ms(32000)) == .closed)
        #expect(reveal.nextChange(after: ms(32000)) == nil)
        // Asking does not change the state; advancing does.
        #expect(reveal.phase == .opening)
        _ = reveal.advance(to: ms(32000))
        #expect(reveal.phase == .closed)
    }

    @Test func messagesQueueAndEachOpensTheInstantTheLastHasClosed() throws {
        var reveal = PanelReveal()
        #expect(try reveal.post(message("a", hold: .seconds(2)), at: .zero).number == 1)
        #expect(try reveal.post(message("b", hold: .seconds(1), height: 60), at: ms(100)).number == 2)
        #expect(try reveal.post(message("c", hold: .seconds(1)), at: ms(200)).number == 3)
        #expect(reveal.waiting.map(\.message.text) == ["b", "c"])
        // a: opens 0–0.5, holds to 2.5, closes to 3.0; b: opens 3.0–3.5, holds to 4.5, closes to 5.0; c from 5.0.
        #expect(reveal.picture(at: ms(2999)).message?.text == "a")
        #expect(
            reveal.picture(at: ms(3000))
                == RevealPicture(phase: .opening, message: message("b", hold: .seconds(1), height: 60), number: 2, offset: 0, scroll: 0))
        #expect(reveal.offset(at: ms(3500)) == 60)
        #expect(reveal.nextChange(after: ms(3500)) == ms(4500))
        #expect(reveal.picture(at: ms(5000)).message?.text == "c")
        #expect(reveal.picture(at: ms(5000)).number == 3)
        #expect(reveal.picture(at: ms(7000)) == .closed)
        // A late frame long after: everything has run its course, in order.
        _ = reveal.advance(to: .seconds(100))
        #expect(reveal.phase == .closed && reveal.waiting.isEmpty)
    }

    @Test func aFullQueueRefusesWithAReason() throws {
        var reveal = PanelReveal(capacity: 2)
        for n in 0..<3 { try reveal.post(message("m\(n)"), at: .zero) }
        #expect(throws: MessageError.queueFull(capacity: 2)) {
            try reveal.post(message("one too many"), at: ms(10))
        }
        #expect(reveal.waiting.count == 2)
        // Once one has had its turn there is room again.
        _ = reveal.advance(to: .seconds(31))
        #expect(reveal.picture(at: .seconds(31)).message?.text == "m1")
        try reveal.post(message("now it fits"), at: .seconds(31))
        #expect(reveal.waiting.map(\.message.text) == ["m2", "now it fits"])
    }

    @Test func clearingWhileOpeningClosesFromWhereItIs() throws {
        var reveal = PanelReveal()
        try reveal.post(message("a"), at: .zero)
        try reveal.post(message("b"), at: .zero)
        reveal.clear(at: ms(250))
        #expect(reveal.waiting.isEmpty)
        // 87.5 % open: it closes from there, without a jump, in 87.5 % of the closing time.
        #expect(reveal.picture(at: ms(250)).phase == .closing)
        #expect(reveal.offset(at: ms(250)) == 88)
        #expect(reveal.isMoving(at: ms(686)))
        #expect(reveal.picture(at: ms(688)) == .closed)
        #expect(reveal.nextChange(after: ms(688)) == nil)
    }

    @Test func clearingAnOpenPanelClosesItNowAndAClosedOneStaysClosed() throws {
        var reveal = PanelReveal()
        reveal.clear(at: .zero)
        #expect(reveal.phase == .closed)
        try reveal.post(message("a"), at: .zero)
        reveal.clear(at: .seconds(10))
        #expect(reveal.picture(at: .seconds(10)).offset == 100)
        #expect(reveal.picture(at: .seconds(10)).phase == .closing)
        #expect(reveal.picture(at: ms(10500)) == .closed)
        // Cleared at the very instant it was posted: nothing had opened, nothing closes.
        try reveal.post(message("b"), at: .seconds(20))
        reveal.clear(at: .seconds(20))
        #expect(reveal.phase == .closed)
    }

    @Test func aMessagePostedWhileClosingOpensAfterIt() throws {
        var reveal = PanelReveal()
        try reveal.post(message("a", hold: .seconds(1)), at: .zero)
        try reveal.post(message("b"), at: ms(1700))
        #expect(reveal.picture(at: ms(1700)).message?.text == "a")
        #expect(reveal.picture(at: ms(2000)).message?.text == "b")
        #expect(reveal.picture(at: ms(2000)).offset == 0)
    }

    @Test func textThatDoesNotFitScrollsALineAtATimeBetweenRests() throws {
        var reveal = PanelReveal()
        try reveal.post(message("long", hold: .seconds(10), scrollLines: 2), at: .zero)
        let open = ms(500)
        // Rests share the hold evenly around two 0.4 s steps: (10 − 0.8) / 3 each.
        let rest = (Duration.seconds(10) - ms(800)) / 3
        #expect(reveal.nextChange(after: open) == open + rest)
        #expect(!reveal.isMoving(at: open + rest - ms(1)))
        #expect(reveal.isMoving(at: open + rest))
        #expect(reveal.picture(at: open + rest + ms(200)).scroll == 0.5)
        #expect(reveal.picture(at: open + rest + ms(400)).scroll == 1)
        #expect(reveal.nextChange(after: open + rest + ms(400)) == open + rest * 2 + ms(400))
        #expect(reveal.picture(at: open + rest * 3 + ms(800) - ms(1)).scroll == 2)
        #expect(reveal.nextChange(after: open + rest * 2 + ms(800)) == ms(10500))
        // It closes on the last line.
        #expect(reveal.picture(at: ms(10600)).scroll == 2)
    }

    @Test func aShortHoldScrollsFasterAndStillShowsTheLastLine() throws {
        var reveal = PanelReveal()
        try reveal.post(message("long", hold: .seconds(1), scrollLines: 4), at: .zero)
        // Steps of 1/9 s, not 0.4 s: four steps and five rests fit in the second.
        #expect(reveal.picture(at: ms(1499)).scroll == 4)
        // Rests of 1/9 s too: the second line's step ends 4/9 s into the hold.
        let second = reveal.picture(at: ms(500) + .seconds(1) / 9 * 4 - ms(1)).scroll
        #expect(second > 1 && second < 2)
        #expect(reveal.picture(at: ms(500) + .seconds(1) / 9 * 4).scroll == 2)
    }
}
