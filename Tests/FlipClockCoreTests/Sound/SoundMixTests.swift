import Testing

@testable import FlipClockCore

/// Voices mixed at their samples, capped in number, scaled and kept within full scale.
@Suite struct SoundMixTests {
    @Test func voicesSoundFromTheirSampleAndAdd() {
        var mix = SoundMix(limit: 4)
        mix.add([0.25, 0.25], at: 10)
        mix.add([0.25], at: 11)
        #expect(mix.render(from: 8, count: 5, volume: 1) == [0, 0, 8192, 16384, 0])
        #expect(mix.voices.isEmpty)
        #expect(mix.end == nil)
    }

    @Test func aVoiceWrittenInPartsContinuesWhereItLeftOff() {
        var mix = SoundMix()
        mix.add([0.1, 0.2, 0.3, 0.4], at: 0)
        #expect(mix.render(from: 0, count: 2, volume: 0.5) == [1638, 3277])
        #expect(mix.end == 4)
        #expect(mix.render(from: 2, count: 4, volume: 0.5) == [4915, 6553, 0, 0])
    }

    @Test func beyondTheLimitTheOldestVoiceGoes() {
        var mix = SoundMix(limit: 3)
        for start in [40, 10, 30, 20, 50] { mix.add([0.5], at: start) }
        #expect(mix.voices.map(\.start) == [40, 30, 50])
        #expect(mix.dropped == 2)
    }

    @Test func aVoiceToldAgainMovesUntilItHasStarted() {
        var mix = SoundMix()
        mix.add([0.5], at: 100, key: 7)
        var known = mix.move(7, to: 90, from: 50)
        #expect(known && mix.voices.map(\.start) == [90])
        // Asked for a sample already written: as soon as it can.
        known = mix.move(7, to: 40, from: 60)
        #expect(known && mix.voices.map(\.start) == [60])
        // Once it sounds it stays; a key it does not know is not moved.
        known = mix.move(7, to: 70, from: 61)
        #expect(known && mix.voices.map(\.start) == [60])
        known = mix.move(8, to: 70, from: 0)
        #expect(!known)
    }

    @Test func theMixNeverPassesFullScale() {
        var mix = SoundMix(limit: 8)
        for _ in 0..<8 { mix.add([1, -1, 0.7], at: 0) }
        let out = mix.render(from: 0, count: 3, volume: 1)
        #expect(out[0] < Int16.max && out[0] > 32_000)
        #expect(out[1] > -Int16.max && out[1] < -32_000)
        // Below the knee it is linear.
        #expect(SoundMix.clip(0.5) == 0.5)
        #expect(SoundMix.clip(-0.8) == -0.8)
    }

    @Test func aTimelinePutsAnInstantAtItsSample() {
        let timeline = SoundTimeline(start: .seconds(10), rate: 48_000)
        #expect(timeline.sample(at: .seconds(10)) == 0)
        #expect(timeline.sample(at: .seconds(11) + .microseconds(10)) == 48_000)
        #expect(timeline.sample(at: .seconds(9)) == -48_000)
        #expect(timeline.instant(of: 24_000) == .seconds(10.5))
    }
}
