import FlipClockCore
import Testing

/// The landing: the flap hits the stop and rebounds a little, a damped spring, settled by the
/// end of its time.
@Suite struct LandingTests {
    static let landing = Landing.subtle

    /// The rebound every 0.1 ms over the landing.
    static func samples(_ l: Landing) -> [Double] {
        (0...1200).map { l.rebound(after: .microseconds($0 * 100)) }
    }

    @Test func theFirstReboundPeaksAtItsDegrees() {
        let s = Self.samples(Self.landing)
        let peak = s.max()!
        #expect(peak <= 3 + 1e-9 && peak > 2.999, "\(peak)")
        #expect(s.allSatisfy { $0 >= 0 }, "the flap never goes through the stop")
        #expect(s.first == 0 && s.last == 0)
    }

    @Test func eachBounceIsSmallerAndItSettles() {
        let s = Self.samples(Self.landing)
        // Two lobes, split where the flap is back on the stop (60 ms).
        let first = s[0..<600].max()!, second = s[600...].max()!
        #expect(second < first / 4, "\(first) then \(second)")
        #expect(second > 0)
        // The last 10 ms stay within a tenth of a degree of the stop.
        #expect(s[1100...].allSatisfy { $0 < 0.1 })
        #expect(Self.landing.rebound(after: .milliseconds(120)) == 0 && Self.landing.rebound(after: .seconds(1)) == 0)
    }

    @Test func aFlipBouncesAfterItLandsThenRests() {
        let timing = FlipTiming.standard
        #expect(timing.landing == Self.landing)
        var card = CardFlip(showing: "1")
        _ = card.show("2", at: .zero, timing: timing)
        // At 500 ms the flap is on the stop, then off it, then still at 620 ms.
        #expect(card.advance(to: .milliseconds(500)).flap?.angle == 180)
        let peak = (501...619).map { card.advance(to: .milliseconds($0)).flap!.angle }.min()!
        #expect(abs(peak - 177) < 0.01, "\(peak)")
        #expect(card.advance(to: .milliseconds(560)).phase == .middleToBottom)
        #expect(card.advance(to: .milliseconds(620)) == .resting("2"))
    }

    @Test func theShadowFollowsTheBounce() {
        var card = CardFlip(showing: "1")
        _ = card.show("2", at: .zero, timing: .standard)
        let lighting = CardLighting()
        // On the stop the flap casts no shadow on the half it lies on; off it, a little, over
        // every row of the bottom half; back on it, none.
        #expect(lighting.shadowDepth(card.advance(to: .milliseconds(500))) == 0)
        let off = card.advance(to: .milliseconds(519))
        #expect(lighting.shadowDepth(off) > 0.01 && lighting.shadowDepth(off) < 0.03, "\(lighting.shadowDepth(off))")
        #expect(lighting.shadowRows(off, height: 100) == 100)
        #expect(lighting.staticBottom(off, row: 0, height: 100) < 255)
        #expect(lighting.shadowDepth(card.advance(to: .milliseconds(560))) < 1e-12)
    }

    @Test func noBounceLandsAsBefore() {
        let timing = FlipTiming()
        #expect(timing.landing == .none)
        var card = CardFlip(showing: "1")
        _ = card.show("2", at: .zero, timing: timing)
        #expect(card.advance(to: .milliseconds(499)).flap != nil)
        #expect(card.advance(to: .milliseconds(500)) == .resting("2"))
    }

    @Test func aFasterFlipBouncesFaster() {
        let t = FlipTiming(landing: Self.landing).faster(by: 4)
        #expect(t.landing.duration == .milliseconds(30) && t.landing.degrees == 3)
        #expect(t.total == .milliseconds(155))
    }
}
