/// The slight randomness of each click (its pitch and level): SplitMix64, seeded, so a test
/// hears the same clicks every run.
public struct SoundRandom: Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `-1...1`, evenly spread.
    public mutating func signed() -> Float { Float(next() >> 40) / Float(1 << 23) - 1 }
}
