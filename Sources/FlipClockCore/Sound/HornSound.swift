import Glibc

/// The game's horn, synthesised: a buzzer's hard-edged tone, two reeds a minor third apart
/// (as arena horns are tuned, so it cuts through a crowd), held for the horn's length.
public enum HornSound {
    /// The two reeds' fundamentals (Hz).
    static let reeds: [Float] = [233, 277]
    /// How long it takes to sound and to stop: short enough to be a horn, long enough not to click.
    static let edge: Float = 0.012

    /// The samples of a horn `seconds` long at `rate` (Hz), full scale 1; it sounds from the first sample.
    public static func samples(seconds: Double, rate: Int) -> [Float] {
        let count = Int((Double(rate) * seconds).rounded())
        var out = [Float](repeating: 0, count: count)
        let dt = 1 / Float(rate)
        let end = Float(count) * dt
        for i in 0..<count {
            let t = Float(i) * dt
            var v: Float = 0
            for reed in reeds {
                // A square wave's first odd harmonics: the buzzer's edge without aliasing at 48 kHz.
                for harmonic in stride(from: 1, through: 9, by: 2) {
                    v += sinf(2 * .pi * reed * Float(harmonic) * t) / Float(harmonic)
                }
            }
            let envelope = min(1, t / edge, (end - t) / edge)
            // Driven into a soft clip, as a horn's diaphragm is.
            out[i] = tanhf(1.6 * v) * 0.8 * envelope
        }
        return out
    }
}
