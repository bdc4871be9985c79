import Testing

@testable import FlipClockCore

/// The next instant kept until the clock reaches it, and worked out again when it must be.
@Suite struct LookaheadTests {
    let start = WallInstant(unixSeconds: 1_800_000_000)

    /// A lookahead asked at `seconds` after `start`, whose work gives `start + 600`, or `gives`;
    /// returns what it answered and whether it worked it out.
    func ask(_ ahead: inout Lookahead, at seconds: Int64, offset: Int = 0, gives: WallInstant?? = nil) -> (WallInstant?, Bool) {
        var worked = false
        let next = ahead.next(after: start + .seconds(seconds), offset: offset) {
            worked = true
            return gives ?? start + .seconds(600)
        }
        return (next, worked)
    }

    @Test func keptUntilReached() {
        var ahead = Lookahead()
        #expect(ask(&ahead, at: 0) == (start + .seconds(600), true))
        #expect(ask(&ahead, at: 1) == (start + .seconds(600), false))
        #expect(ask(&ahead, at: 599) == (start + .seconds(600), false))
        #expect(ask(&ahead, at: 600).1)
    }

    @Test func setBackNewOffsetOrForgottenLooksAgain() {
        var ahead = Lookahead()
        _ = ask(&ahead, at: 100)
        #expect(ask(&ahead, at: 99).1)
        #expect(!ask(&ahead, at: 100).1)
        #expect(ask(&ahead, at: 101, offset: 3600).1)
        ahead.forget()
        #expect(ask(&ahead, at: 102, offset: 3600).1)
    }

    @Test func nothingFoundHoldsAnHour() {
        var ahead = Lookahead()
        #expect(ask(&ahead, at: 0, gives: .some(nil)) == (nil, true))
        #expect(ask(&ahead, at: 3599, gives: .some(nil)) == (nil, false))
        #expect(ask(&ahead, at: 3600, gives: .some(nil)) == (nil, true))
    }
}
