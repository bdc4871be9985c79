import Glibc

/// The sound of one flap, synthesised: the release (the flap slipping off its catch at the
/// top, a faint tick) and the landing (the flap striking the stop at the bottom).
///
/// Each is a short noise transient (the strike: broadband, gone within a couple of
/// milliseconds) over a few exponentially damped resonances (the card's body and the
/// stop's plastic ringing for some tens of milliseconds), as a struck thin plate sounds.
/// `pitch` scales every resonance and `level` the whole, so no two clicks are the same.
public enum FlapClick {
    public enum Kind: Sendable {
        case release, landing
    }

    /// One damped resonance: its frequency (Hz), how fast it dies (its time constant, s), its amplitude.
    struct Mode {
        var frequency: Float
        var decay: Float
        var amplitude: Float
    }

    /// The landing's modes: a low knock of the card, then the stop's ringing.
    static let landingModes = [
        Mode(frequency: 190, decay: 0.008, amplitude: 0.35), Mode(frequency: 1_270, decay: 0.008, amplitude: 0.45),
        Mode(frequency: 2_930, decay: 0.006, amplitude: 0.30), Mode(frequency: 5_150, decay: 0.003, amplitude: 0.20),
    ]
    /// The release: higher and shorter, and a tenth as loud.
    static let releaseModes = [
        Mode(frequency: 2_400, decay: 0.004, amplitude: 0.5), Mode(frequency: 4_700, decay: 0.002, amplitude: 0.3),
    ]

    /// How long a click lasts: its last 10 ms fade out, by then 60 dB below its start.
    public static let length = 0.06
    static let fade: Float = 0.01

    /// The samples of one click at `rate` (Hz), full scale 1; its onset is the first sample.
    /// `pitch` (about 1) scales the resonances, `level` (about 1) the amplitude; `random`
    /// makes the strike's noise.
    public static func samples(_ kind: Kind, rate: Int, pitch: Float = 1, level: Float = 1, random: inout SoundRandom) -> [Float] {
        let count = Int(Double(rate) * length)
        let modes = kind == .landing ? landingModes : releaseModes
        let gain: Float = kind == .landing ? 1 : 0.1
        let strike: Float = kind == .landing ? 0.0012 : 0.0006
        var out = [Float](repeating: 0, count: count)
        let dt = 1 / Float(rate)
        var previousNoise: Float = 0
        let end = Float(count) * dt
        for i in 0..<count {
            let t = Float(i) * dt
            // The strike: white noise, first-differenced (its energy high, as a hard contact's), dying in a millisecond or so.
            let noise = random.signed()
            var v = (noise - previousNoise) * 0.5 * expf(-t / strike) * 0.9
            previousNoise = noise
            for mode in modes {
                // The sine starts at its peak's slope (sin), so the onset is the strike, not a step.
                v += mode.amplitude * expf(-t / mode.decay) * sinf(2 * .pi * mode.frequency * pitch * t)
            }
            let fadeOut = min(1, (end - t) / fade)
            out[i] = v * gain * level * fadeOut
        }
        return out
    }

    /// A click's pitch and level drawn from `random`: within ±4 % and ±1.5 dB of the plain click.
    public static func variation(_ random: inout SoundRandom) -> (pitch: Float, level: Float) {
        let pitch = 1 + 0.04 * random.signed()
        let level = powf(10, 1.5 * random.signed() / 20)
        return (pitch, level)
    }
}
