import CALSA
import CLinux
import FlipClockCore
import Glibc
import Logging

/// The player thread's side: the device (opened as the thread starts, tried again at a cue
/// after a failure), the voices mixed, and where the stream's samples fall in time.
///
/// The stream's samples are counted from the device's opening on, across its stops and
/// starts: with ALSA's `file` plugin that count is the sample's place in the file.
struct SoundStream {
    let device: String
    let logger: Logger
    private var pcm: PCMPlayback?
    /// What kept the device from playing, said once; `nil` while it plays.
    private var problem: String?
    private var retryAt: ContinuousClock.Instant?
    /// The instant the timeline's durations count from.
    private let origin = ContinuousClock.now
    /// Where the stream's samples fall in time while the device plays; `nil` while it is stopped.
    private var timeline: SoundTimeline?
    private var written = 0
    /// The sample after the last sound's end.
    private var soundEnd = 0
    private var mix = SoundMix(limit: 8)
    private var random: SoundRandom

    init(device: String, logger: Logger) {
        self.device = device
        self.logger = logger
        random = SoundRandom(seed: UInt64(truncatingIfNeeded: ContinuousClock.now.hashValue))
    }

    /// Opens the device before any cue, so the first does not wait on ALSA's set-up (its
    /// configuration read and the device's parameters set, tens of milliseconds on a busy
    /// machine: a click cued two frames ahead would start late). A device that cannot be
    /// opened is said once and tried again at a cue.
    mutating func prepare() {
        _ = open()
    }

    /// When the thread writes next: a period on while the device plays; `nil` while it is stopped.
    var nextWrite: ContinuousClock.Instant? { timeline == nil ? nil : .now + SoundPlayer.period }

    /// Mixes `cue` in at its instant (or at once, if that has been written already),
    /// opening and starting the device if it is not playing.
    mutating func add(_ cue: SoundCue) {
        guard open() else { return }
        let now = ContinuousClock.now
        if timeline == nil {
            // The first sample written after a stop starts the device: it plays now.
            timeline = SoundTimeline(start: (now - origin) - .seconds(Double(written) / Double(SoundPlayer.rate)), rate: SoundPlayer.rate)
            logger.info("sound starts", metadata: ["sample": "\(written)", "wall_ns": "\(Self.wallNanoseconds(at: now))"])
        }
        let due = timeline!.sample(at: cue.at - origin)
        if let key = cue.key, mix.move(key, to: due, from: written) { return }
        if due < written {
            logger.debug("a sound starts late", metadata: ["ms": "\((written - due) * 1000 / SoundPlayer.rate)"])
        }
        let samples = cue.samples(rate: SoundPlayer.rate, random: &random)
        let start = max(due, written)
        mix.add(samples, at: start, key: cue.key)
        soundEnd = max(soundEnd, start + samples.count)
    }

    /// Writes the samples due by `now` and the lead; stops the device once the tail after
    /// the last sound has played.
    mutating func write(upTo now: ContinuousClock.Instant) {
        guard let pcm, let timeline else { return }
        let target = timeline.sample(at: now + SoundPlayer.lead - origin)
        if target > written {
            let samples = mix.render(from: written, count: target - written, volume: 1)
            do throws(SoundError) {
                if try pcm.write(samples) == .restarted {
                    logger.warning("the sound device ran dry; sounds may be late", metadata: ["device": "\(device)"])
                    self.timeline!.start = (ContinuousClock.now - origin) - .seconds(Double(written) / Double(SoundPlayer.rate))
                }
                written += samples.count
            } catch {
                fail(error)
                return
            }
        }
        let tail = Int(SoundPlayer.tail.seconds * Double(SoundPlayer.rate))
        guard mix.end == nil, written >= soundEnd + tail else { return }
        do throws(SoundError) {
            try pcm.stop()
            self.timeline = nil
        } catch {
            fail(error)
        }
    }

    /// Plays what is written and lets the device go.
    mutating func close() {
        pcm?.close()
        pcm = nil
    }

    /// Whether the device is open; opens it if it is not and its retry is due.
    private mutating func open() -> Bool {
        if pcm != nil { return true }
        if let retryAt, ContinuousClock.now < retryAt { return false }
        do throws(SoundError) {
            pcm = try PCMPlayback(device: device, rate: SoundPlayer.rate, latency: SoundPlayer.latency)
            if problem != nil { logger.notice("the sound device plays again", metadata: ["device": "\(device)"]) }
            problem = nil
            retryAt = nil
            return true
        } catch {
            fail(error)
            return false
        }
    }

    /// Lets the device go after `error` (said once while it repeats) and drops what was to play.
    private mutating func fail(_ error: SoundError) {
        if "\(error)" != problem { logger.error("no sound; the clock goes on without it", metadata: ["error": "\(error)"]) }
        problem = "\(error)"
        pcm?.close()
        pcm = nil
        timeline = nil
        mix = SoundMix(limit: mix.limit)
        retryAt = .now + SoundPlayer.retry
    }

    /// The wall clock (`CLOCK_REALTIME`) at `instant`, in nanoseconds since 1970: what the log says.
    static func wallNanoseconds(at instant: ContinuousClock.Instant) -> Int64 {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        let now = Int64(t.tv_sec) * 1_000_000_000 + Int64(t.tv_nsec)
        let c = (instant - .now).components
        return now + c.seconds * 1_000_000_000 + c.attoseconds / 1_000_000_000
    }
}
