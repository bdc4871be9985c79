import FlipClockCore

/// One sound the clock asks for, and the instant (on `ContinuousClock`) it must start at.
public struct SoundCue: Sendable, Equatable {
    public enum Sound: Sendable, Equatable {
        /// A flap landing.
        case click
        /// A flap let go at the top: a faint tick as its flip starts.
        case release
        /// The game's horn, this many seconds long.
        case horn(seconds: Double)
    }

    public var sound: Sound
    public var at: ContinuousClock.Instant
    /// The level, 0–1 (`[sound] volume`).
    public var volume: Double
    /// A name for the sound: a cue with the name of one not started yet moves it to its
    /// instant instead of adding another (a landing's instant, told again a frame later
    /// when it is known better).
    public var key: Int?

    public init(_ sound: Sound, at: ContinuousClock.Instant, volume: Double, key: Int? = nil) {
        self.sound = sound
        self.at = at
        self.volume = volume
        self.key = key
    }

    /// The cue's samples at `rate`, full scale 1 times the volume; a click's pitch and level drawn from `random`.
    func samples(rate: Int, random: inout SoundRandom) -> [Float] {
        let raw: [Float]
        switch sound {
        case .click, .release:
            let (pitch, level) = FlapClick.variation(&random)
            raw = FlapClick.samples(sound == .click ? .landing : .release, rate: rate, pitch: pitch, level: level, random: &random)
        case .horn(let seconds):
            raw = HornSound.samples(seconds: seconds, rate: rate)
        }
        let gain = Float(volume)
        return raw.map { $0 * gain }
    }
}
