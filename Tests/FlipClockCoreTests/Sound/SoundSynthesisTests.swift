import Glibc
import Testing

@testable import FlipClockCore

/// The click and the horn as samples: where the sound starts, how it dies, how much each click varies.
@Suite struct SoundSynthesisTests {
    let rate = 48_000

    func rms(_ s: ArraySlice<Float>) -> Float { (s.map { $0 * $0 }.reduce(0, +) / Float(max(s.count, 1))).squareRoot() }

    @Test func aLandingStartsAtItsFirstSampleAndDiesWithinItsLength() {
        var random = SoundRandom(seed: 1)
        let click = FlapClick.samples(.landing, rate: rate, random: &random)
        #expect(click.count == 2_880)
        let peak = click.map(abs).max()!
        let peakAt = click.firstIndex { abs($0) == peak }!
        // The strike is at once: the loudest sample within the first 2 ms.
        #expect(peakAt < rate / 500)
        #expect(rms(click[0..<48]) > 0.2)
        // And it rings out: the last 5 ms more than 60 dB below the first.
        #expect(rms(click[(click.count - 240)...]) < rms(click[0..<240]) / 1000)
        #expect(peak <= 1.2)
    }

    @Test func theReleaseIsATenthOfTheLanding() {
        var a = SoundRandom(seed: 2)
        var b = SoundRandom(seed: 2)
        let landing = FlapClick.samples(.landing, rate: rate, random: &a)
        let release = FlapClick.samples(.release, rate: rate, random: &b)
        let ratio = rms(release[0..<480]) / rms(landing[0..<480])
        #expect(ratio > 0.05 && ratio < 0.2, "release/landing \(ratio)")
    }

    @Test func everyClickVariesWithinFourPercentOfPitchAndOneAndAHalfDecibels() {
        var random = SoundRandom(seed: 3)
        let draws = (0..<2000).map { _ in FlapClick.variation(&random) }
        let pitches = draws.map(\.pitch)
        let levels = draws.map { 20 * log10f($0.level) }
        #expect(pitches.min()! >= 0.96 && pitches.max()! <= 1.04)
        #expect(pitches.min()! < 0.965 && pitches.max()! > 1.035)
        #expect(levels.min()! >= -1.5 && levels.max()! <= 1.5)
        #expect(levels.min()! < -1.4 && levels.max()! > 1.4)
    }

    @Test func aHigherPitchRingsFaster() {
        // The count of zero crossings in the ringing (after the strike) follows the pitch.
        func crossings(_ pitch: Float) -> Int {
            var random = SoundRandom(seed: 4)
            let s = FlapClick.samples(.landing, rate: rate, pitch: pitch, random: &random)
            let ring = s[480..<1440]
            return zip(ring, ring.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        }
        #expect(crossings(1.04) > crossings(1.0))
        #expect(crossings(1.0) > crossings(0.96))
    }

    @Test func theHornLastsItsSecondsAndIsLoudThroughout() {
        let horn = HornSound.samples(seconds: 1.0, rate: rate)
        #expect(horn.count == 48_000)
        #expect(HornSound.samples(seconds: 2.5, rate: rate).count == 120_000)
        #expect(abs(horn[0]) < 0.01)
        // Full within its 12 ms edge, and as loud in its last tenth as in its first.
        let first = rms(horn[4800..<9600])
        #expect(first > 0.5)
        #expect(abs(rms(horn[38400..<43200]) - first) < 0.05)
        #expect(horn.map(abs).max()! <= 0.8)
        // Its two reeds beat at 44 Hz; the tone's crossings are those of 233 Hz and its harmonics.
        let crossings = zip(horn, horn.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        #expect(crossings >= 466)
    }
}
