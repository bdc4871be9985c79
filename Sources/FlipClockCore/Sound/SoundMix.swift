/// The voices sounding on one stream, mixed into the samples a device plays: each voice a
/// sound that starts at a sample of the stream.
///
/// At most ``limit`` voices sound at once: a voice added beyond that takes the place of the
/// one that started first (a clock whose every card lands at once is a clatter, not a wall
/// of sound). The mix is scaled by the volume and kept within full scale by a soft clip.
public struct SoundMix: Sendable {
    public struct Voice: Sendable, Equatable {
        /// The stream's sample the voice's first sample plays at.
        public var start: Int
        public var samples: [Float]
        /// What the voice's cue names it by, to move it later; `nil`: never moved.
        public var key: Int?
        public var end: Int { start + samples.count }
    }

    public private(set) var voices: [Voice] = []
    /// How many voices may sound at once.
    public let limit: Int
    /// Voices dropped for the limit since the mix began.
    public private(set) var dropped = 0

    public init(limit: Int = 8) {
        precondition(limit > 0)
        self.limit = limit
    }

    /// Adds `samples` from the stream's sample `start` on; `key` names it for ``move(_:to:from:)``.
    public mutating func add(_ samples: [Float], at start: Int, key: Int? = nil) {
        voices.append(Voice(start: start, samples: samples, key: key))
        while voices.count > limit {
            let oldest = voices.indices.min { voices[$0].start < voices[$1].start }!
            voices.remove(at: oldest)
            dropped += 1
        }
    }

    /// Moves the voice named `key` to start at `start`, if it has not started by `written`
    /// (the first sample not yet rendered). Returns whether there is such a voice (moved or started).
    public mutating func move(_ key: Int, to start: Int, from written: Int) -> Bool {
        guard let index = voices.firstIndex(where: { $0.key == key }) else { return false }
        if voices[index].start >= written { voices[index].start = max(start, written) }
        return true
    }

    /// The sample after the last voice ends; `nil` when none is left.
    public var end: Int? { voices.map(\.end).max() }

    /// The stream's samples `from..<from + count` at `volume` (0–1), as signed 16-bit; voices
    /// that have ended by then are let go.
    public mutating func render(from: Int, count: Int, volume: Float) -> [Int16] {
        var sum = [Float](repeating: 0, count: count)
        for voice in voices {
            let lower = max(from, voice.start)
            let upper = min(from + count, voice.end)
            guard lower < upper else { continue }
            for s in lower..<upper { sum[s - from] += voice.samples[s - voice.start] }
        }
        voices.removeAll { $0.end <= from + count }
        return sum.map { Int16((Self.clip($0 * volume) * 32_767).rounded()) }
    }

    /// Linear up to 0.8 of full scale, then bent smoothly towards it: never past ±1.
    static func clip(_ x: Float) -> Float {
        let knee: Float = 0.8
        let m = abs(x)
        guard m > knee else { return x }
        let over = (m - knee) / (1 - knee)
        let bent = knee + (1 - knee) * over / (1 + over)
        return x < 0 ? -bent : bent
    }
}
