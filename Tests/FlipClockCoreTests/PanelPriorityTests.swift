import Testing

@testable import FlipClockCore

/// Urgent, named and retracted messages: who goes first, who gives way, what comes back.
@Suite struct PanelPriorityTests {
    func message(_ text: String, hold: Duration = .seconds(30)) -> PanelMessage {
        PanelMessage(text: text, hold: hold, height: 100)
    }

    func ms(_ n: Int) -> Duration { .milliseconds(n) }

    func texts(_ reveal: PanelReveal) -> [String] { reveal.waiting.map(\.message.text) }

    @Test func anUrgentMessageInterruptsAndTheInterruptedOneComesBackForTheTimeItHadLeft() throws {
        var reveal = PanelReveal()
        try reveal.post(message("bins"), at: .zero)
        try reveal.post(message("tea"), at: .zero)
        // bins is open from 0.5 s; at 10.5 s it has held 10 of its 30 s.
        let posting = try reveal.post(message("DOOR", hold: .seconds(5)), urgent: true, at: ms(10500))
        #expect(posting == PanelReveal.Posting(number: 3, dropped: []))
        #expect(reveal.picture(at: ms(10500)).phase == .closing)
        #expect(texts(reveal) == ["DOOR", "bins", "tea"])
        #expect(reveal.waiting[1].message.hold == .seconds(20))
        // bins closes 10.5–11.0, DOOR opens 11.0–11.5 and holds to 16.5, closes to 17.0; bins again.
        #expect(reveal.picture(at: ms(11000)).message?.text == "DOOR")
        #expect(reveal.picture(at: ms(17000)).message?.text == "bins")
        #expect(reveal.picture(at: ms(17000)).number == 1)
        #expect(reveal.nextChange(after: ms(17500)) == ms(37500))
    }

    @Test func urgentMessagesQueueAmongThemselvesAndNeverInterruptEachOther() throws {
        var reveal = PanelReveal()
        try reveal.post(message("one", hold: .seconds(5)), urgent: true, at: .zero)
        try reveal.post(message("normal"), at: ms(100))
        try reveal.post(message("two", hold: .seconds(5)), urgent: true, at: ms(200))
        #expect(reveal.picture(at: ms(200)).message?.text == "one")
        #expect(reveal.picture(at: ms(200)).phase == .opening)
        #expect(texts(reveal) == ["two", "normal"])
        // Interrupted while it opens, a message comes back whole.
        var opening = PanelReveal()
        try opening.post(message("bins"), at: .zero)
        try opening.post(message("DOOR"), urgent: true, at: ms(250))
        #expect(opening.waiting.map(\.message) == [message("DOOR"), message("bins")])
    }

    @Test func aNamedMessageTakesThePlaceOfTheOneOfItsName() throws {
        var reveal = PanelReveal()
        try reveal.post(message("score 1-0"), name: "score", at: .zero)
        try reveal.post(message("bins"), name: "bins", at: .zero)
        try reveal.post(message("tea"), at: .zero)
        // Waiting: replaced where it stands, under a new number.
        try reveal.post(message("BINS TONIGHT"), name: "bins", at: ms(100))
        #expect(texts(reveal) == ["BINS TONIGHT", "tea"])
        #expect(reveal.waiting.map(\.number) == [4, 3])
        // Named again and urgent: it moves ahead, interrupting the one shown.
        try reveal.post(message("tea", hold: .seconds(2)), name: "tea", at: ms(100))
        try reveal.post(message("TEA NOW"), name: "tea", urgent: true, at: ms(200))
        #expect(texts(reveal) == ["TEA NOW", "score 1-0", "BINS TONIGHT", "tea"])
        let r1 = reveal.retract("tea", at: ms(200))
        #expect(r1)
        #expect(texts(reveal) == ["score 1-0", "BINS TONIGHT", "tea"])
        // Shown (score 1-0 came back): it closes now and the new one opens next, ahead of those waiting.
        try reveal.post(message("score 2-0"), name: "score", at: ms(1000))
        #expect(texts(reveal) == ["score 2-0", "BINS TONIGHT", "tea"])
        #expect(reveal.picture(at: ms(1000)).phase == .closing)
    }

    @Test func aRetractedMessageGoesFromTheQueueOrClosesFromWhereItIs() throws {
        var reveal = PanelReveal()
        try reveal.post(message("bins"), name: "bins", at: .zero)
        try reveal.post(message("tea"), name: "tea", at: .zero)
        let r2 = reveal.retract("tea", at: .seconds(1))
        #expect(r2)
        #expect(reveal.waiting.isEmpty)
        let r3 = reveal.retract("tea", at: .seconds(1))
        #expect(!r3)
        let r4 = reveal.retract("nothing", at: .seconds(1))
        #expect(!r4)
        // Retracted while it opens: it closes from where it had got to.
        let r5 = reveal.retract("bins", at: .seconds(10))
        #expect(r5)
        #expect(reveal.picture(at: .seconds(10)).phase == .closing)
        #expect(reveal.picture(at: ms(10500)) == .closed)
        var opening = PanelReveal()
        try opening.post(message("bins"), name: "bins", at: .zero)
        try opening.post(message("tea"), at: .zero)
        let r6 = opening.retract("bins", at: .zero)
        #expect(r6)
        // Not open at all yet: the next opens at once.
        #expect(opening.picture(at: .zero).message?.text == "tea")
    }

    @Test func anUrgentMessageOnAFullQueueDropsTheNewestOfTheRest() throws {
        var reveal = PanelReveal(capacity: 2)
        try reveal.post(message("shown"), at: .zero)
        try reveal.post(message("a"), at: .zero)
        try reveal.post(message("b"), name: "b", at: .zero)
        #expect(throws: MessageError.queueFull(capacity: 2)) { try reveal.checkRoom(at: ms(10)) }
        try reveal.checkRoom(name: "b", at: ms(10))
        // Interrupting "shown" would bring it back too: the newest of the rest are dropped, as many as needed.
        let posting = try reveal.post(message("URGENT"), urgent: true, at: ms(10))
        #expect(posting.dropped.map(\.message.text) == ["b", "a"])
        #expect(texts(reveal) == ["URGENT", "shown"])
        // A queue of urgent ones refuses another.
        var urgent = PanelReveal(capacity: 1)
        try urgent.post(message("u1"), urgent: true, at: .zero)
        try urgent.post(message("u2"), urgent: true, at: .zero)
        #expect(throws: MessageError.queueFull(capacity: 1)) { try urgent.post(message("u3"), urgent: true, at: .zero) }
    }
}
